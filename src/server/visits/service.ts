import { and, eq, or, sql, type SQLWrapper } from 'drizzle-orm';
import {
  VISIT_DURATION_MINUTES,
  VISIT_MAX_PROPOSALS,
  VISIT_REQUESTS_PER_DAY,
  type MeetingFormat,
  type PlaceKind,
} from '../../shared/constants';
import {
  meetingEndMinutes,
  storedEmployerRules,
  type EmployerRules,
} from '../../shared/schemas/employer-rules';
import type { SessionUser } from '../../shared/schemas/auth';
import type { VisitUnavailableReason } from '../../shared/schemas/mentors';
import {
  cancellationNeedsReason,
  slotInstant,
  type VisitAccept,
  type visitAcceptProposalSchema,
  type meetingDetailsSchema,
  type visitAcceptSchema,
  type visitProposeSchema,
  type visitReplySchema,
  type visitRequestFormSchema,
} from '../../shared/schemas/visit-requests';
import type { ErrorCode } from '../../shared/errors';
import type { z } from 'zod';
import type { Database, Transaction } from '../db/client';
import { lockName, lockNames } from '../db/locks';
import { visitRequests } from '../db/schema';
import { AppError } from '../errors';
import { consumeLimit, type Limit } from '../lib/rate-limit';
import { userPairLockName } from './blocks-queries';
import { refusalFactColumns, unavailableReason } from './availability-service';
import { findRequestedMentor, isOpen } from './queries';
import { findBooking, groupSessionDuring, keepEmployerRules, refreshNextSlots } from '../booking';
import { proposedTimesColumns, proposedTimesOf } from './proposed-times';
import { changeOwnRequest, changeRequests, studentNamesOf, tellSide } from './transition';
import { warnOfSameHour } from './same-hour';
import { VALIDATION } from '../../shared/messages/validation-keys';
import { meetingFormatOf } from '../../shared/place-words';

const DAY_MS = 24 * 60 * 60 * 1000;
export const REQUESTS_PER_STUDENT: Limit = {
  name: 'visit-request:student',
  max: VISIT_REQUESTS_PER_DAY,
  windowMs: DAY_MS,
};

const REFUSAL: Record<VisitUnavailableReason, ErrorCode> = {
  'students-only': 'visit/students-only',
  'not-accepting': 'visit/not-accepting',
  'monthly-limit-reached': 'visit/monthly-limit-reached',
  blocked: 'visit/blocked',
  'already-open': 'visit/already-open',
  'no-show-limit': 'visit/no-show-limit',
  'waiting-limit': 'visit/waiting-limit',
};

type VisitRow = typeof visitRequests.$inferSelect;

/**
 * A student asks an alumnus for a visit. Under a lock on the alumnus, so that two requests
 * cannot both pass the monthly limit or the one-open-request rule; the alumnus's mail is
 * queued in the same transaction.
 */
export async function createVisitRequest(
  db: Database,
  student: SessionUser,
  form: z.output<typeof visitRequestFormSchema>,
): Promise<{ id: string }> {
  await warnOfSameHour(
    db,
    student.id,
    form.mentorUrlParam,
    form.preferredSlots.map((slot) => slotInstant(slot)!),
    form.sameHourConfirmed,
  );
  await consumeLimit(db, REQUESTS_PER_STUDENT, student.id);
  return db.transaction(async (tx) => {
    const mentor = await lockRequestedMentor(tx, student, form.mentorUrlParam, form.introductionId);

    const preferredSlots = form.preferredSlots.map((slot) => slotInstant(slot)!);
    // Her employer's rules, as far as the student chooses: the format and the times (the kind
    // of place is hers to choose on accepting).
    keepRulesAt(
      storedEmployerRules(mentor.employerRules),
      preferredSlots,
      { meetingFormat: form.meetingFormat, placeKind: null },
      VISIT_DURATION_MINUTES,
    );
    const [created] = await tx
      .insert(visitRequests)
      .values({
        ...newRequestOf(student, mentor.userId, form, new Date()),
        preferredSlots,
        introductionId: mentor.introductionId,
      })
      .returning();
    const request = created!;
    await tellSide(tx, request, {
      kind: 'requested',
      to: 'mentor',
      names: await studentNamesOf(tx, student.id),
    });
    // One more request this month: her limit may now stop her slots.
    await refreshNextSlots(tx, [mentor.userId]);
    return { id: request.id };
  });
}

