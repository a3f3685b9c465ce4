import { and, eq } from 'drizzle-orm';
import type { SessionUser } from '../../shared/schemas/auth';
import type { GroupSessionEdit, GroupSessionView } from '../../shared/schemas/group-sessions';
import type { Database, Executor } from '../db/client';
import { groupSessionPlaces, groupSessions } from '../db/schema';
import { AppError } from '../errors';
import { mailLinks } from '../mail/mail-context';
import { groupSessionPlaceChangedMail } from '../mail/templates';
import { tell } from '../notifications';
import { findSession, moveUpTo, nextPlaceIn } from './queries';
import { groupSessionFor, lockHostedSession, tellSeatGiven } from './service';

/**
 * Its alumna (or an admin) changes a 座談会 before it starts (issue 58): the place's words or the
 * meeting URL (given later, as the form promises, or changed), what it is called and covers, and
 * more seats. Nothing a student signed up for moves under her: its time, format and audience
 * stay (a new one is opened for those), the kind of place stays (her employer's rules were
 * checked against it), and seats only grow, the waiting moved up into the new ones in order.
 * Under the session's row lock, as every change of its places: a seat taken at the same moment
 * is counted against the seats as they are after the change, or before it, never half.
 */
export async function editGroupSession(
  db: Database,
  user: SessionUser,
  id: string,
  edit: GroupSessionEdit,
  now = new Date(),
): Promise<GroupSessionView> {
  await db.transaction(async (tx) => {
    const session = await lockHostedSession(tx, user, id);
    if (session.startsAt <= now) throw new AppError('group-session/started');
    const online = session.meetingFormat === 'online';
    if ((edit.meetingUrl !== undefined && !online) || (edit.meetingPlace !== undefined && online)) {
      throw new AppError('group-session/format-fixed');
    }
    if (edit.seats !== undefined && edit.seats < session.seats) {
      throw new AppError('group-session/seats-fewer');
    }
    const placeChanged =
      (edit.meetingUrl !== undefined && edit.meetingUrl !== session.meetingUrl) ||
      (edit.meetingPlace !== undefined && edit.meetingPlace !== session.meetingPlace);
    // Told of a new place: those seated before any move-up (one moved up hears of her seat).
    const seatedBefore = placeChanged ? await seatedIn(tx, id) : [];
    const changes = {
      ...(edit.title !== undefined ? { title: edit.title } : {}),
      ...(edit.description !== undefined ? { description: edit.description } : {}),
      ...(edit.topics !== undefined ? { topics: edit.topics } : {}),
      // The places' rows follow (their foreign key to (id, seats) cascades on update).
      ...(edit.seats !== undefined ? { seats: edit.seats } : {}),
      ...(edit.meetingUrl !== undefined ? { meetingUrl: edit.meetingUrl } : {}),
      ...(edit.meetingPlace !== undefined ? { meetingPlace: edit.meetingPlace } : {}),
    };
    // An edit that names no field changes nothing (an UPDATE with nothing to set is an error).
    if (Object.keys(changes).length === 0) return;
    const [changed] = await tx
      .update(groupSessions)
      .set(changes)
      .where(eq(groupSessions.id, id))
      .returning();
    if (changed!.seats > session.seats) await fillNewSeats(tx, changed!, now);
    if (placeChanged) await tellPlaceChanged(tx, id, seatedBefore);
  });
  return groupSessionFor(db, user, id, now);
}

/** Each free seat to the first on the waiting list, in order, each told as any move-up is. */
async function fillNewSeats(
  tx: Executor,
  session: typeof groupSessions.$inferSelect,
  now: Date,
): Promise<void> {
  for (;;) {
    const { seatNo } = await nextPlaceIn(tx, session);
    if (seatNo === null) return;
    const movedUp = await moveUpTo(tx, session, seatNo, now);
    if (!movedUp) return;
    await tellSeatGiven(tx, session.id, movedUp);
  }
}

async function seatedIn(tx: Executor, id: string): Promise<string[]> {
  const rows = await tx
    .select({ studentId: groupSessionPlaces.studentId })
    .from(groupSessionPlaces)
    .where(and(eq(groupSessionPlaces.sessionId, id), eq(groupSessionPlaces.state, 'seated')));
  return rows.map((row) => row.studentId);
}

async function tellPlaceChanged(tx: Executor, id: string, studentIds: string[]): Promise<void> {
  const row = (await findSession(tx, id, null))!;
  const link = mailLinks(tx).groupSession(id);
  for (const studentId of studentIds) {
    await tell(tx, {
      userId: studentId,
      kind: 'groupSessionPlaceChanged',
      facts: { visitRequestId: null, groupSessionId: id, actorName: row.mentorName },
      mail: (recipient) =>
        groupSessionPlaceChangedMail(
          link,
          { mentor: row.mentorName, title: row.title, startsAt: row.startsAt },
          recipient,
        ),
    });
  }
}
