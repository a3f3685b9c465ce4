import { and, gt, lt } from 'drizzle-orm';
import type { SessionUser } from '../../shared/schemas/auth';
import type { BookingForm } from '../../shared/schemas/booking';
import { VALIDATION } from '../../shared/messages/validation-keys';
import { pgErrorCode, type Database, type Transaction } from '../db/client';
import { visitRequests } from '../db/schema';
import { AppError } from '../errors';
import { consumeLimit } from '../lib/rate-limit';
import {
  findBooking,
  holdingBookedSlot,
  keepEmployerRules,
  openSlotsOf,
  refreshNextSlots,
} from '../booking';
import { storedEmployerRules } from '../../shared/schemas/employer-rules';
import { lockRequestedMentor, newRequestOf, REQUESTS_PER_STUDENT } from './service';
import { nameOn, studentNamesOf, tellSide } from './transition';
import { warnOfSameHour } from './same-hour';

/** PostgreSQL's exclusion_violation: migration 0025's constraint refused a second booking. */
const EXCLUSION_VIOLATION = '23P01';

/**
 * A student books one of an alumna's open slots (docs/PRODUCT.md §7): the request, in one step.
 * Under the alumna's lock, as any request, the slot is worked out again from her windows and
 * what holds her time now; the request holds it while it waits (at most BOOKING_HOLD_HOURS),
 * or, with her 自動で承諾, is agreed at once with the window's place. Two bookings of one slot
 * cannot both pass: the lock orders them, and the database's exclusion constraint refuses the
 * second whatever path it took.
 */
export async function bookSlot(
  db: Database,
  student: SessionUser,
  form: BookingForm,
): Promise<{ id: string; status: 'pending' | 'accepted' }> {
  await warnOfSameHour(
    db,
    student.id,
    form.mentorUrlParam,
    [new Date(form.slotStart)],
    form.sameHourConfirmed,
  );
  await consumeLimit(db, REQUESTS_PER_STUDENT, student.id);
  try {
    return await db.transaction((tx) => bookUnderLock(tx, student, form));
  } catch (error) {
    if (pgErrorCode(error) === EXCLUSION_VIOLATION) throw new AppError('booking/slot-taken');
    throw error;
  }
}

async function bookUnderLock(
  tx: Transaction,
  student: SessionUser,
  form: BookingForm,
): Promise<{ id: string; status: 'pending' | 'accepted' }> {
  const mentor = await lockRequestedMentor(tx, student, form.mentorUrlParam, form.introductionId);

  const now = new Date();
  const found = (await findBooking(tx, mentor.userId, now))!;
  // Her limit does not close her slots to the introduction she opted in to (decision 0044).
  const booking =
    mentor.introductionId && found.closedBy === 'monthly-limit'
      ? { ...found, closedBy: null }
      : found;
  const start = new Date(form.slotStart);
  const slot = (await openSlotsOf(tx, booking, now)).find(
    (open) => open.start.getTime() === start.getTime(),
  );
  if (!slot) {
    throw new AppError(
      (await heldByAnother(tx, mentor.userId, start))
        ? 'booking/slot-taken'
        : 'booking/not-offered',
    );
  }
  if (!slot.formats.includes(form.meetingFormat)) {
    // In person with an alumna whose employer allows online only: said as the rule, not as a
    // format the slot lacks (a window from before the rule may say either).
    keepEmployerRules(storedEmployerRules(booking.employerRules), {
      meetingFormat: form.meetingFormat,
      placeKind: null,
      endMinutes: null,
    });
    throw new AppError('invalid-argument', { meetingFormat: VALIDATION.meetingFormatRequired });
  }

  const agreed = booking.autoAccept && booking.bookingRulesConfirmedAt !== null;
  const online = form.meetingFormat === 'online';
  const [created] = await tx
    .insert(visitRequests)
    .values({
      ...newRequestOf(student, mentor.userId, form, now),
      introductionId: mentor.introductionId,
      preferredSlots: [slot.start],
      bookedFrom: slot.start,
      bookedUntil: slot.end,
      // The place her window names, as the slot offered it: what the student booked.
      ...(online ? {} : { windowPlaceKind: slot.placeKind, windowPlace: slot.meetingPlace }),
      // Created at the very time of an automatic answer: an answer at creation is her standing
      // 自動で承諾, not an act of hers, for the monthly limit (booking's requestsCountingSince).
      createdAt: now,
      ...(agreed
        ? {
            status: 'accepted' as const,
            meetingAt: slot.start,
            // The window's place: she chose it, with the rules confirmed, when she published it.
            placeKind: online ? ('online' as const) : slot.placeKind,
            meetingPlace: online ? null : slot.meetingPlace,
            mentorRulesConfirmedAt: booking.bookingRulesConfirmedAt,
            respondedAt: now,
            studentUnseen: true,
          }
        : {}),
    })
    .returning();
  const request = created!;
  const names = await studentNamesOf(tx, student.id);
  await tellSide(tx, request, { kind: agreed ? 'booked' : 'requested', to: 'mentor', names });
  // Agreed at once: the student gets the acceptance's mail too, the confirmation of her booking.
  if (agreed) {
    const actor = await nameOn(tx, 'mentor', mentor.userId);
    await tellSide(tx, request, { kind: 'accepted', to: 'student', names: { actor } });
  }
  await refreshNextSlots(tx, [mentor.userId], now);
  return { id: request.id, status: agreed ? 'accepted' : 'pending' };
}

/** Whether a live request of hers holds a time overlapping the slot that starts at `start`. */
async function heldByAnother(tx: Transaction, mentorId: string, start: Date): Promise<boolean> {
  const [row] = await tx
    .select({ id: visitRequests.id })
    .from(visitRequests)
    .where(
      and(
        holdingBookedSlot(mentorId),
        lt(visitRequests.bookedFrom, new Date(start.getTime() + 60_000)),
        gt(visitRequests.bookedUntil, start),
      ),
    )
    .limit(1);
  return row !== undefined;
}