/**
 * What a new request takes from the student's form, whichever way it is asked (preferred times,
 * or a booked slot): the student confirmed the meeting rules at `now`, as neither form can be
 * sent without the box ticked (safetyRulesConfirmed: true).
 */
export function newRequestOf(
  student: SessionUser,
  mentorId: string,
  form: Pick<
    z.output<typeof visitRequestFormSchema>,
    'purpose' | 'message' | 'meetingFormat' | 'agendaTopics' | 'agendaQuestions'
  >,
  now: Date,
) {
  return {
    studentId: student.id,
    mentorId,
    purpose: form.purpose,
    message: form.message,
    meetingFormat: form.meetingFormat,
    agendaTopics: form.agendaTopics,
    agendaQuestions: form.agendaQuestions,
    studentRulesConfirmedAt: now,
  };
}

/**
 * The alumna a student asks, locked for the new request: on the alumna, so that two requests
 * cannot both pass the monthly limit, the one-open-request rule or (a booking) take one slot, and
 * on the pair, as a block takes it (safety/service.ts): a block made at this moment either is
 * seen here or, coming second, cancels the request the caller inserts. Whether she can be asked
 * is read again under the locks — another request may have raced the first read, and 受付停止 or
 * a lower limit saved meanwhile is honoured — and refused with its code.
 */
export async function lockRequestedMentor(
  tx: Transaction,
  student: SessionUser,
  urlParam: string,
  introductionId?: string,
) {
  const mentor = await findRequestedMentor(tx, urlParam);
  if (!mentor) throw new AppError('not-found');
  // The alumna's lock first, then the pair's, as a block takes it (safety/service.ts); then the
  // student's, so that her requests to several alumnae at once are counted one after another
  // against her limit of requests waiting (waiting-queries.ts). Last, and taken by nothing else:
  // whoever holds it waits on no lock a transaction waiting for it holds. In the same statement.
  await lockNames(tx, [
    ...requestsLockNames(mentor.userId, student.id),
    `visits-student:${student.id}`,
  ]);
  const now = new Date();
  const fresh = await findRequestedMentor(tx, urlParam, now, (mentorId) => ({
    ...refusalFactColumns(student.id, mentorId, now),
    introduced: introductionId
      ? introductionToUse(introductionId, student.id, mentorId)
      : sql<boolean>`false`,
  }));
  if (!fresh) throw new AppError('not-found');
  if (introductionId && !fresh.introduced) throw new AppError('not-found');
  // An introduction she opted in to counted toward her limit then (decision 0044): the request
  // made from it is the room she gave, and her limit does not refuse it. Every other rule still
  // does, the student's limit of requests waiting among them (read after the alumna's reasons).
  const asked =
    fresh.introduced && fresh.closedBy === 'monthly-limit' ? { ...fresh, closedBy: null } : fresh;
  const reason = unavailableReason(student, asked, fresh);
  if (reason) throw new AppError(REFUSAL[reason]);
  return { ...fresh, introductionId: fresh.introduced ? introductionId! : null };
}

/**
 * The alumna's lock, then the pair's: what a new request takes first, and what anything else
 * that spends her monthly limit takes the same way (an opt-in to an introduction), so that the
 * two never both take her last place.
 */
function requestsLockNames(mentorId: string, studentId: string): string[] {
  return [`visits:${mentorId}`, userPairLockName(studentId, mentorId)];
}

/** Takes requestsLockNames' locks, in their order. */
export function lockRequestsOf(tx: Transaction, mentorId: string, studentId: string) {
  return lockNames(tx, requestsLockNames(mentorId, studentId));
}

/**
 * Whether the student may ask the alumna from this introduction: it introduces this student to
 * this alumna, she opted in, and no request was made from it yet (one per introduction).
 */
