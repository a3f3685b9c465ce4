const DATE_TIME = new Intl.DateTimeFormat('ja-JP', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** API dates arrive as ISO strings; shown as 2026/11/23 14:05 in the reader's time zone. */
export function formatDate(value: string | Date): string {
  return DATE_TIME.format(new Date(value));
}
