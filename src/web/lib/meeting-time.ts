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