function introductionToUse(introductionId: string, studentId: string, mentorId: SQLWrapper) {
  return sql<boolean>`exists (select 1 from introductions used where used.id = ${introductionId} and used.student_id = ${studentId} and used.mentor_id = ${mentorId} and used.status = 'opted_in' and not exists (select 1 from visit_requests made where made.introduction_id = used.id))`;
}

/** The alumnus accepts one of the student's preferred slots: the visit is agreed. */
export function acceptVisitRequest(
  db: Database,
  mentor: SessionUser,
  id: string,
  input: z.output<typeof visitAcceptSchema>,
): Promise<void> {
  return changeOwnRequest(db, mentor, id, {
    by: 'mentor',
    from: 'turn',
    answers: true,
    set: async (request, _side, tx) => {
      const meetingAt = chosenSlot(request, input);
      const place = placeChosenBy(input);
      keepRulesAt(await employerRulesOf(tx, request), [meetingAt], place, minutesOf(request));
      await keepClearOfGroupSessions(tx, request, meetingAt, minutesOf(request));
      return {
        status: 'accepted',
        meetingAt,
        ...place,
        mentorRulesConfirmedAt: new Date(),
        ...agreedMeetingDetails(request, place, input),
        responseMessage: input.message || null,
        respondedAt: new Date(),
        studentUnseen: true,
      };
    },
    tells: 'accepted',
  });
}

/**
 * Either side proposes other times, one to three at once. The request stays pending and the
 * turn passes to the other side, who accepts one of them or proposes again, up to
 * VISIT_MAX_PROPOSALS proposals in all.
 */
export function proposeVisitTime(
  db: Database,
  user: SessionUser,
  id: string,
  input: z.output<typeof visitProposeSchema>,
): Promise<void> {
  return changeOwnRequest(db, user, id, {
    from: 'turn',
    answers: true,
    set: async (request, side, tx) => {
      if (request.proposalCount >= VISIT_MAX_PROPOSALS) throw new AppError('visit/proposal-limit');
      // The student's acceptance of the alumna's time agrees the visit: she commits here, choosing
      // the kind of place and confirming the rules. A student's proposal carries neither.
      if (side === 'mentor' && !input.safetyRulesConfirmed) {
        throw new AppError('invalid-argument', {
          safetyRulesConfirmed: VALIDATION.safetyRulesRequired,
        });
      }
      const times = input.proposedTimes.map((time) => slotInstant(time)!);
      // Her times keep her employer's rules with the place she chooses; a student's keep its
      // latest end (the place is the alumna's to choose, as online when her rules say so).
      keepRulesAt(
        await employerRulesOf(tx, request),
        times,
        side === 'mentor' ? placeChosenBy(input) : { meetingFormat: 'online', placeKind: null },
        VISIT_DURATION_MINUTES,
      );
      return {
        ...proposedTimesColumns(times),
        proposedBy: side,
        proposalMessage: input.message || null,
        proposalCount: request.proposalCount + 1,
        // Other times: a booked slot is no longer what the two are agreeing on, and is freed.
        bookedFrom: null,
        bookedUntil: null,
        // The alumnus's first answer, even when it is a proposal.
        ...(side === 'mentor'
          ? {
              respondedAt: request.respondedAt ?? new Date(),
              ...placeChosenBy(input),
              mentorRulesConfirmedAt: request.mentorRulesConfirmedAt ?? new Date(),
            }
          : {}),
        studentUnseen: side === 'mentor',
      };
    },
    tells: 'proposed',
  });
}

/**
 * The side whose turn it is accepts one of the other side's proposed times: the visit is agreed. The
 * alumnus's words stay the answer the student reads: the ones given now when the alumnus
 * accepts, the ones sent with the proposal when the student does (a student's acceptance
 * carries no message).
 */
