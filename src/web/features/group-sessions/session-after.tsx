import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GroupSessionView } from '../../../shared/schemas/group-sessions';
import type { NoShowAnswerInput } from '../../../shared/schemas/visit-requests';
import { apiRequest } from '../../api/client';
import { errorMessage } from '../../api/error-message';
import { useToast } from '../../components/toast';
import { formatDate } from '../../lib/format';
import { formatConfirmedTime } from '../../lib/meeting-time';
import { ClaimStanding, NoShowAnswerForm, SafeEndAsk } from '../visits';

type After = NonNullable<GroupSessionView['after']>;

const path = (id: string, rest: string) => `/api/group-sessions/${encodeURIComponent(id)}/${rest}`;

function useAfterAction<Body>(id: string, rest: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) =>
      apiRequest<void>(
        path(id, rest),
        body === undefined ? { method: 'POST' } : { method: 'POST', body },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['group-sessions'] }),
  });
}

/**
 * A seated student's own after a 座談会 (issue 58 point 4): a 欠席 its alumna recorded of her,
 * read and answered as a visit's no-show claim (the visits' words), and 「無事に終わりましたか」
 * after an in-person one, as a visit's SafeEndBox. Nothing for anyone else.
 */
export function GroupSessionAfter({ view }: { view: GroupSessionView }) {
  const after = view.after;
  if (!after) return null;
  return (
    <>
      {after.safeEnd && <SafeEnd id={view.id} after={after} host={view.mentor.name} />}
      {after.absence && <Absence id={view.id} after={after} host={view.mentor.name} />}
    </>
  );
}

function Absence({ id, after, host }: { id: string; after: After; host: string }) {
  const { t } = useTranslation();
  const absence = after.absence!;
  const send = useAfterAction<NoShowAnswerInput>(id, 'absence-answer');
  return (
    <section
      className={`notice ${absence.withdrawnAt ? 'notice-info' : 'notice-warning'} group-session-after`}
      aria-labelledby="group-session-absence"
    >
      <h2 id="group-session-absence">{t('visits.noShow.againstTitle')}</h2>
      <p>
        {t('groupSessions.after.absentLead', {
          name: host,
          date: formatConfirmedTime(absence.claimedAt),
        })}
      </p>
      <p>{t('visits.noShow.againstAdmins')}</p>
      <ClaimStanding claim={absence} other={host} counted={after.noShowsCounted} />
      {absence.answer ? (
        <>
          <p>{t('visits.noShow.yourAnswer', { date: formatConfirmedTime(absence.answer.at) })}</p>
          <p className="visit-message">{absence.answer.note}</p>
        </>
      ) : (
        !absence.withdrawnAt && <NoShowAnswerForm other={host} send={send} />
      )}
    </section>
  );
}

/** 「無事に終わりましたか」: one tap, or 「困ったことがあった」 reporting its alumna (the visits' box). */
function SafeEnd({ id, after, host }: { id: string; after: After; host: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const confirm = useAfterAction<undefined>(id, 'safe-end');
  const safeEnd = after.safeEnd!;
  if (safeEnd.confirmedAt) {
    return (
      <p className="muted">{t('visits.safeEnd.done', { date: formatDate(safeEnd.confirmedAt) })}</p>
    );
  }

  async function confirmEnded() {
    try {
      await confirm.mutateAsync(undefined);
    } catch (error) {
      toast.error(t('visits.safeEnd.failed', { message: errorMessage(t, error) }));
    }
  }

  return (
    <SafeEndAsk
      lead={t('groupSessions.after.safeEndLead', { name: host })}
      pending={confirm.isPending}
      onEnded={() => void confirmEnded()}
      reported={{ userId: after.hostId, name: host }}
    />
  );
}
