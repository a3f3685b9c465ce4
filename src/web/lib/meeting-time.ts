import { i18n } from '../i18n';

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
const MEETING_TIME = {
  ja: new Intl.DateTimeFormat('ja-JP', MEETING_OPTIONS),
  // English mode says the day in English, still in Japan time.
  en: new Intl.DateTimeFormat('en-US', MEETING_OPTIONS),
};

export function formatMeetingTime(iso: string): string {
  const format = i18n.language?.startsWith('en') ? MEETING_TIME.en : MEETING_TIME.ja;
  return format.format(new Date(iso));
}

const MESSAGE_OPTIONS: Intl.DateTimeFormatOptions = {
  timeZone: 'Asia/Tokyo',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};
const MESSAGE_TIME = {
  ja: new Intl.DateTimeFormat('ja-JP', MESSAGE_OPTIONS),
  en: new Intl.DateTimeFormat('en-US', MESSAGE_OPTIONS),
};

/** When a thread message was sent, short: 「11/24 19:30」, in Japan time like the meetings. */
export function formatMessageTime(iso: string): string {
  const format = i18n.language?.startsWith('en') ? MESSAGE_TIME.en : MESSAGE_TIME.ja;
  return format.format(new Date(iso));
}

const CONFIRMED_OPTIONS: Intl.DateTimeFormatOptions = {
  timeZone: 'Asia/Tokyo',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};
const CONFIRMED_TIME = {
  ja: new Intl.DateTimeFormat('ja-JP', CONFIRMED_OPTIONS),
  en: new Intl.DateTimeFormat('en-US', { ...CONFIRMED_OPTIONS, month: 'short' }),
};

/** When a side confirmed the safety rules: 「11月26日 14:05」, in Japan time like the meetings. */
export function formatConfirmedTime(iso: string): string {
  const format = i18n.language?.startsWith('en') ? CONFIRMED_TIME.en : CONFIRMED_TIME.ja;
  return format.format(new Date(iso));
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
const SLOT_TIME = {
  ja: new Intl.DateTimeFormat('ja-JP', SLOT_PARTS),
  en: new Intl.DateTimeFormat('en-US', SLOT_PARTS),
};

export function formatSlotStart(iso: string): string {
  const english = i18n.language?.startsWith('en');
  const parts = Object.fromEntries(
    (english ? SLOT_TIME.en : SLOT_TIME.ja)
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
