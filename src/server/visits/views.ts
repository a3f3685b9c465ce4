import { and, asc, count, desc, eq, gt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  NoShowClaim,
  VisitRequest,
  VisitRequestList,
} from '../../shared/schemas/visit-requests';
import type { Executor } from '../db/client';
import {
  mentors,
  noShowClaims,
  students,
  userBlocks,
  visitFeedback,
  visitRequests,
} from '../db/schema';
import { universityNameEnOf } from '../universities';
import { wasHeld } from '../mentors';
import { instantSql } from '../db/prepared';
import { blockedBy } from './blocks-queries';
import { iconUrl } from '../storage';
import {
  NO_SHOW_LIMIT,
  VISIT_DURATION_MINUTES,
  VISIT_MAX_PROPOSALS,
  type NoShowDecision,
} from '../../shared/constants';
import {
  acceptedBetween,
  awaitingSide,
  followUpOpen,
  isOpen,
  needsAttentionOf,
  answerDeadline,
  claimCleared,
  claimCountsAgainstStudent,
  countedNoShows,
} from './queries';
import { profileTextAsRead, requestTextsAsRead, textAsRead } from './contact-rule-service';
import { proposedTimesOf } from './proposed-times';
import {
  hasEmployerRules,
  storedEmployerRules,
  type EmployerRules,
} from '../../shared/schemas/employer-rules';

/** The newest requests a list shows; older ones stay reachable from their e-mails. */
const LIST_LIMIT = 100;

const blocks = alias(userBlocks, 'viewer_blocks');
const ownFeedback = alias(visitFeedback, 'own_feedback');
const ownClaim = alias(noShowClaims, 'own_claim');
const claimAgainst = alias(noShowClaims, 'claim_against');
const earlierVisit = alias(visitRequests, 'earlier_visit');

/**
 * The request's student held no visit before it (「初めてのOG訪問」 on the alumna's side): none of
 * her other requests took place (wasHeld, the site's one rule of a visit held) at a time before
 * this one's meeting, or before now while it has none.
 */
function firstVisitOf(now: Date) {
  return sql<boolean>`not exists (select 1 from visit_requests ${earlierVisit} where ${earlierVisit.studentId} = ${visitRequests.studentId} and ${earlierVisit.id} <> ${visitRequests.id} and ${earlierVisit.meetingAt} < coalesce(${visitRequests.meetingAt}, ${instantSql(now)}) and ${wasHeld(earlierVisit)})`;
}

/** The viewer's side of the request in SQL: 'student' or 'mentor'. */
function viewerSide(viewerId: string) {
  return sql`case when ${visitRequests.studentId} = ${viewerId} then 'student' else 'mentor' end`;
}

