import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminNoShowClaim } from '../../../shared/schemas/admin';
import { formatDate } from '../../lib/format';
import { formatMeetingTime } from '../../lib/meeting-time';

/**
 * The no-show claims against a user (docs/PRODUCT.md §7), each with the claimant's name, the
 * reason and the answer 「参加しました」 beside it: what the admins weigh before clearing a stop.
 */
export function NoShowClaimList({ claims }: { claims: AdminNoShowClaim[] }) {
  const { t } = useTranslation();
  const titleId = useId();
  if (claims.length === 0) return null;
  return (
    <div className="admin-no-show-claims" role="group" aria-labelledby={titleId}>
      <h4 id={titleId}>{t('admin.users.noShowClaimsTitle')}</h4>
      <ul>
        {claims.map((claim) => (
          <li key={String(claim.claimedAt)}>
            <p>
              {claim.claimantName !== null
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
            <p className="report-details-text">
              {claim.reason
                ? t('admin.users.noShowClaimReason', { reason: claim.reason })
                : t('admin.users.noShowClaimNoReason')}
            </p>
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
          </li>
        ))}
      </ul>
    </div>
  );
}
