import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { NoShowDecision } from '../../../shared/constants';
import type { AdminNoShowClaim } from '../../../shared/schemas/admin';
import { errorMessage } from '../../api/error-message';
import { formatDate } from '../../lib/format';
import { formatMeetingTime } from '../../lib/meeting-time';
import { useDecideNoShowClaim } from './api';

/**
 * The no-show claims against a user (docs/PRODUCT.md §7), each with the claimant's name, the
 * reason, the answer 「参加しました」, its withdrawal and where it stands: what the admins read
 * before upholding a claim against a student (it then counts toward the stop) or not.
 */
export function NoShowClaimList({
  claims,
  userId,
  decidable,
}: {
  claims: AdminNoShowClaim[];
  userId: string;
  /** A student's claims: only they count toward a stop, so only they are decided. */
  decidable: boolean;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const decide = useDecideNoShowClaim();
  if (claims.length === 0) return null;
  return (
    <div className="admin-no-show-claims" role="group" aria-labelledby={titleId}>
      <h4 id={titleId}>{t('admin.users.noShowClaimsTitle')}</h4>
      <ul>
        {claims.map((claim) => (
          <li key={claim.visitRequestId ?? claim.groupSession?.id}>
            <p>
              {claim.groupSession
                ? t('adminGroupSessionAbsences.line', {
                    date: formatMeetingTime(String(claim.meetingAt)),
                    title: claim.groupSession.title,
                    name: claim.claimantName ?? t('adminGroupSessionAbsences.withdrawnHost'),
                    claimedAt: formatDate(claim.claimedAt),
                  })
                : claim.claimantName !== null
                  ? t('admin.users.noShowClaimVisit', {
                      date: formatMeetingTime(String(claim.meetingAt)),
                      name: claim.claimantName,
                      claimedAt: formatDate(claim.claimedAt),
                    })
                  : t('admin.users.noShowClaimVisitWithdrawn', {
                      date: formatMeetingTime(String(claim.meetingAt)),
                      claimedAt: formatDate(claim.claimedAt),
                    })}
            </p>
            {/* A 座談会's 欠席 is a record, with no reason to show. */}
            {!claim.groupSession && (
              <p className="report-details-text">
                {claim.reason
                  ? t('admin.users.noShowClaimReason', { reason: claim.reason })
                  : t('admin.users.noShowClaimNoReason')}
              </p>
            )}
            {claim.answer ? (
              <p className="report-details-text">
                {t('admin.users.noShowClaimAnswer', {
                  date: formatDate(claim.answer.at),
                  note: claim.answer.note,
                })}
              </p>
            ) : (
              <p className="muted">{t('admin.users.noShowClaimNoAnswer')}</p>
            )}
            {decidable && <ClaimStanding claim={claim} />}
            {decidable && !claim.withdrawnAt && (
              <div className="button-row">
                {(['upheld', 'dismissed'] as const).map((decision: NoShowDecision) =>
                  claim.decision === decision ? null : (
                    <button
                      key={decision}
                      type="button"
                      className="button button-secondary"
                      disabled={decide.isPending}
                      onClick={() => decide.mutate({ userId, about: aboutOf(claim), decision })}
                    >
                      {decision === 'upheld'
                        ? t('admin.users.noShowClaimUphold')
                        : t('admin.users.noShowClaimDismiss')}
                    </button>
                  ),
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
      {decide.error ? (
        <p className="notice notice-error" role="alert">
          {t('admin.users.noShowClaimDecideFailed', { message: errorMessage(t, decide.error) })}
        </p>
      ) : null}
    </div>
  );
}

/** What a claim is about, as its decision names it: a visit, or a 座談会 (decision 0045). */
function aboutOf(claim: AdminNoShowClaim) {
  return claim.groupSession
    ? { groupSessionId: claim.groupSession.id }
    : { visitRequestId: claim.visitRequestId! };
}

/** Where the claim stands, as the server's rule decided it (counts) and its history says. */
function ClaimStanding({ claim }: { claim: AdminNoShowClaim }) {
  const { t } = useTranslation();
  let line: string;
  if (claim.withdrawnAt) {
    line = t('admin.users.noShowClaimWithdrawn', { date: formatDate(claim.withdrawnAt) });
  } else if (claim.cleared) {
    line = t('admin.users.noShowClaimCleared');
  } else if (claim.decision === 'upheld' && claim.decidedAt) {
    line = t('admin.users.noShowClaimUpheld', { date: formatDate(claim.decidedAt) });
  } else if (claim.decision === 'dismissed' && claim.decidedAt) {
    line = t('admin.users.noShowClaimDismissed', { date: formatDate(claim.decidedAt) });
  } else if (claim.counts) {
    line = t('admin.users.noShowClaimLapsed', { date: formatDate(claim.answerBy) });
  } else if (claim.answer) line = t('admin.users.noShowClaimAwaiting');
  else line = t('admin.users.noShowClaimOpen', { date: formatDate(claim.answerBy) });
  return <p>{line}</p>;
}