function viewQuery(db: Executor, viewerId: string) {
  return (
    db
      .select({
        request: visitRequests,
        student: {
          name: students.name,
          universityName: students.universityName,
          universityNameEn: universityNameEnOf(students.universityId),
          grade: students.grade,
          faculty: students.faculty,
          department: students.department,
          desiredIndustry: students.desiredIndustry,
          desiredJobType: students.desiredJobType,
          selfIntroduction: students.selfIntroduction,
          contactEmail: students.contactEmail,
        },
        mentor: {
          name: mentors.name,
          universityName: mentors.universityName,
          universityNameEn: universityNameEnOf(mentors.universityId),
          urlParam: mentors.urlParam,
          graduationYear: mentors.graduationYear,
          company: mentors.company,
          iconId: mentors.iconId,
          contactEmail: mentors.contactEmail,
          contactEmailConfirmedAt: mentors.contactEmailConfirmedAt,
          contactVisibility: mentors.contactVisibility,
          employerRules: mentors.employerRules,
        },
        // Open (the one rule, queries.ts): the page offers cancelling only while it is.
        open: sql<boolean>`(${isOpen(new Date())})`,
        blockedOther: sql<boolean>`${blocks.blockerId} is not null`,
        // The detail page's rules (visits/availability): a block hides the alumnus's contact, any
        // accepted request of the pair shows it under "accepted only".
        mentorBlockedStudent: blockedBy(visitRequests.mentorId, visitRequests.studentId),
        pairAccepted: acceptedBetween(visitRequests.studentId, visitRequests.mentorId),
        // Only the alumna is told; the student's own rows need not look.
        studentFirstVisit: sql<boolean>`(${visitRequests.mentorId} = ${viewerId} and ${firstVisitOf(new Date())})`,
        // The viewer's own feedback only: the other side's is for the seminar.
        feedback: { rating: ownFeedback.rating, comment: ownFeedback.comment },
        ownClaim: claimColumns(ownClaim),
        claimAgainst: claimColumns(claimAgainst),
      })
      .from(visitRequests)
      // Left joins: a request outlives the side that withdrew.
      .leftJoin(students, eq(students.userId, visitRequests.studentId))
      .leftJoin(mentors, eq(mentors.userId, visitRequests.mentorId))
      .leftJoin(
        blocks,
        and(
          eq(blocks.blockerId, viewerId),
          sql`${blocks.blockedId} = case when ${visitRequests.studentId} = ${viewerId} then ${visitRequests.mentorId} else ${visitRequests.studentId} end`,
        ),
      )
      .leftJoin(
        ownFeedback,
        and(
          eq(ownFeedback.visitRequestId, visitRequests.id),
          sql`${ownFeedback.side} = ${viewerSide(viewerId)}`,
        ),
      )
      .leftJoin(
        ownClaim,
        and(
          eq(ownClaim.visitRequestId, visitRequests.id),
          sql`${ownClaim.claimantSide} = ${viewerSide(viewerId)}`,
        ),
      )
      .leftJoin(
        claimAgainst,
        and(
          eq(claimAgainst.visitRequestId, visitRequests.id),
          sql`${claimAgainst.claimantSide} <> ${viewerSide(viewerId)}`,
        ),
      )
      .$dynamic()
  );
}

function claimColumns(claim: typeof ownClaim | typeof claimAgainst) {
  return {
    reason: claim.reason,
    claimedAt: claim.createdAt,
    answerNote: claim.answerNote,
    answeredAt: claim.answeredAt,
    withdrawnAt: claim.withdrawnAt,
    decision: claim.decision,
    // As the stop counts it: an alumna's claim, about a visit after any clearance.
    counts: claimCountsAgainstStudent(
      claim,
      visitRequests.meetingAt,
      students.noShowsClearedAt,
      new Date(),
    ),
    cleared: claimCleared(claim, visitRequests.meetingAt, students.noShowsClearedAt),
  };
}

