import { i18n } from '../i18n';
import { lazyDateFormat } from './lazy-date-format';

/**
 * Meeting times in Japan time whatever the reader's time zone: the meetings happen in Japan and
 * the times were entered as Japan time (shared/schemas/visit-requests).
 */
const MEETING_OPTIONS: Intl.DateTimeFormatOptions = {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
};
// English mode says the day in English, still in Japan time.
const MEETING_TIME = lazyDateFormat(MEETING_OPTIONS);

export function formatMeetingTime(iso: string): string {
  return MEETING_TIME(i18n.language).format(new Date(iso));
}

const MESSAGE_OPTIONS: Intl.DateTimeFormatOptions = {
  timeZone: 'Asia/Tokyo',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};
const MESSAGE_TIME = lazyDateFormat(MESSAGE_OPTIONS);

/** When a thread message was sent, short: 「11/24 19:30」, in Japan time like the meetings. */
export function formatMessageTime(iso: string): string {
  return MESSAGE_TIME(i18n.language).format(new Date(iso));
}

const CONFIRMED_OPTIONS: Intl.DateTimeFormatOptions = {
  timeZone: 'Asia/Tokyo',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};
const CONFIRMED_TIME = lazyDateFormat(CONFIRMED_OPTIONS, { ...CONFIRMED_OPTIONS, month: 'short' });

/** When a side confirmed the safety rules: 「11月26日 14:05」, in Japan time like the meetings. */
export function formatConfirmedTime(iso: string): string {
  return CONFIRMED_TIME(i18n.language).format(new Date(iso));
}

/**
 * An open slot, short, as a card and a slot button say it (予約枠): 「12/3(木) 10:00」, in Japan
 * time; English mode 「Thu 12/3 10:00」.
 */
const SLOT_PARTS: Intl.DateTimeFormatOptions = {
  timeZone: 'Asia/Tokyo',
  month: 'numeric',
  day: 'numeric',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};
const SLOT_TIME = lazyDateFormat(SLOT_PARTS);

export function formatSlotStart(iso: string): string {
  const english = i18n.language?.startsWith('en');
  const parts = Object.fromEntries(
    SLOT_TIME(i18n.language)
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  const time = `${parts.hour}:${parts.minute}`;
  return english
    ? `${parts.weekday} ${parts.month}/${parts.day} ${time}`
    : `${parts.month}/${parts.day}(${parts.weekday}) ${time}`;
}

/** The Japanese calendar day of an instant, "YYYY-MM-DD": slots are grouped by it. */
export function tokyoDayOf(iso: string): string {
  return new Date(new Date(iso).getTime() + 9 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** "HH:mm" of an instant in Japan time. */
export function tokyoTimeOf(iso: string): string {
  return new Date(new Date(iso).getTime() + 9 * 60 * 60 * 1000).toISOString().slice(11, 16);
}
