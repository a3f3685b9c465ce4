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
