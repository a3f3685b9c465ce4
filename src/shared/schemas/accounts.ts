import { z } from 'zod';
import { LANGUAGES, VISIT_NOTE_ON_WITHDRAWAL } from '../constants';

/**
 * DELETE /api/users/me: a withdrawing student's choice for the 訪問記録 she shared: kept for the
 * seminar without her name, or deleted. Without a choice they are deleted (her private notes
 * always are).
 */
export const withdrawalSchema = z
  .object({ visitNotes: z.enum(VISIT_NOTE_ON_WITHDRAWAL).optional() })
  .nullish();
export type Withdrawal = z.input<typeof withdrawalSchema>;

/** PUT /api/me/language: the interface language chosen while signed in (decision 0041). */
export const languageChoiceSchema = z.object({ language: z.enum(LANGUAGES) });
export type LanguageChoice = z.infer<typeof languageChoiceSchema>;
