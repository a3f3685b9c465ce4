import type { OpenSlot } from '../../../shared/schemas/booking';
import { formatSlotStart, tokyoDayOf, tokyoTimeOf } from '../../lib/meeting-time';

export interface SlotDay {
  /** "YYYY-MM-DD" in Japan. */
  day: string;
  /** The day as a slot says it, without its time: 「12/3(木)」, English 「Thu 12/3」. */
  label: string;
  slots: OpenSlot[];
}

/** The day part of a slot's short text, so a day's heading reads as its slots do. */
function dayLabelOf(iso: string): string {
  const text = formatSlotStart(iso);
  const time = ` ${tokyoTimeOf(iso)}`;
  return text.endsWith(time) ? text.slice(0, -time.length) : text;
}

/** Open slots (in order) grouped by their Japanese calendar day, whatever the browser's zone. */
export function slotDaysOf(slots: readonly OpenSlot[]): SlotDay[] {
  const days: SlotDay[] = [];
  for (const slot of slots) {
    const day = tokyoDayOf(slot.start);
    const last = days.at(-1);
    if (last?.day === day) last.slots.push(slot);
    else days.push({ day, label: dayLabelOf(slot.start), slots: [slot] });
  }
  return days;
}