/** A no-show claim as both sides read it (null: none). */
function claimView(
  claim: {
    reason: string | null;
    claimedAt: Date | null;
    answerNote: string | null;
    answeredAt: Date | null;
    withdrawnAt: Date | null;
    decision: NoShowDecision | null;
    counts: boolean;
    cleared: boolean;
  } | null,
): NoShowClaim | null {
  if (!claim?.claimedAt) return null;
  return {
    reason: claim.reason ?? '',
    claimedAt: claim.claimedAt.toISOString(),
    answer:
      claim.answeredAt !== null
        ? { note: claim.answerNote ?? '', at: claim.answeredAt.toISOString() }
        : null,
    withdrawnAt: claim.withdrawnAt?.toISOString() ?? null,
    answerBy: answerDeadline(claim.claimedAt).toISOString(),
    decision: claim.decision,
    counts: claim.counts,
    cleared: claim.cleared,
  };
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof viewQuery>['execute']>>[number];

/**
 * A request as `viewerId` sees it. Contact addresses: the alumnus's as the detail page shows it
 * (to everyone signed in, or once a request of this student was accepted; never to a student
 * the alumnus blocked); the student's once this request is accepted. The texts of the other
 * side written before acceptance with contact details masked (contact-rule-service.ts). A side
 * that withdrew is shown as withdrawn, with none of their data.
 */
function toView(row: ViewRow, viewerId: string): VisitRequest {
  const { request, student, mentor } = row;
  const accepted = request.status === 'accepted';
  const side = request.studentId === viewerId ? 'student' : 'mentor';
  const pending = request.status === 'pending';
  // The other side's words as the contact rule lets this side read them.
  const texts = requestTextsAsRead(request, side);
  const studentText = (text: string | null | undefined) =>
    text ? profileTextAsRead(side, 'student', text, request) : null;
  return {
    id: request.id,
    side,
    status: request.status,
    open: row.open,
    purpose: request.purpose,
    message: texts.message,
    preferredSlots: request.preferredSlots.map((slot) => slot.toISOString()),
    bookedUntil: request.bookedFrom ? (request.bookedUntil?.toISOString() ?? null) : null,
    agendaTopics: request.agendaTopics,
    agendaQuestions: texts.agendaQuestions,
    meetingFormat: request.meetingFormat,
    meetingAt: request.meetingAt?.toISOString() ?? null,
    // Only for an agreed visit: a place or link set before a cancellation is not shown.
    meetingPlace: accepted ? request.meetingPlace : null,
    meetingUrl: accepted ? request.meetingUrl : null,
    // The kind the alumna chose, once agreed or with her waiting proposal; the description is
    // hers, written before acceptance while the proposal waits, so read by the contact rule.
    placeKind: accepted || pending ? request.placeKind : null,
    placeOther:
      (accepted || pending) && request.placeOther
        ? textAsRead(side, {
            text: request.placeOther,
            author: 'mentor',
            beforeAcceptance: !accepted,
          })
        : null,
    windowPlace:
      request.windowPlaceKind || request.windowPlace
        ? {
            kind: request.windowPlaceKind,
            // Her words on a window, written before any acceptance: read by the contact rule.
            words:
              request.windowPlace &&
              textAsRead(side, {
                text: request.windowPlace,
                author: 'mentor',
                beforeAcceptance: true,
              }),
          }
        : null,
    rulesConfirmed: {
      student: request.studentRulesConfirmedAt?.toISOString() ?? null,
      mentor: request.mentorRulesConfirmedAt?.toISOString() ?? null,
    },
    proposal:
      pending && request.proposedTime && request.proposedBy
        ? {
            times: proposedTimesOf(request).map((time) => time.toISOString()),
            by: request.proposedBy,
            message: texts.proposalMessage,
          }
        : null,
    proposalsLeft: pending ? Math.max(0, VISIT_MAX_PROPOSALS - request.proposalCount) : 0,
    awaiting: awaitingSide(request),
    unseen: side === 'student' && request.studentUnseen,
    responseMessage: texts.responseMessage,
    cancelledBy: request.cancelledBy,
    cancelMessage: texts.cancelMessage,
    createdAt: request.createdAt.toISOString(),
    respondedAt: request.respondedAt?.toISOString() ?? null,
    cancelledAt: request.cancelledAt?.toISOString() ?? null,
    expiredAt: request.expiredAt?.toISOString() ?? null,
    followUp: {
      open: followUpOpen(request, new Date()),
      myOutcome: side === 'student' ? request.studentOutcome : request.mentorOutcome,
      otherOutcome: side === 'student' ? request.mentorOutcome : request.studentOutcome,
      thankedAt: request.thankedAt?.toISOString() ?? null,
      myFeedback:
        row.feedback && row.feedback.rating !== null
          ? { rating: row.feedback.rating, comment: row.feedback.comment ?? '' }
          : null,
      myClaim: claimView(row.ownClaim),
      claimAgainstMe: claimView(row.claimAgainst),
    },
    student:
      request.studentId && student
        ? {
            userId: request.studentId,
            withdrawn: false,
            name: student.name,
            universityName: student.universityName,
            universityNameEn: student.universityNameEn,
            grade: student.grade,
            // Every free text of her profile the alumna reads with the request, not only the
            // 自己紹介: a number typed as a 希望職種 would pass otherwise.
            faculty: profileTextAsRead(side, 'student', student.faculty, request),
            department: profileTextAsRead(side, 'student', student.department, request),
            desiredIndustry: studentText(student.desiredIndustry),
            desiredJobType: studentText(student.desiredJobType),
            selfIntroduction: studentText(student.selfIntroduction),
            contactEmail: accepted ? student.contactEmail : null,
          }
        : { ...WITHDRAWN_PERSON, ...WITHDRAWN_STUDENT },
    mentor:
      request.mentorId && mentor
        ? {
            userId: request.mentorId,
            withdrawn: false,
            name: mentor.name,
            universityName: mentor.universityName,
            universityNameEn: mentor.universityNameEn,
            urlParam: mentor.urlParam,
            graduationYear: mentor.graduationYear,
            company: mentor.company,
            iconUrl: mentor.iconId ? iconUrl(mentor.iconId) : null,
            contactEmail:
              mentor.contactEmailConfirmedAt !== null &&
              !row.mentorBlockedStudent &&
              (row.pairAccepted || mentor.contactVisibility === 'signed_in')
                ? mentor.contactEmail
                : null,
          }
        : { ...WITHDRAWN_PERSON, urlParam: '', graduationYear: 0, company: '', iconUrl: null },
    employerRules: request.mentorId && mentor ? shownEmployerRules(mentor.employerRules) : null,
    blockedOther: row.blockedOther,
    studentFirstVisit:
      side === 'mentor' && request.studentId !== null && row.studentFirstVisit === true,
    safeEnd:
      side === 'student' && request.safeEndAskedAt
        ? {
            askedAt: request.safeEndAskedAt.toISOString(),
            confirmedAt: request.safeEndConfirmedAt?.toISOString() ?? null,
          }
        : null,
    requestsStopped: false,
    noShowsCounted: 0,
  };
}

/** Her employer's rules as they are now; null when she recorded none. */
function shownEmployerRules(stored: EmployerRules | null): EmployerRules | null {
  const rules = storedEmployerRules(stored);
  return hasEmployerRules(rules) ? rules : null;
}

const WITHDRAWN_STUDENT = {
  grade: '',
  faculty: '',
  department: '',
  desiredIndustry: null,
  desiredJobType: null,
  selfIntroduction: null,
} as const;

/** The side that withdrew: nothing of theirs is kept or shown (the page says 「退会したユーザー」). */
const WITHDRAWN_PERSON = {
  userId: null,
  withdrawn: true,
  name: '',
  universityName: '',
  universityNameEn: null,
  contactEmail: null,
} as const;

const takesPart = (userId: string) =>
  or(eq(visitRequests.studentId, userId), eq(visitRequests.mentorId, userId))!;

/** One request, if the viewer is its student or its alumnus. */
export async function findVisitRequest(
  db: Executor,
  viewerId: string,
  id: string,
): Promise<VisitRequest | undefined> {
  const [row] = await viewQuery(db, viewerId)
    .where(and(eq(visitRequests.id, id), takesPart(viewerId)))
    .limit(1);
  if (!row) return undefined;
  const view = toView(row, viewerId);
  // Her own page says when her requests are stopped; one read, not one per row of a list.
  if (view.side === 'student') {
    view.noShowsCounted = await countedNoShows(db, viewerId);
    view.requestsStopped = view.noShowsCounted >= NO_SHOW_LIMIT;
  }
  return view;
}

/** Requests waiting for the viewer's answer, or with news a student has not opened: the badge. */
export async function countAwaitingReply(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(visitRequests).where(needsAttentionOf(userId));
  return row?.n ?? 0;
}

/** The viewer's requests, sent and received, newest first. */
export async function listVisitRequests(db: Executor, viewerId: string): Promise<VisitRequestList> {
  const rows = await viewQuery(db, viewerId)
    .where(takesPart(viewerId))
    .orderBy(desc(visitRequests.createdAt), desc(visitRequests.id))
    .limit(LIST_LIMIT);
  return {
    items: rows.map((row) => toView(row, viewerId)),
    awaitingReply: await countAwaitingReply(db, viewerId),
  };
}

/**
 * The viewer's agreed visits that have not ended by `now` (a visit is over an hour after it
 * starts), soonest first, as the viewer sees them on their pages: what a device keeps for
 * reading them offline (day-details-service.ts).
 */
export async function upcomingAgreedVisits(
  db: Executor,
  viewerId: string,
  now: Date,
): Promise<VisitRequest[]> {
  const startedBefore = new Date(now.getTime() - VISIT_DURATION_MINUTES * 60_000);
  const rows = await viewQuery(db, viewerId)
    .where(
      and(
        takesPart(viewerId),
        eq(visitRequests.status, 'accepted'),
        gt(visitRequests.meetingAt, startedBefore),
      ),
    )
    .orderBy(asc(visitRequests.meetingAt))
    .limit(LIST_LIMIT);
  return rows.map((row) => toView(row, viewerId));
}
