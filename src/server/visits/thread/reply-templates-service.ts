import { eq } from 'drizzle-orm';
import type { ReplyTemplate } from '../../../shared/constants';
import type { Executor } from '../../db/client';
import { mentors } from '../../db/schema';
import { AppError } from '../../errors';

/**
 * よくある返信 (docs/PRODUCT.md §7): texts an alumnus keeps on the profile and puts into a
 * thread's box with one choice. Only an alumnus with a profile has them.
 */
export async function readReplyTemplates(db: Executor, mentorId: string): Promise<ReplyTemplate[]> {
  const [row] = await db
    .select({ templates: mentors.replyTemplates })
    .from(mentors)
    .where(eq(mentors.userId, mentorId));
  if (!row) throw new AppError('not-found');
  return row.templates;
}

/** Replaces the whole list: the form sends it in the order the alumnus keeps it. */
export async function saveReplyTemplates(
  db: Executor,
  mentorId: string,
  templates: ReplyTemplate[],
): Promise<ReplyTemplate[]> {
  const [row] = await db
    .update(mentors)
    .set({ replyTemplates: templates })
    .where(eq(mentors.userId, mentorId))
    .returning({ templates: mentors.replyTemplates });
  if (!row) throw new AppError('not-found');
  return row.templates;
}
