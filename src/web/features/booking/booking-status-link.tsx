import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import type { BookingView } from '../../../shared/schemas/booking';
import { formatSlotStart } from '../../lib/meeting-time';
import { myBookingQuery } from './api';

/** 公開中 with her next slot (or 空きなし, or why students see none), or 非公開. */
function StatusText({ view }: { view: BookingView }) {
  const { t } = useTranslation();
  if (!view.bookingEnabled) {
    return <span className="badge badge-muted">{t('booking.status.off')}</span>;
  }
  const first = view.preview[0];
  const detail =
    view.previewBlockedBy === 'paused'
      ? t('booking.status.paused')
      : view.previewBlockedBy === 'monthly-limit'
        ? t('booking.status.monthlyLimit')
        : first
          ? t('booking.status.next', { slot: formatSlotStart(first.start) })
          : t('booking.status.none');
  return (
    <>
      <span className="badge badge-success">{t('booking.status.on')}</span> {detail}
    </>
  );
}

/**
 * On her own profile, beside the visit settings: whether her 予約枠 are published and her next
 * slot, and the way to their settings page. Said without a status while it loads or if it
 * cannot be read: the link is what matters.
 */
export function BookingStatusLink() {
  const { t } = useTranslation();
  const booking = useQuery(myBookingQuery);
  return (
    <section className="booking-status" aria-labelledby="booking-status-title">
      <h2 id="booking-status-title">{t('booking.title')}</h2>
      {booking.data ? (
        <p className="booking-status-line">
          <StatusText view={booking.data} />
        </p>
      ) : null}
      <p>{t('booking.status.lead')}</p>
      <Link className="button button-secondary" to={paths.mentorProfileBooking}>
        {t('booking.status.open')}
      </Link>
    </section>
  );
}
