import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import type { BookingMisfit } from '../../../shared/schemas/booking';
import { formatMeetingTime } from '../../lib/meeting-time';

/**
 * 「今の枠に入らない予定」: agreed visits and waiting bookings her windows no longer cover. A
 * change of windows never cancels them; she is told so, and where to change one.
 */
export function BookingMisfits({ misfits }: { misfits: readonly BookingMisfit[] }) {
  const { t } = useTranslation();
  if (misfits.length === 0) return null;
  return (
    <section
      className="booking-misfits notice notice-warning"
      aria-labelledby="booking-misfits-title"
    >
      <h2 id="booking-misfits-title">{t('booking.misfits.title')}</h2>
      <p>{t('booking.misfits.lead')}</p>
      <ul className="booking-misfit-list">
        {misfits.map((misfit) => (
          <li key={misfit.id}>
            <Link className="booking-misfit-link" to={paths.visitRequest(misfit.id)}>
              <span className="booking-misfit-when">{formatMeetingTime(misfit.meetingAt)}</span>
              <span>{t('booking.misfits.student', { name: misfit.studentName })}</span>
              <span className="badge badge-muted">{t(`visits.statuses.${misfit.status}`)}</span>
              <span className="booking-misfit-open">{t('booking.misfits.open')}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p>{t('booking.misfits.change')}</p>
    </section>
  );
}
