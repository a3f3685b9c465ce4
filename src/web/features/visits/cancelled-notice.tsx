import { useTranslation } from 'react-i18next';
import type { VisitRequest } from '../../../shared/schemas/visit-requests';
import { formatMeetingTime } from '../../lib/meeting-time';

/**
 * A cancelled request leads with its cancellation: who cancelled (or that the other side left),
 * the agreed time that is now free, and the reason given, before anything else on the page.
 */
export function CancelledNotice({ request: r }: { request: VisitRequest }) {
  const { t } = useTranslation();
  if (r.status !== 'cancelled') return null;
  const by =
    r.cancelledBy === 'withdrawal'
      ? t('visits.detail.cancelledByWithdrawal')
      : r.cancelledBy === 'student'
        ? t('visits.detail.cancelledByStudent')
        : t('visits.detail.cancelledByMentor');
  return (
    <section className="notice notice-warning visit-cancelled">
      <p>
        <strong>{by}</strong>
      </p>
      {/* Only an agreed visit has a time; a waiting request had only wishes. */}
      {r.meetingAt && (
        <p>{t('visits.detail.cancelledMeetingAt', { time: formatMeetingTime(r.meetingAt) })}</p>
      )}
      {r.cancelMessage && (
        <>
          <p>{t('visits.detail.cancelMessage')}</p>
          <p className="visit-message">{r.cancelMessage}</p>
        </>
      )}
    </section>
  );
}
