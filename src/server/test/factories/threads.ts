import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { App } from '../../app';
import { visitMessages } from '../../db/schema';
import { requestRow } from './visits';

/** Shared set-up for the API tests of request threads. */

/** A message written straight into a request's thread, by its student or its alumnus. */
export async function insertThreadMessage(
  app: App,
  visitRequestId: string,
  side: 'student' | 'mentor',
  body: string,
  createdAt?: Date,
) {
  const request = await requestRow(app, visitRequestId);
  const [row] = await app.ctx.db
    .insert(visitMessages)
    .values({
      visitRequestId,
      senderId: side === 'student' ? request!.studentId : request!.mentorId,
      senderSide: side,
      body,
      clientId: randomUUID(),
      ...(createdAt ? { createdAt } : {}),
    })
    .returning();
  return row!;
}

/** A thread's stored messages, oldest first. */
export function threadRows(app: App, visitRequestId: string) {
  return app.ctx.db
    .select()
    .from(visitMessages)
    .where(eq(visitMessages.visitRequestId, visitRequestId))
    .orderBy(asc(visitMessages.createdAt));
}