export function acceptProposedTime(
  db: Database,
  user: SessionUser,
  id: string,
  input: z.output<typeof visitAcceptProposalSchema>,
): Promise<void> {
  return changeOwnRequest(db, user, id, {
    from: 'turn',
    answers: true,
    set: async (request, side, tx) => {
      if (!request.proposedBy) throw new AppError('visit/not-your-turn');
      const meetingAt = chosenProposedTime(proposedTimesOf(request), input.time);
      // The alumna chooses the kind of place now; the student accepts the kind the alumna chose
      // with her proposal (a proposal of hers from before kinds existed: an online request stays
      // online, an in-person one is left without a kind, as requests agreed before were).
      const place =
        side === 'mentor'
          ? placeChosenBy(input)
          : request.placeKind
            ? { meetingFormat: meetingFormatOf(request.placeKind) }
            : request.meetingFormat === 'online'
              ? { placeKind: 'online' as const, placeOther: null }
              : {};
      // A proposal from before her rules (or before a change of them) no longer agrees a visit
      // that breaks them, whoever accepts it.
      const agreed = { ...request, ...place };
      keepRulesAt(
        await employerRulesOf(tx, request),
        [meetingAt],
        { meetingFormat: agreed.meetingFormat, placeKind: agreed.placeKind },
        VISIT_DURATION_MINUTES,
      );
      await keepClearOfGroupSessions(tx, request, meetingAt, VISIT_DURATION_MINUTES);
      const now = new Date();
      return {
        status: 'accepted',
        meetingAt,
        ...place,
        ...(side === 'mentor'
          ? { mentorRulesConfirmedAt: request.mentorRulesConfirmedAt ?? now }
          : { studentRulesConfirmedAt: request.studentRulesConfirmedAt ?? now }),
        // Only the alumnus sets where to meet; a student's acceptance leaves it for later.
        ...(side === 'mentor'
          ? agreedMeetingDetails(request, agreed, input)
          : keptWindowPlace(request, agreed)),
        responseMessage: side === 'mentor' ? input.message || null : request.proposalMessage,
        respondedAt: side === 'mentor' ? new Date() : request.respondedAt,
        studentUnseen: side === 'mentor',
      };
    },
    // The student hears of an agreed visit as of any acceptance; the alumnus of her proposal's.
    tells: (_request, side) => (side === 'mentor' ? 'accepted' : 'proposalAccepted'),
  });
}

/**
 * The proposed time the caller accepts: the one named (it must still be proposed: a page that
 * showed an older proposal is answered with the request as it is now), or the only one. A time
 * that has passed is refused with what is left to do.
 */
function chosenProposedTime(times: Date[], chosen: string | undefined): Date {
  if (times.length === 0) throw new AppError('visit/not-your-turn');
  let time: Date | undefined;
  if (chosen === undefined) {
    if (times.length > 1) {
      throw new AppError('invalid-argument', { time: VALIDATION.visitProposalChoiceRequired });
    }
    time = times[0];
  } else {
    const at = new Date(chosen).getTime();
    time = times.find((proposed) => proposed.getTime() === at);
    if (!time) throw new AppError('visit/proposal-changed');
  }
  const now = Date.now();
  if (time!.getTime() <= now) {
    const othersAhead = times.some((proposed) => proposed.getTime() > now);
    throw new AppError('invalid-argument', {
      time: othersAhead ? VALIDATION.visitProposalTimePast : VALIDATION.visitProposalPast,
    });
  }
  return time!;
}

/** Her employer's rules as they are now, read in the change's transaction. */
async function employerRulesOf(tx: Transaction, request: VisitRow): Promise<EmployerRules> {
  const booking = request.mentorId ? await findBooking(tx, request.mentorId) : undefined;
  return storedEmployerRules(booking?.employerRules);
}

/** Refuses, with the rule's code, a meeting at any of `times` that would break her rules. */
function keepRulesAt(
  rules: EmployerRules,
  times: Date[],
  place: { meetingFormat: MeetingFormat; placeKind: PlaceKind | null },
  minutes: number,
): void {
  for (const time of times) {
    keepEmployerRules(rules, { ...place, endMinutes: meetingEndMinutes(time, minutes) });
  }
}

/**
 * Refuses to agree a visit at a time one of her 座談会 takes (issue 58: a 座談会 holds her time as
 * an agreed visit does), whoever accepts it, with the code opening a 座談会 over a visit gets:
 * one rule both ways. Read under her visits lock, the one opening a 座談会 takes, so that the
 * two made at once do not both pass. Every acceptance comes here: a preferred slot or booking
 * she accepts, a proposed time either side accepts (a booking agreed at once by 自動で承諾 was
 * offered only clear of them: booking's busyTimesOf).
 */
