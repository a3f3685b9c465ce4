/**
 * A university as the reader's language names it. APIs send the Japanese name and,
 * where an admin gave one, the romanised name (`nameEn`); English mode shows the latter.
 */
export function universityName(name: string, nameEn: string | null | undefined, language: string) {
  return language.startsWith('en') && nameEn ? nameEn : name;
}
