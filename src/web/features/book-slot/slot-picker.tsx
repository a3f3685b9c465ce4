import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import type { OpenSlot } from '../../../shared/schemas/booking';
import { windowPlaceText } from '../../lib/place-text';
import { formatSlotDay, sameInstant, slotParts, slotsByDay } from './slot-days';

/** Days shown before 「もっと見る」: her next few days, without a long page. */
export const FIRST_DAYS = 3;

/**
 * Her open slots by day in Japan time, each a button to the booking page with that slot. On the
 * booking page itself a choice replaces the slot in the address (`replace`), so the form and
 * what was typed in it stay.
 */
export function SlotPicker({
  urlParam,
  slots,
  chosen,
  replace = false,
}: {
  urlParam: string;
  slots: readonly OpenSlot[];
  /** The slot the booking page has now (marked). */
  chosen?: string | undefined;
  replace?: boolean;
}) {
  const { t } = useTranslation();
  const [everyDay, setEveryDay] = useState(false);
  const days = slotsByDay(slots);
  const shown = everyDay ? days : days.slice(0, FIRST_DAYS);
  return (
    <div className="slot-picker">
      <ul className="slot-days">
        {shown.map(({ day, slots: daySlots }) => (
          <li key={day} className="slot-day">
            <h3 className="slot-day-title">{formatSlotDay(day)}</h3>
            <ul className="slot-buttons">
              {daySlots.map((slot) => {
                const parts = slotParts(slot);
                const only = slot.formats.length === 1 ? slot.formats[0] : undefined;
                const format = only
                  ? t(`visits.formats.${only}`)
                  : t('bookSlot.section.bothFormats');
                // Her words for where an in-person visit in it is held (予約枠の場所).
                const place = slot.meetingPlace || null;
                const current = chosen !== undefined && sameInstant(chosen, slot.start);
                return (
                  <li key={slot.start}>
                    <Link
                      className="button button-secondary slot-button"
                      to={paths.mentorBooking(urlParam, slot.start)}
                      replace={replace}
                      aria-current={current ? 'true' : undefined}
                      aria-label={t('bookSlot.section.slotAria', {
                        ...parts,
                        format: place ? `${format}・${place}` : format,
                      })}
                      title={
                        windowPlaceText(t, { kind: slot.placeKind, words: place }) ?? undefined
                      }
                    >
                      <span className="slot-button-time">{parts.from}</span>
                      {only ? <span className="slot-button-format">{format}</span> : null}
                      {place ? <span className="slot-button-place">{place}</span> : null}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ul>
      {days.length > shown.length ? (
        <button
          type="button"
          className="button button-secondary slot-more"
          onClick={() => setEveryDay(true)}
        >
          {t('bookSlot.section.more', { count: days.length - shown.length })}
        </button>
      ) : null}
    </div>
  );
}
