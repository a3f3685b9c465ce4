/**
 * The Japanese and the English formatter of one kind of date, each made when first used: making
 * an Intl.DateTimeFormat loads its locale's data (the first one costs a slow phone tens of
 * milliseconds), and the modules that keep them come with pages (the OG list, an alumna's page)
 * that show no date before their first paint, or none at all.
 */
export function lazyDateFormat(
  ja: Intl.DateTimeFormatOptions,
  en: Intl.DateTimeFormatOptions = ja,
): (language: string | undefined) => Intl.DateTimeFormat {
  let japanese: Intl.DateTimeFormat | undefined;
  let english: Intl.DateTimeFormat | undefined;
  return (language) =>
    language?.startsWith('en')
      ? (english ??= new Intl.DateTimeFormat('en-US', en))
      : (japanese ??= new Intl.DateTimeFormat('ja-JP', ja));
}
