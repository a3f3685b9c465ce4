import { JAPAN_TIME_ZONE, japanWallClock } from '../../shared/constants';
import { i18n } from '../i18n';
import { lazyDateFormat } from './lazy-date-format';

/**
 * Meeting times in Japan time whatever the reader's time zone: the meetings happen in Japan and
 * the times were entered as Japan time (shared/schemas/visit-requests).
 */
const MEETING_OPTIONS: Intl.DateTimeFormatOptions = {
  timeZone: JAPAN_TIME_ZONE,
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
  timeZone: JAPAN_TIME_ZONE,
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
  timeZone: JAPAN_TIME_ZONE,
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

const WEEKDAYS = {
  ja: ['日', '月', '火', '水', '木', '金', '土'],
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
} as const;

/**
 * An open slot, short, as a card and a slot button say it (予約枠): 「12/3(木) 10:00」, in Japan
 * time; English mode 「Thu 12/3 10:00」. Worked out from the fixed offset rather than with
 * Intl.DateTimeFormat: the OG list shows one on every card, and making the first formatter
 * held a slow phone's main thread for about 30 ms in the middle of rendering them (measured
 * under Lighthouse's 4× CPU). meeting-time.test.ts holds it to what Intl says.
 */
export function formatSlotStart(iso: string): string {
  const wall = japanWallClock(iso);
  const english = i18n.language?.startsWith('en');
  const month = wall.getUTCMonth() + 1;
  const day = wall.getUTCDate();
  const weekday = WEEKDAYS[english ? 'en' : 'ja'][wall.getUTCDay()];
  const time = tokyoTimeOf(iso);
  return english ? `${weekday} ${month}/${day} ${time}` : `${month}/${day}(${weekday}) ${time}`;
}

/** The Japanese calendar day of an instant, "YYYY-MM-DD": slots are grouped by it. */
export function tokyoDayOf(iso: string): string {
  return japanWallClock(iso).toISOString().slice(0, 10);
}

/** "HH:mm" of an instant in Japan time. */
export function tokyoTimeOf(iso: string): string {
  return japanWallClock(iso).toISOString().slice(11, 16);
}
