/**
 * Meeting times in Japan time whatever the reader's time zone: the meetings happen in Japan and
 * the times were entered as Japan time (shared/schemas/visit-requests).
 */
const MEETING_TIME = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
});

export function formatMeetingTime(iso: string): string {
  return MEETING_TIME.format(new Date(iso));
}