async function keepClearOfGroupSessions(
  tx: Transaction,
  request: VisitRow,
  meetingAt: Date,
  minutes: number,
): Promise<void> {
  if (!request.mentorId) return;
  await lockName(tx, `visits:${request.mentorId}`);
  const until = new Date(meetingAt.getTime() + minutes * 60_000);
  if (await groupSessionDuring(tx, request.mentorId, meetingAt, until)) {
    throw new AppError('group-session/same-time');
  }
}

/** How long an accepted preferred slot lasts: the booked slot's length, else the usual hour. */
function minutesOf(request: VisitRow): number {
  return request.bookedFrom && request.bookedUntil
    ? Math.round((request.bookedUntil.getTime() - request.bookedFrom.getTime()) / 60_000)
    : VISIT_DURATION_MINUTES;
}

/**
 * The kind of place the alumna chose, required of her; it sets the format (online, or in
 * person for every other kind: shared/place-words.ts isInPersonVisit), so an in-person request
 * she moves online is an online visit.
 */
function placeChosenBy(input: {
  placeKind?: PlaceKind | undefined;
  placeOther?: string | undefined;
}) {
  if (!input.placeKind) {
    throw new AppError('invalid-argument', { placeKind: VALIDATION.placeKindRequired });
  }
  return {
    placeKind: input.placeKind,
    placeOther: input.placeKind === 'other' ? input.placeOther || null : null,
    meetingFormat: meetingFormatOf(input.placeKind),
  };
}

/** The place and URL as the form gave them; an empty field clears one, an absent one keeps it. */
function meetingDetailsOf(input: z.output<typeof meetingDetailsSchema>) {
  return {
    ...(input.meetingPlace !== undefined ? { meetingPlace: input.meetingPlace || null } : {}),
    ...(input.meetingUrl !== undefined ? { meetingUrl: input.meetingUrl || null } : {}),
  };
}

/**
 * Where to meet as an acceptance agrees it (docs/PRODUCT.md §7, the place is said once): what
 * the alumna's form gave, a URL only for an online visit, since an in-person visit's page shows
 * the place and never a link (visit/url-in-person); where she named no place for an in-person
 * visit, the words her window named for the booked slot (keptWindowPlace).
 */
function agreedMeetingDetails(
  request: VisitRow,
  agreed: AgreedPlace,
  input: z.output<typeof meetingDetailsSchema>,
) {
  const details = meetingDetailsOf(input);
  refuseUrlInPerson(agreed.meetingFormat, details.meetingUrl);
  return details.meetingPlace === undefined
    ? { ...details, ...keptWindowPlace(request, agreed) }
    : details;
}

type AgreedPlace = { meetingFormat: MeetingFormat; placeKind?: PlaceKind | null | undefined };

/**
 * Her window's words as the place of an in-person visit agreed without one named, when it is
 * agreed at the kind of place her window named: a café's words are not her office's place.
 */
function keptWindowPlace(request: VisitRow, agreed: AgreedPlace) {
  return agreed.meetingFormat === 'in_person' &&
    request.windowPlace &&
    agreed.placeKind === request.windowPlaceKind &&
    !request.meetingPlace
    ? { meetingPlace: request.windowPlace }
    : {};
}

/**
 * A meeting URL for an in-person visit is refused rather than stored where no page shows it
 * (decision 0037): the alumna who means to meet online chooses 「オンライン」 as the kind of place.
 */
function refuseUrlInPerson(format: MeetingFormat, url: string | null | undefined): void {
  if (format === 'in_person' && url) throw new AppError('visit/url-in-person');
}

/**
 * The alumnus sets or changes where to meet once the visit is agreed, until the meeting; the
 * student is mailed the change. Saving what is already there changes nothing and mails no one.
 */
