import { z } from 'zod';
import { mentorCardSchema } from './mentors';
import { visitNotePageSchema } from './visit-notes';

/** The company of a page's address: its name as one profile or note writes it. */
export const companyParamsSchema = z.object({ name: z.string().trim().min(1).max(100) });

/**
 * A company's page (docs/PRODUCT.md §4b, decision 0040): the alumni who work there as the OG
 * list shows them, and the shared 訪問記録 about it as the notes search shows them to this
 * reader (null for an alumna, who does not search the notes). Its 座談会 come with issue 58.
 */
export const companyPageSchema = z.object({
  /** The name as its alumni (else its notes) write it. */
  name: z.string(),
  mentors: z.array(mentorCardSchema),
  notes: visitNotePageSchema.nullable(),
});
export type CompanyPage = z.infer<typeof companyPageSchema>;
