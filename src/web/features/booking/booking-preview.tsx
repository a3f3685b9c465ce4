import { useTranslation } from 'react-i18next';
import type { BookingView, OpenSlot } from '../../../shared/schemas/booking';
import { tokyoTimeOf } from '../../lib/meeting-time';
import { slotDaysOf } from './slot-days';

const BLOCKED = {
  off: 'booking.preview.off',
  paused: 'booking.preview.paused',
  'monthly-limit': 'booking.preview.monthlyLimit',
} as const;

function FormatsText({ formats }: { formats: OpenSlot['formats'] }) {
  const { t } = useTranslation();
  if (formats.length > 1) return t('booking.preview.either');
  return formats[0] === 'in_person'
    ? t('booking.windows.formats.in_person')
    : t('booking.windows.formats.online');
}

/**
 * Her next two weeks of open slots with her saved settings, grouped by day in Japan time, and
 * why students see none when that is so (not published, paused, the month's limit reached).
 */
export function BookingPreview({ view }: { view: BookingView }) {
  const { t } = useTranslation();
  const days = slotDaysOf(view.preview);
  const blocked = view.previewBlockedBy;
  return (
    <section className="booking-preview" aria-labelledby="booking-preview-title">
      <h2 id="booking-preview-title">{t('booking.preview.title')}</h2>
      <p className="field-hint">{t('booking.preview.lead')}</p>
      {blocked ? (
        <p className={blocked === 'off' ? 'notice notice-info' : 'notice notice-warning'}>
          {t(BLOCKED[blocked])}
        </p>
      ) : null}
      {days.length === 0 && blocked !== 'off' ? (
        <p className="notice notice-info">{t('booking.preview.empty')}</p>
      ) : null}
      {days.length > 0 ? (
        <ol className="booking-preview-days">
          {days.map((day) => (
            <li key={day.day} className="booking-preview-day">
              <h3>
                {day.label}{' '}
                <span className="muted">
                  {t('booking.preview.count', { count: day.slots.length })}
                </span>
              </h3>
              <ul className="booking-preview-slots">
                {day.slots.map((slot) => (
                  <li key={slot.start}>
                    <span className="booking-preview-time">
                      {t('booking.preview.slot', {
                        from: tokyoTimeOf(slot.start),
                        to: tokyoTimeOf(slot.end),
                      })}
                    </span>{' '}
                    <span className="muted">
                      <FormatsText formats={slot.formats} />
                    </span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