export function setMeetingDetails(
  db: Database,
  mentor: SessionUser,
  id: string,
  input: z.output<typeof meetingDetailsSchema>,
): Promise<void> {
  const details = meetingDetailsOf(input);
  const changes = (request: VisitRow) =>
    (details.meetingPlace !== undefined && details.meetingPlace !== request.meetingPlace) ||
    (details.meetingUrl !== undefined && details.meetingUrl !== request.meetingUrl);
  return changeOwnRequest(db, mentor, id, {
    by: 'mentor',
    from: 'agreed',
    set: (request) => {
      refuseUrlInPerson(request.meetingFormat, details.meetingUrl);
      return { ...details, studentUnseen: changes(request) || request.studentUnseen };
    },
    tells: (request) => (changes(request) ? 'meetingDetails' : null),
  });
}

/** The student opened the request: the alumnus's last change is no longer news. */
export async function markVisitRequestSeen(
  db: Database,
  student: SessionUser,
  id: string,
): Promise<void> {
  const marked = await db
    .update(visitRequests)
    .set({ studentUnseen: false })
    .where(and(eq(visitRequests.id, id), eq(visitRequests.studentId, student.id)))
    .returning({ id: visitRequests.id });
  // Someone else's request answers as if it did not exist, as everywhere else.
  if (marked.length === 0) throw new AppError('not-found');
}

/** The agreed start; a preferred slot that has passed cannot be chosen any more. */
function chosenSlot(request: VisitRow, input: VisitAccept): Date {
  const slot = request.preferredSlots[input.slotIndex];
  if (!slot) {
    throw new AppError('invalid-argument', { slotIndex: VALIDATION.visitSlotChoiceRequired });
  }
  if (slot.getTime() <= Date.now()) {
    throw new AppError('invalid-argument', { slotIndex: VALIDATION.visitSlotPast });
  }
  return slot;
}

export function declineVisitRequest(
  db: Database,
  mentor: SessionUser,
  id: string,
  input: z.output<typeof visitReplySchema>,
): Promise<void> {
  return changeOwnRequest(db, mentor, id, {
    by: 'mentor',
    // Whoever's turn it is: an alumnus may let a request go while a proposal waits too.
    from: 'waiting',
    answers: true,
    set: () => ({
      status: 'declined',
      responseMessage: input.message || null,
      respondedAt: new Date(),
      studentUnseen: true,
    }),
    tells: 'declined',
  });
}

/**
 * Either side cancels an open request (waiting, or accepted with the meeting ahead); within 24
 * hours of the meeting, with a reason.
 */
export function cancelVisitRequest(
  db: Database,
  user: SessionUser,
  id: string,
  input: z.output<typeof visitReplySchema>,
): Promise<void> {
  return changeOwnRequest(db, user, id, {
    from: 'open',
    set: (request, side) => {
      if (cancellationNeedsReason(request, Date.now()) && !input.message) {
        throw new AppError('invalid-argument', { message: VALIDATION.visitCancelReasonRequired });
      }
      return {
        status: 'cancelled',
        cancelledBy: side,
        cancelMessage: input.message || null,
        cancelledAt: new Date(),
        studentUnseen: side === 'mentor',
      };
    },
    tells: 'cancelled',
  });
}

/**
 * A withdrawal or an admin's deletion, inside its transaction: each open request
 * of the person (waiting, or accepted with the meeting ahead) is cancelled "by withdrawal" and
 * the other side gets a mail, without the leaving person's name. Closed requests stay as they
 * are; all of them lose the person when the user row goes. Returns how many were cancelled.
 */
export async function cancelOpenRequestsOnWithdrawal(
  tx: Transaction,
  userId: string,
): Promise<number> {
  const cancelled = await changeRequests(tx, {
    where: and(
      or(eq(visitRequests.studentId, userId), eq(visitRequests.mentorId, userId)),
      isOpen(new Date()),
    )!,
    set: {
      status: 'cancelled',
      cancelledBy: 'withdrawal',
      cancelMessage: null,
      cancelledAt: new Date(),
      // News for the student when the alumnus is the one leaving.
      studentUnseen: sql`${visitRequests.mentorId} = ${userId}`,
    },
    tell: async (request) => ({
      kind: 'cancelledByWithdrawal',
      to: request.studentId === userId ? 'mentor' : 'student',
      names: { actor: '' },
    }),
  });
  return cancelled.length;
}
