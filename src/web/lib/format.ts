import { i18n } from '../i18n';

const OPTIONS: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
};
const FORMATS = {
  ja: new Intl.DateTimeFormat('ja-JP', OPTIONS),
  // English mode reads dates in English ("Nov 23, 2026, 02:05 PM").
  en: new Intl.DateTimeFormat('en-US', { ...OPTIONS, month: 'short' }),
};

/**
 * API dates arrive as ISO strings; shown in the reader's time zone and the site's language:
 * 2026/11/23 14:05 in Japanese. Components call it under useTranslation, so they redraw when
 * the language changes.
 */
export function formatDate(value: string | Date): string {
  const format = i18n.language?.startsWith('en') ? FORMATS.en : FORMATS.ja;
  return format.format(new Date(value));
}
