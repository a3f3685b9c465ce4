import { and, asc, eq, or } from 'drizzle-orm';
import type { ThreadMessage } from '../../../shared/schemas/threads';
import type { Executor } from '../../db/client';
import { visitMessages, visitRequests } from '../../db/schema';

type MessageRow = typeof visitMessages.$inferSelect;

/** A stored message as the API sends it; `viewerId` says which ones are the caller's own. */
export function toThreadMessage(row: MessageRow, viewerSide: 'student' | 'mentor' | null) {
  return {
    id: row.id,
    clientId: row.clientId,
    side: row.senderSide,
    mine: row.senderSide === viewerSide,
    body: row.body,
    masked: row.masked,
    kind: row.kind,
    createdAt: row.createdAt.toISOString(),
  } satisfies ThreadMessage;
}

/**
 * A thread's messages, oldest first (ties by id, so two in the same millisecond keep one order).
 * Threads are short conversations before and after one meeting: no paging.
 */
export function threadMessages(db: Executor, visitRequestId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(visitMessages)
    .where(eq(visitMessages.visitRequestId, visitRequestId))
    .orderBy(asc(visitMessages.createdAt), asc(visitMessages.id));
}

/** A message of one of the requests `userId` takes part in, with that request. */
export async function findOwnThreadMessage(db: Executor, userId: string, messageId: string) {
  const [row] = await db
    .select({ message: visitMessages, request: visitRequests })
    .from(visitMessages)
    .innerJoin(visitRequests, eq(visitRequests.id, visitMessages.visitRequestId))
    .where(
      and(
        eq(visitMessages.id, messageId),
        or(eq(visitRequests.studentId, userId), eq(visitRequests.mentorId, userId)),
      ),
    )
    .limit(1);
  return row;
}
