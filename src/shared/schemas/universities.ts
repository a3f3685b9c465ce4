import { z } from 'zod';

/** A university students register from, as the forms list it. */
export const universityOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** ふりがな (may be empty for a university an admin added without one). */
  reading: z.string(),
  /** The English name, when an admin gave one. */
  nameEn: z.string().nullable(),
  domains: z.array(z.string()),
});
export type UniversityOption = z.infer<typeof universityOptionSchema>;

/**
 * Universities in あいうえお順 of their reading (the name where there is none),
 * everywhere a list of them appears.
 */
export function byUniversityReading(
  a: { name: string; reading: string },
  b: { name: string; reading: string },
): number {
  return (a.reading || a.name).localeCompare(b.reading || b.name, 'ja');
}
