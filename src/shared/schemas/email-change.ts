import { z } from 'zod';
import { emailSchema } from './common';

/** POST /api/me/email-change: the new sign-in address (docs/PRODUCT.md §3). */
export const emailChangeRequestSchema = z.object({ email: emailSchema });
export type EmailChangeRequest = z.input<typeof emailChangeRequestSchema>;

/** The token of the link mailed to the new address, or of the old address's undo link. */
export const emailChangeTokenSchema = z.object({ token: z.string().trim().min(1).max(200) });

export const emailChangeResultSchema = z.object({ email: z.string() });
export type EmailChangeResult = z.infer<typeof emailChangeResultSchema>;
