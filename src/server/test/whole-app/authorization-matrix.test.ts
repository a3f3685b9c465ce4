import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSignInMail } from '../../credentials/sign-in-links';
import { randomToken, sha256 } from '../../lib/secrets';
import { registerStudent } from '../../auth/registration-service';
import { findBooking, openSlotsOf } from '../../booking';
import { mentorProfileFieldsSchema } from '../../../shared/schemas/mentors';
import {
  emailChanges,
  graduationApplications,
  favourites,
  groupSessionPlaces,
  groupSessionPosts,
  groupSessions,
  gradeRollovers,
  introductions,
  outbox,
  mentorAvailability,
  mentors,
  noShowClaims,
  notifications,
  registrationHolds,
  universities,
  universityDomains,
  userBlocks,
  userReports,
  users,
  visitFeedback,
  visitMessages,
  visitNotes,
  visitRequests,
} from '../../db/schema';
import { insertInvitation } from '../factories/admins';
import {
  codeFromMail,
  createTestApp,
  insertUser,
  TEST_ORIGIN,
  tokenFromMail,
  type TestApp,
} from '../app';
import {
  cookieFor,
  insertMentor,
  insertStudent,
  jpeg,
  mentorFields,
  mentorRow,
  multipartBody,
  nextIp,
  nextSequence,
  studentRow,
} from '../factories/mentors';
import {
  DAY_MS,
  insertMissedVisit,
  insertRequest,
  jstSlot,
  requestForm,
  requestRow,
  requestsOf,
} from '../factories/visits';
import { insertThreadMessage, threadRows } from '../factories/threads';
import {
  accessLabel,
  databaseFingerprint,
  mismatch,
  parseOutcome,
  routeCollector,
  routeKey,
  sessionCount,
  usersSnapshot,
  type Outcome,
  type RouteEntry,
} from '../matrix';

/**
 * The authorization matrix: every route the server registers, called as every kind
 * of caller, compared with the table below, which is written by hand and kept here. A route
 * added without a row, or a row whose route is gone, fails the first test: a new route must
 * be placed in the table on purpose.
 *
 * Callers (a fresh user and session for every call, so sign-out and withdrawal destroy nothing
 * another call needs):
 * - anonymous: no cookie;
 * - unverified: an alumnus (role mentor, with a profile) who has not followed the mailed link,
 *   the only way an unverified session arises;
 * - student, mentor_pending, mentor, admin: verified accounts of that role; the mentor's calls
 *   name the mentor's own profile, icon and invitations;
 * - other-mentor: a second mentor whose calls name the victim's (another mentor's) profile,
 *   icon and invitations, and whose writes to the "me" routes carry the victim's ids;
 * - suspended: an admin whose account an admin suspended, with a session made before: the
 *   guard must treat it as no session (401) and end it.
 * After every call the victim mentor and a victim student must be exactly as before.
 *
 * Cells: 401 = the guard's auth/unauthenticated, 403v = its auth/email-not-verified, 403p =
 * its permission-denied, 403h = the handler's own 403 (visit/students-only, say); a plain
 * status = the call got past the guard and answered exactly that (with no guard code). For a
 * refused call nothing in the database may change.
 */
const PRINCIPALS = [
  'anonymous',
  'unverified',
  'student',
  'mentor_pending',
  'mentor',
  'other-mentor',
  'suspended',
  'admin',
] as const;
type PrincipalKind = (typeof PRINCIPALS)[number];

const TABLE = `
  method  url                                      access         anonymous unverified student mentor_pending mentor other-mentor suspended admin
  GET     /healthz                                 -              200       200        200     200            200    200          200       200
  GET     /metrics                                 -              200       200        200     200            200    200          200       200
  GET     /_dev/mail                               -              200       200        200     200            200    200          200       200
  DELETE  /_dev/mail                               -              204       204        204     204            204    204          204       204
  GET     /api/config                              public         200       200        200     200            200    200          200       200
  GET     /api/auth/session                        public         200       200        200     200            200    200          200       200
  POST    /api/auth/login-link                     public         200       200        200     200            200    200          200       200
  POST    /api/auth/complete-link                  public         200       200        200     200            200    200          200       200
  POST    /api/auth/complete-code                  public         200       200        200     200            200    200          200       200
  POST    /api/auth/link-status                    public         200       200        200     200            200    200          200       200
  POST    /api/auth/resend-verification            public         401       200        200     200            200    200          401       200
  GET     /api/auth/verification-status            public         200       200        200     200            200    200          200       200
  POST    /api/auth/logout                         signed-in      401       200        200     200            200    200          401       200
  DELETE  /api/users/me                            signed-in      401       200        200     200            200    200          401       200
  POST    /api/me/email-change                     verified       401       403v       200     200            200    200          401       200
  POST    /api/email-change/confirm                public         200       200        200     200            200    200          200       200
  POST    /api/email-change/undo                   public         200       200        200     200            200    200          200       200
  GET     /api/graduation                          student        401       403v       200     403p           403p   403p         401       403p
  POST    /api/graduation                          student        401       403v       200     403p           403p   403p         401       403p
  POST    /api/graduation/confirm                  public         200       200        200     200            200    200          200       200
  GET     /api/universities                        public         200       200        200     200            200    200          200       200
  POST    /api/registrations/student               public         200       200        200     200            200    200          200       200
  GET     /api/invitations                         admin|mentor   401       403v       403p    403p           200    200          401       200
  POST    /api/invitations                         admin|mentor   401       403v       403p    403p           201    201          401       201
  GET     /api/invitations/lookup                  public         200       200        200     200            200    200          200       200
  POST    /api/mentor-registrations                public         200       200        200     200            200    200          200       200
  GET     /api/mentors                             verified       401       403v       200     200            200    200          401       200
  GET     /api/mentors/me                          verified       401       403v       404     200            200    200          401       404
  PUT     /api/mentors/me                          mentor         401       403v       403p    403p           200    200          401       403p
  PUT     /api/mentors/me/visit-settings           mentor         401       403v       403p    403p           200    200          401       403p
  PUT     /api/mentors/me/employer-rules           mentor         401       403v       403p    403p           200    200          401       403p
  GET     /api/mentors/me/introductions            mentor         401       403v       403p    403p           200    200          401       403p
  PUT     /api/mentors/me/introductions            mentor         401       403v       403p    403p           200    200          401       403p
  GET     /api/introductions/students/:id          mentor|admin   401       403v       403p    403p           200    409          401       200
  POST    /api/introductions                       mentor|admin   401       403v       403p    403p           200    409          401       200
  GET     /api/introductions/:id                   verified       401       403v       404     404            200    404          401       404
  POST    /api/introductions/:id/answer            mentor         401       403v       403p    403p           200    404          401       403p
  GET     /api/mentors/me/booking                  mentor         401       403v       403p    403p           200    200          401       403p
  PUT     /api/mentors/me/booking                  mentor         401       403v       403p    403p           200    200          401       403p
  GET     /api/mentors/:urlParam/slots             verified       401       403v       200     200            200    200          401       200
  POST    /api/mentors/me/contact-email/resend     mentor         401       403v       403p    403p           200    200          401       403p
  POST    /api/contact-email/confirm               public         200       200        200     200            200    200          200       200
  GET     /api/mentors/:urlParam                   verified       401       403v       200     200            200    200          401       200
  GET     /api/companies/:name                     verified       401       403v       200     200            200    200          401       200
  GET     /api/recommendations                     student        401       403v       200     403p           403p   403p         401       403p
  GET     /api/favourites                          student|mentor_pending 401 403v   200     200            403p   403p         401       403p
  PUT     /api/favourites/:urlParam                student|mentor_pending 401 403v   200     200            403p   403p         401       403p
  DELETE  /api/favourites/:urlParam                student|mentor_pending 401 403v   200     200            403p   403p         401       403p
  GET     /api/students/me                         verified       401       403v       200     404            404    404          401       404
  PUT     /api/students/me                         student        401       403v       200     403p           403p   403p         401       403p
  GET     /api/icons/:iconId                       verified       401       403v       200     200            200    200          401       200
  POST    /api/visit-requests                      student        401       403v       201     403p           403p   403p         401       403p
  POST    /api/visit-requests/bookings             student        401       403v       201     403p           403p   403p         401       403p
  GET     /api/visit-requests                      verified       401       403v       200     200            200    200          401       200
  GET     /api/visit-requests/count                verified       401       403v       200     200            200    200          401       200
  GET     /api/visit-requests/day-details          verified       401       403v       200     200            200    200          401       200
  GET     /api/visit-requests/waiting              verified       401       403v       200     200            200    200          401       200
  GET     /api/visit-requests/:id                  verified       401       403v       404     404            200    404          401       404
  POST    /api/visit-requests/:id/accept           verified       401       403v       404     404            200    404          401       404
  POST    /api/visit-requests/:id/propose          verified       401       403v       404     404            200    404          401       404
  POST    /api/visit-requests/:id/accept-proposal  verified       401       403v       404     404            200    404          401       404
  PUT     /api/visit-requests/:id/meeting          verified       401       403v       404     404            200    404          401       404
  POST    /api/visit-requests/:id/seen             student        401       403v       404     403p           403p   403p         401       403p
  POST    /api/visit-requests/:id/decline          verified       401       403v       404     404            200    404          401       404
  POST    /api/visit-requests/:id/cancel           verified       401       403v       404     404            200    404          401       404
  GET     /api/visit-requests/:id/messages         verified       401       403v       404     404            200    404          401       404
  POST    /api/visit-requests/:id/messages         verified       401       403v       404     404            201    404          401       404
  POST    /api/visit-requests/:id/messages/read    verified       401       403v       404     404            200    404          401       404
  POST    /api/visit-requests/:id/thanks           student        401       403v       404     403p           403p   403p         401       403p
  POST    /api/visit-requests/:id/safe-end         student        401       403v       404     403p           403p   403p         401       403p
  POST    /api/visit-requests/:id/outcome          verified       401       403v       404     404            200    404          401       404
  POST    /api/visit-requests/:id/no-show-answer   verified       401       403v       404     404            200    404          401       404
  PUT     /api/visit-requests/:id/feedback         verified       401       403v       404     404            200    404          401       404
  GET     /api/mentors/me/reply-templates          mentor         401       403v       403p    403p           200    200          401       403p
  PUT     /api/mentors/me/reply-templates          mentor         401       403v       403p    403p           200    200          401       403p
  GET     /api/admin/reports/:id/thread            admin          401       403v       403p    403p           403p   403p         401       200
  GET     /api/visit-requests/:id/calendar.ics     verified       401       403v       404     404            200    404          401       404
  GET     /api/calendar/feed                       verified       401       403v       200     200            200    200          401       200
  POST    /api/calendar/feed/regenerate            verified       401       403v       200     200            200    200          401       200
  GET     /calendar/:file                          -              200       200        200     200            200    200          200       200
  GET     /calendar/:token/slots.ics               -              200       200        200     200            200    200          200       200
  GET     /api/notifications                       verified       401       403v       200     200            200    200          401       200
  GET     /api/notifications/unread-count          verified       401       403v       200     200            200    200          401       200
  POST    /api/notifications/:id/read              verified       401       403v       404     404            404    404          401       404
  POST    /api/notifications/read-all              verified       401       403v       200     200            200    200          401       200
  GET     /api/notifications/stream                verified       401       403v       400     400            400    400          401       400
  GET     /api/me/push                             verified       401       403v       200     200            200    200          401       200
  PUT     /api/me/push                             verified       401       403v       200     200            200    200          401       200
  DELETE  /api/me/push                             verified       401       403v       200     200            200    200          401       200
  POST    /api/push/renewal                        public         404       404        404     404            404    404          404       404
  GET     /api/me/mail-preferences                 verified       401       403v       200     200            200    200          401       200
  PUT     /api/me/mail-preferences                 verified       401       403v       200     200            200    200          401       200
  PUT     /api/me/name-reading                     verified       401       403v       200     200            200    200          401       200
  PUT     /api/me/language                         signed-in      401       200        200     200            200    200          401       200
  GET     /api/admin/overview                      admin          401       403v       403p    403p           403p   403p         401       200
  GET     /api/admin/users                         admin          401       403v       403p    403p           403p   403p         401       200
  PUT     /api/admin/users/:id/role                admin          401       403v       403p    403p           403p   403p         401       200
  POST    /api/admin/users/:id/suspend             admin          401       403v       403p    403p           403p   403p         401       200
  POST    /api/admin/users/:id/reinstate           admin          401       403v       403p    403p           403p   403p         401       200
  POST    /api/admin/users/:id/clear-no-shows      admin          401       403v       403p    403p           403p   403p         401       200
  POST    /api/admin/users/:id/no-show-claims/:visitRequestId/decision admin 401 403v 403p 403p 403p 403p 401 200
  POST    /api/admin/users/:id/group-session-absences/:sessionId/decision admin 401 403v 403p 403p 403p 403p 401 200
  GET     /api/admin/grade-rollovers               admin          401       403v       403p    403p           403p   403p         401       200
  POST    /api/admin/grade-rollovers/:id/undo      admin          401       403v       403p    403p           403p   403p         401       200
  GET     /api/admin/graduation                    admin          401       403v       403p    403p           403p   403p         401       200
  POST    /api/admin/graduation/cohort             admin          401       403v       403p    403p           403p   403p         401       200
  DELETE  /api/admin/users/:id                     admin          401       403v       403p    403p           403p   403p         401       200
  GET     /api/admin/invitations                   admin          401       403v       403p    403p           403p   403p         401       200
  POST    /api/admin/invitations/:id/revoke        admin          401       403v       403p    403p           403p   403p         401       200
  POST    /api/admin/invitations/:id/resend        admin          401       403v       403p    403p           403p   403p         401       201
  POST    /api/admin/invitations/bulk              admin          401       403v       403p    403p           403p   403p         401       200
  GET     /api/admin/setup                         admin          401       403v       403p    403p           403p   403p         401       200
  GET     /api/admin/universities                  admin          401       403v       403p    403p           403p   403p         401       200
  POST    /api/admin/universities                  admin          401       403v       403p    403p           403p   403p         401       201
  PUT     /api/admin/universities/:id              admin          401       403v       403p    403p           403p   403p         401       200
  POST    /api/admin/universities/:id/retire       admin          401       403v       403p    403p           403p   403p         401       200
  POST    /api/admin/universities/:id/restore      admin          401       403v       403p    403p           403p   403p         401       200
  GET     /api/admin/export/students.csv           admin          401       403v       403p    403p           403p   403p         401       200
  GET     /api/admin/export/mentors.csv            admin          401       403v       403p    403p           403p   403p         401       200
  GET     /api/admin/export/visits.csv             admin          401       403v       403p    403p           403p   403p         401       200
  GET     /api/admin/feedback                      admin          401       403v       403p    403p           403p   403p         401       200
  GET     /api/admin/visits                        admin          401       403v       403p    403p           403p   403p         401       200
  GET     /api/admin/visits.csv                    admin          401       403v       403p    403p           403p   403p         401       200
  GET     /api/admin/visits/unconfirmed            admin          401       403v       403p    403p           403p   403p         401       200
  GET     /api/admin/reach                         admin          401       403v       403p    403p           403p   403p         401       200
  GET     /api/admin/reach.csv                     admin          401       403v       403p    403p           403p   403p         401       200
  GET     /api/admin/group-sessions                admin          401       403v       403p    403p           403p   403p         401       200
  GET     /api/admin/group-sessions.csv            admin          401       403v       403p    403p           403p   403p         401       200
  GET     /api/admin/audit                         admin          401       403v       403p    403p           403p   403p         401       200
  POST    /api/reports                             verified       401       403v       201     201            201    201          401       201
  GET     /api/blocks                              verified       401       403v       200     200            200    200          401       200
  PUT     /api/blocks/:userId                      verified       401       403v       200     200            200    200          401       200
  DELETE  /api/blocks/:userId                      verified       401       403v       200     200            200    200          401       200
  GET     /api/admin/reports                       admin          401       403v       403p    403p           403p   403p         401       200
  POST    /api/admin/reports/:id/resolve           admin          401       403v       403p    403p           403p   403p         401       200
  POST    /api/admin/reports/:id/reopen            admin          401       403v       403p    403p           403p   403p         401       200
  PUT     /api/admin/reports/:id/note              admin          401       403v       403p    403p           403p   403p         401       200
  POST    /api/registrations/student/link          public         200       200        200     200            200    200          200       200
  POST    /api/registrations/student/confirm       public         200       200        200     200            200    200          200       200
  POST    /api/registrations/student/cancel        public         200       200        200     200            200    200          200       200
  GET     /api/admin/registration-holds            admin          401       403v       403p    403p           403p   403p         401       200
  POST    /api/admin/registration-holds/:id/clear  admin          401       403v       403p    403p           403p   403p         401       200
  GET     /api/desk                                public         200       200        200     200            200    200          200       200
  PUT     /api/admin/desk                          admin          401       403v       403p    403p           403p   403p         401       200
  GET     /api/seminar                             public         200       200        200     200            200    200          200       200
  PUT     /api/admin/seminar                       admin          401       403v       403p    403p           403p   403p         401       200
  GET     /api/admin/seminar/waiting-limit         admin          401       403v       403p    403p           403p   403p         401       200
  PUT     /api/admin/seminar/waiting-limit         admin          401       403v       403p    403p           403p   403p         401       200
  GET     /api/visit-notes                         student|admin  401       403v       200     403p           403p   403p         401       200
  GET     /api/visit-notes/mine                    verified       401       403v       200     200            200    200          401       200
  GET     /api/visit-notes/about-me                mentor|admin   401       403v       403p    403p           200    200          401       200
  GET     /api/visit-notes/:id                     verified       401       403v       404     404            200    404          401       404
  GET     /api/visit-requests/:id/note             verified       401       403v       404     404            404    404          401       404
  PUT     /api/visit-requests/:id/note             verified       401       403v       404     404            404    404          401       404
  DELETE  /api/visit-notes/:id                     verified       401       403v       404     404            404    404          401       404
  POST    /api/visit-notes/:id/offer               verified       401       403v       404     404            404    404          401       404
  POST    /api/visit-notes/:id/unshare             verified       401       403v       404     404            404    404          401       404
  POST    /api/visit-notes/:id/consent             verified       401       403v       404     404            200    404          401       404
  POST    /api/visit-notes/:id/request-changes     verified       401       403v       404     404            200    404          401       404
  POST    /api/visit-notes/:id/decline             verified       401       403v       404     404            200    404          401       404
  POST    /api/visit-notes/:id/withdraw-consent    verified       401       403v       404     404            200    404          401       404
  GET     /api/admin/visit-notes                   admin          401       403v       403p    403p           403p   403p         401       200
  GET     /api/admin/visit-notes/summary           admin          401       403v       403p    403p           403p   403p         401       200
  POST    /api/admin/visit-notes/:id/hide          admin          401       403v       403p    403p           403p   403p         401       200
  POST    /api/admin/visit-notes/:id/restore       admin          401       403v       403p    403p           403p   403p         401       200
  GET     /api/admin/export/visit-notes.csv        admin          401       403v       403p    403p           403p   403p         401       200
  GET     /api/admin/export/visit-notes.md         admin          401       403v       403p    403p           403p   403p         401       200
  GET     /api/group-sessions                      verified       401       403v       200     200            200    200          401       200
  GET     /api/group-sessions/mine                 verified       401       403v       200     200            200    200          401       200
  GET     /api/mentors/:urlParam/group-sessions    verified       401       403v       200     200            200    200          401       200
  GET     /api/group-sessions/:id                  verified       401       403v       200     200            200    200          401       200
  POST    /api/group-sessions                      mentor|admin   401       403v       403p    403p           201    201          401       201
  POST    /api/group-sessions/:id/seat             verified       401       403v       403h    403h           403h   403h         401       403h
  DELETE  /api/group-sessions/:id/seat             verified       401       403v       409     403h           403h   403h         401       403h
  POST    /api/group-sessions/:id/cancel           mentor|admin   401       403v       403p    403p           204    404          401       204
  PATCH   /api/group-sessions/:id                  mentor|admin   401       403v       403p    403p           200    404          401       200
  PUT     /api/group-sessions/:id/attendance       mentor|admin   401       403v       403p    403p           204    404          401       204
  POST    /api/group-sessions/:id/absence-answer   student        401       403v       409     403p           403p   403p         401       403p
  POST    /api/group-sessions/:id/safe-end         student        401       403v       204     403p           403p   403p         401       403p
  GET     /api/group-sessions/:id/calendar.ics     verified       401       403v       200     404            200    404          401       404
  GET     /api/group-sessions/:id/posts            verified       401       403v       200     404            200    404          401       200
  POST    /api/group-sessions/:id/posts            mentor|student 401       403v       201     403p           201    404          401       403p
  GET     /api/group-sessions/:id/note             verified       401       403v       200     404            404    404          401       404
  PUT     /api/group-sessions/:id/note             verified       401       403v       200     404            404    404          401       404
`;

interface Row {
  key: string;
  method: string;
  url: string;
  access: string;
  outcomes: Record<PrincipalKind, Outcome>;
}

function parseTable(): Row[] {
  const [header, ...lines] = TABLE.trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/));
  if (header!.slice(3).join(' ') !== PRINCIPALS.join(' ')) {
    throw new Error(`the table's columns must be: method url access ${PRINCIPALS.join(' ')}`);
  }
  return lines.map((cells) => {
    const [method, url, access, ...results] = cells as [string, string, string, ...string[]];
    if (results.length !== PRINCIPALS.length) {
      throw new Error(`row ${method} ${url} has ${results.length} cells, not ${PRINCIPALS.length}`);
    }
    const outcomes = Object.fromEntries(
      PRINCIPALS.map((principal, i) => [principal, parseOutcome(results[i]!)]),
    ) as Record<PrincipalKind, Outcome>;
    return { key: routeKey({ method, url }), method, url, access, outcomes };
  });
}

const ROWS = parseTable();

// ------------------------------------------------------------------ callers and their targets

interface Principal {
  kind: PrincipalKind;
  user?: { id: string; email: string };
  cookie?: string;
}

/** A mentor and what hangs on the account: what the URLs of the "someone's" routes name. */
interface Target {
  userId: string;
  email: string;
  urlParam: string;
  iconId: string;
  pendingInvitationId: string;
  expiredInvitationId: string;
}

interface CaseContext {
  n: number;
  principal: Principal;
  /** The caller's own resources for 'mentor', the victim's for 'other-mentor', else a fresh mentor's. */
  target(): Promise<Target>;
}

interface MatrixRequest {
  url: string;
  payload?: object | Buffer;
  headers?: Record<string, string>;
  /** Every call comes from an address of its own (nextIp), so no per-client limit is met. */
  remoteAddress?: string;
}

interface RouteSpec {
  request(c: CaseContext): MatrixRequest | Promise<MatrixRequest>;
  /** For a call that got past the guard: what else must hold, as a failure message. */
  check?(response: LightMyRequestResponse, c: CaseContext): Promise<string | undefined>;
}

let t: TestApp;
const collector = routeCollector();
let photo: Buffer;
let victim: Target;
let victimStudent: { id: string; cookie: string };
let victimCookie: string;
let victimsBaseline: string;

function victimsSnapshot() {
  return usersSnapshot(t.app, [victim.userId, victimStudent.id]);
}

async function makePrincipal(kind: PrincipalKind): Promise<Principal> {
  const { app } = t;
  const n = nextSequence();
  let user: { id: string; email: string } | undefined;
  switch (kind) {
    case 'anonymous':
      return { kind };
    case 'unverified':
      user = (await insertMentor(app, { emailVerified: false })).user;
      break;
    case 'student':
      // In the last grade, so that applying to become an OG is theirs to do.
      user = (await insertStudent(app, { grade: '4年' })).user;
      break;
    case 'mentor_pending':
      user = (await insertMentor(app, { role: 'mentor_pending' })).user;
      break;
    case 'mentor':
      user = (await insertMentor(app, { icon: photo })).user;
      break;
    case 'other-mentor':
      user = (await insertMentor(app)).user;
      break;
    case 'suspended':
      user = await insertUser(app, {
        email: `matrix-suspended-${n}@example.com`,
        role: 'admin',
        suspendedAt: new Date(),
      });
      break;
    case 'admin':
      user = await insertUser(app, { email: `matrix-admin-${n}@example.com`, role: 'admin' });
      break;
  }
  return { kind, user, cookie: await cookieFor(app, user.id) };
}

/** Gives a mentor one pending and one expired invitation of their own. */
async function targetOf(user: { id: string; email: string }): Promise<Target> {
  const mentor = await mentorRow(t.app, user.id);
  if (!mentor?.iconId) throw new Error('a target needs a mentor profile with an icon');
  const pending = await insertInvitation(t.app, { inviterId: user.id });
  const expired = await insertInvitation(t.app, {
    inviterId: user.id,
    status: 'expired',
    expiresIn: '-1 day',
  });
  return {
    userId: user.id,
    email: user.email,
    urlParam: mentor.urlParam,
    iconId: mentor.iconId,
    pendingInvitationId: pending.id,
    expiredInvitationId: expired.id,
  };
}

function contextFor(principal: Principal): CaseContext {
  return {
    n: nextSequence(),
    principal,
    target: async () => {
      if (principal.kind === 'other-mentor') return victim;
      if (principal.kind === 'mentor') return targetOf(principal.user!);
      return targetOf((await insertMentor(t.app, { icon: photo })).user);
    },
  };
}

/** Publishes 予約枠 for the alumna (every day, 10:00–12:00, holidays too) and names her first open slot. */
async function publishedSlot(mentorId: string): Promise<string> {
  const db = t.app.ctx.db;
  await db
    .update(mentors)
    .set({ bookingEnabled: true, bookingOnHolidays: true })
    .where(eq(mentors.userId, mentorId));
  await db.delete(mentorAvailability).where(eq(mentorAvailability.mentorId, mentorId));
  await db.insert(mentorAvailability).values(
    [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
      mentorId,
      kind: 'weekly' as const,
      weekday,
      startMinute: 10 * 60,
      endMinute: 12 * 60,
      meetingFormat: 'online' as const,
    })),
  );
  const [slot] = await openSlotsOf(db, (await findBooking(db, mentorId))!, new Date(), {
    limit: 1,
  });
  return slot!.start.toISOString();
}

async function insertUniversity(n: number, retired = false): Promise<string> {
  const id = `matrix-u-${n}`;
  await t.app.ctx.db
    .insert(universities)
    .values({ id, name: `マトリクス大学${n}`, retiredAt: retired ? new Date() : null });
  await t.app.ctx.db
    .insert(universityDomains)
    .values({ domain: `matrix-${n}.ac.jp`, universityId: id });
  return id;
}

/** Queues a sign-in mail for a fresh user, read back from the outbox as a person would. */
/** A fresh user's change of address waiting for its link (or, applied, for its undo link). */
async function emailChangeToken(n: number, link: 'confirm' | 'undo'): Promise<string> {
  const oldEmail = `matrix-change-${link}-${n}@example.com`;
  const newEmail = `matrix-changed-${link}-${n}@example.com`;
  const user = await insertUser(t.app, {
    email: link === 'undo' ? newEmail : oldEmail,
    role: 'mentor',
  });
  const token = randomToken();
  const hour = new Date(Date.now() + 60 * 60 * 1000);
  await t.app.ctx.db.insert(emailChanges).values({
    userId: user.id,
    oldEmail,
    newEmail,
    tokenHash: sha256(link === 'confirm' ? token : randomToken()),
    expiresAt: hour,
    ...(link === 'undo'
      ? { appliedAt: new Date(), undoTokenHash: sha256(token), undoExpiresAt: hour }
      : {}),
  });
  return token;
}

/** An alumna whose separate contact address waits for its link; the link's token. */
async function contactEmailToken(n: number): Promise<string> {
  const { user } = await insertMentor(t.app, {
    contactEmail: `matrix-contact-${n}@example.org`,
  });
  const token = randomToken();
  await t.app.ctx.db
    .update(mentors)
    .set({
      contactEmailConfirmedAt: null,
      contactEmailTokenHash: sha256(token),
      contactEmailTokenExpiresAt: new Date(Date.now() + 60 * 60 * 1000),
    })
    .where(eq(mentors.userId, user.id));
  return token;
}

/** A 4年 student's application to become an OG, waiting for its link; the link's token. */
async function graduationToken(n: number): Promise<string> {
  const oldEmail = `matrix-graduate-${n}@akane.waseda.jp`;
  const { user } = await insertStudent(t.app, { email: oldEmail, grade: '4年' });
  const token = randomToken();
  const [change] = await t.app.ctx.db
    .insert(emailChanges)
    .values({
      userId: user.id,
      purpose: 'graduation',
      oldEmail,
      newEmail: `matrix-graduated-${n}@example.com`,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    })
    .returning();
  await t.app.ctx.db.insert(graduationApplications).values({
    userId: user.id,
    emailChangeId: change!.id,
    profile: mentorProfileFieldsSchema.parse(mentorFields()),
  });
  return token;
}

async function signInMailFor(n: number) {
  const email = `matrix-signin-${n}@example.com`;
  const user = await insertUser(t.app, { email, role: 'student' });
  // The mail is bound to a browser; its code works only with that cookie.
  const binding = randomToken();
  await issueSignInMail(t.app.ctx.db, {
    email,
    userId: user.id,
    browserHash: sha256(binding),
  });
  const [mail] = await t.app.ctx.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, email))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  const devMail = { ...mail!, sentAt: '' };
  return {
    email,
    token: tokenFromMail(devMail),
    code: codeFromMail(devMail),
    browserCookie: `og_signin=${binding}`,
  };
}

async function multipart(fields: Record<string, string>, withPhoto = true) {
  const body = await multipartBody(fields, withPhoto ? { content: photo } : undefined);
  return { payload: body.payload, headers: { 'content-type': body.contentType } };
}

function failIf(condition: boolean, message: string): string | undefined {
  return condition ? message : undefined;
}

function favouritesOf(studentId: string) {
  return t.app.ctx.db.select().from(favourites).where(eq(favourites.studentId, studentId));
}

function blocksOf(blockerId: string) {
  return t.app.ctx.db.select().from(userBlocks).where(eq(userBlocks.blockerId, blockerId));
}

const loopback = (url: string) => () => ({ url, remoteAddress: '127.0.0.1' });
const plain = (url: string) => () => ({ url });
const MATRIX_COMPANY = 'マトリクス検証株式会社';

/** Notifications made for the matrix's cases, newest last. */
const matrixNotifications: string[] = [];

/** The visit request each case acts on, by its context. */
const caseRequests = new WeakMap<CaseContext, string>();

/**
 * A waiting request from a fresh student to the case's target alumnus: the caller's own for
 * 'mentor', the victim's for 'other-mentor', a stranger's for everyone else.
 */
async function requestToTarget(
  c: CaseContext,
  state: Parameters<typeof insertRequest>[3] = {},
): Promise<string> {
  const student = await insertStudent(t.app);
  const { id } = await insertRequest(t.app, student.user.id, (await c.target()).userId, state);
  caseRequests.set(c, id);
  return id;
}

/** Only the alumnus the request was sent to changes it; it stays waiting for everyone else. */
function visitAction(
  action: 'accept' | 'accept-proposal' | 'decline' | 'cancel',
  done: 'accepted' | 'declined' | 'cancelled',
  payload: object,
  state: Parameters<typeof insertRequest>[3] = {},
): RouteSpec {
  return {
    request: async (c) => ({
      url: `/api/visit-requests/${await requestToTarget(c, state)}/${action}`,
      payload,
    }),
    check: async (_, c) => {
      const row = await requestRow(t.app, caseRequests.get(c)!);
      const want = c.principal.kind === 'mentor' ? done : 'pending';
      return failIf(row?.status !== want, `the request is ${row?.status}, want ${want}`);
    },
  };
}

/** A visit agreed for two hours ago: what happens after the meeting is open. */
const HELD = { status: 'accepted', meetingAt: new Date(Date.now() - 2 * 60 * 60 * 1000) } as const;

/** The case's note, by its context. */
const caseNotes = new WeakMap<CaseContext, string>();

/**
 * A 訪問記録 by a fresh student on a visit held with the case's target alumna, in `sharing` (and
 * hidden when told): nobody in the matrix wrote it; only the 'mentor' case is its alumna.
 */
async function noteToTarget(
  c: CaseContext,
  sharing: (typeof visitNotes.$inferInsert)['sharing'],
  hidden = false,
): Promise<string> {
  const requestId = await requestToTarget(c, HELD);
  const [student] = await t.app.ctx.db
    .select({ id: visitRequests.studentId, mentorId: visitRequests.mentorId })
    .from(visitRequests)
    .where(eq(visitRequests.id, requestId));
  const [note] = await t.app.ctx.db
    .insert(visitNotes)
    .values({
      visitRequestId: requestId,
      authorId: student!.id,
      mentorId: student!.mentorId,
      company: 'マトリクス商事',
      industry: '商社 - 総合商社',
      visitedAt: HELD.meetingAt,
      advice: 'マトリクス',
      sharing,
      offeredAt: sharing === 'private' ? null : new Date(),
      sharedAt: sharing === 'shared' ? new Date() : null,
      hiddenAt: hidden ? new Date() : null,
      hiddenReason: hidden ? 'マトリクス' : null,
    })
    .returning({ id: visitNotes.id });
  caseNotes.set(c, note!.id);
  return note!.id;
}

async function noteRow(c: CaseContext) {
  const [row] = await t.app.ctx.db
    .select()
    .from(visitNotes)
    .where(eq(visitNotes.id, caseNotes.get(c)!));
  return row;
}

/** An alumna's answer to a note: only the 'mentor' case, its alumna, moves it. */
function noteAnswer(
  action: string,
  from: 'offered' | 'shared',
  done: string,
  payload?: object,
): RouteSpec {
  return {
    request: async (c) => ({
      url: `/api/visit-notes/${await noteToTarget(c, from)}/${action}`,
      ...(payload ? { payload } : {}),
    }),
    check: async (_, c) => {
      const row = await noteRow(c);
      const want = c.principal.kind === 'mentor' ? done : from;
      return failIf(row?.sharing !== want, `the note is ${row?.sharing}, want ${want}`);
    },
  };
}

/** An author's change to a note: nobody in the matrix wrote it, so it stays as it was. */
function noteUnchanged(
  sharing: 'private' | 'shared',
  method: 'offer' | 'unshare' | 'delete',
): RouteSpec {
  return {
    request: async (c) => {
      const id = await noteToTarget(c, sharing);
      return {
        url: method === 'delete' ? `/api/visit-notes/${id}` : `/api/visit-notes/${id}/${method}`,
      };
    },
    check: async (_, c) => {
      const row = await noteRow(c);
      return failIf(
        row?.sharing !== sharing,
        `the note is ${row?.sharing ?? 'gone'}, want ${sharing}`,
      );
    },
  };
}

/** The rollover of a far school year of this case's own, the latest until the next case's. */
async function rolloverOfYear(n: number): Promise<string> {
  const [row] = await t.app.ctx.db
    .insert(gradeRollovers)
    .values({ schoolYear: 3000 + n, changes: [] })
    .returning({ id: gradeRollovers.id });
  return row!.id;
}

/** A student account, for the admin routes that act on students only. */
async function studentTarget(): Promise<string> {
  return (await insertStudent(t.app)).user.id;
}

/** A time three days ahead at 10:00 Japan time: one any proposal may name. */
const PROPOSABLE = jstSlot(3);

/** Requests the caller sees in the list or the badge: only the mentor's own case has one. */
function ownRequestCount(c: CaseContext): number {
  return c.principal.kind === 'mentor' ? 1 : 0;
}

/** The student of the case's introduction, by its context. */
const caseStudents = new WeakMap<CaseContext, string>();

/**
 * A student who met the case's target alumna (a visit she agreed): one the caller may introduce
 * for 'mentor', the victim's for 'other-mentor', no one's for the rest.
 */
async function studentWhoMetTarget(c: CaseContext): Promise<string> {
  const requestId = await requestToTarget(c, HELD);
  const studentId = (await requestRow(t.app, requestId))!.studentId!;
  caseStudents.set(c, studentId);
  return studentId;
}

function introductionsOf(studentId: string) {
  return t.app.ctx.db.select().from(introductions).where(eq(introductions.studentId, studentId));
}

/** An introduction of a fresh student to the case's target alumna, by an admin no case is. */
async function introductionToTarget(c: CaseContext): Promise<string> {
  const student = await insertStudent(t.app);
  const admin = await insertUser(t.app, {
    email: `matrix-intro-${c.n}@example.com`,
    role: 'admin',
  });
  const [row] = await t.app.ctx.db
    .insert(introductions)
    .values({
      studentId: student.user.id,
      mentorId: (await c.target()).userId,
      introducedBy: admin.id,
      introducerRole: 'admin',
      introducerName: '',
      reason: 'マトリクス',
    })
    .returning({ id: introductions.id });
  caseStudents.set(c, student.user.id);
  return row!.id;
}

/** The case's 座談会, by its context, and the student seated in it who is not the caller. */
const caseSessions = new WeakMap<
  CaseContext,
  { id: string; seated: string; seatedName: string; callerSeated: boolean }
>();

/**
 * A 座談会 of the case's target alumna (the caller's own for 'mentor', the victim's for
 * 'other-mentor', a stranger's for the rest), with a fresh student seated in it; a student
 * caller holds the next seat, so that an attendee's view is what is checked. `grades` restricts
 * who it is for.
 */
async function groupSessionOfTarget(c: CaseContext, grades?: string[]): Promise<string> {
  const startsAt = new Date(Date.now() + 6 * 24 * 60 * 60 * 1000);
  const [session] = await t.app.ctx.db
    .insert(groupSessions)
    .values({
      mentorId: (await c.target()).userId,
      title: 'マトリクスの座談会',
      topics: ['career_advice'],
      startsAt,
      endsAt: new Date(startsAt.getTime() + 60 * 60 * 1000),
      signUpClosesAt: new Date(startsAt.getTime() - 24 * 60 * 60 * 1000),
      meetingFormat: 'online',
      meetingUrl: 'https://meet.google.com/abc-defg-hij',
      seats: 3,
      audienceKind: grades ? 'grades' : 'all',
      audienceGrades: grades ?? [],
    })
    .returning({ id: groupSessions.id });
  const id = session!.id;
  const other = await insertStudent(t.app, { name: `座談会の参加者 ${c.n}` });
  await t.app.ctx.db.insert(groupSessionPlaces).values({
    sessionId: id,
    sessionSeats: 3,
    studentId: other.user.id,
    state: 'seated',
    seatNo: 1,
  });
  const callerSeated = c.principal.kind === 'student' && !grades;
  if (callerSeated) {
    await t.app.ctx.db.insert(groupSessionPlaces).values({
      sessionId: id,
      sessionSeats: 3,
      studentId: c.principal.user!.id,
      state: 'seated',
      seatNo: 2,
    });
  }
  caseSessions.set(c, { id, seated: other.user.id, seatedName: other.student.name, callerSeated });
  return id;
}

/** The alumna an admin's case opens a 座談会 for (its target, read once). */
const caseHosts = new WeakMap<CaseContext, string>();

function placesOfCase(c: CaseContext) {
  return t.app.ctx.db
    .select()
    .from(groupSessionPlaces)
    .where(eq(groupSessionPlaces.sessionId, caseSessions.get(c)!.id));
}

/**
 * The case's 座談会 (groupSessionOfTarget), in person and ended three hours ago: held (a 訪問記録
 * may be written about it) and past its 「無事に終わりましたか」.
 */
async function heldGroupSessionOfTarget(c: CaseContext): Promise<string> {
  const id = await groupSessionOfTarget(c);
  const endsAt = new Date(Date.now() - 3 * 60 * 60 * 1000);
  await t.app.ctx.db
    .update(groupSessions)
    .set({
      signUpClosesAt: new Date(endsAt.getTime() - 26 * 60 * 60 * 1000),
      startsAt: new Date(endsAt.getTime() - 60 * 60 * 1000),
      endsAt,
      meetingFormat: 'in_person',
      placeKind: 'public',
      meetingPlace: 'マトリクスの会議室',
      meetingUrl: '',
    })
    .where(eq(groupSessions.id, id));
  return id;
}

/** The other student's seat is hers still, and nobody took another. */
async function othersSeatKept(c: CaseContext): Promise<string | undefined> {
  const rows = await placesOfCase(c);
  const hers = rows.find((row) => row.studentId === caseSessions.get(c)!.seated);
  const own = caseSessions.get(c)!.callerSeated ? 1 : 0;
  return (
    failIf(hers?.state !== 'seated', `the other student's place is ${hers?.state}`) ??
    failIf(
      rows.filter((row) => row.state !== 'left').length !== 1 + own,
      `${rows.length} places in it`,
    )
  );
}

/** How each route is called: a well-formed request that an allowed caller gets answered. */
const REQUESTS: Record<string, RouteSpec> = {
  'GET /healthz': { request: plain('/healthz') },
  // To this machine's scraper; from elsewhere 404 (metrics.test.ts).
  'GET /metrics': { request: loopback('/metrics') },
  'GET /_dev/mail': { request: loopback('/_dev/mail') },
  'DELETE /_dev/mail': { request: loopback('/_dev/mail') },
  'GET /api/config': { request: plain('/api/config') },
  'GET /api/auth/session': {
    request: plain('/api/auth/session'),
    check: async (response, c) => {
      const seen = (response.json() as { user: { id: string } | null }).user?.id ?? null;
      const expected = c.principal.kind === 'suspended' ? null : (c.principal.user?.id ?? null);
      return failIf(seen !== expected, `session names ${seen}, want ${expected}`);
    },
  },
  'POST /api/auth/login-link': {
    request: async (c) => {
      const email = `matrix-login-${c.n}@example.com`;
      await insertUser(t.app, { email, role: 'student' });
      return { url: '/api/auth/login-link', payload: { email } };
    },
  },
  'POST /api/auth/complete-link': {
    request: async (c) => {
      const { email, token } = await signInMailFor(c.n);
      return { url: '/api/auth/complete-link', payload: { email, token } };
    },
  },
  'POST /api/me/email-change': {
    // A student may move only within the university's domains: the same domain as now.
    request: (c) => ({
      url: '/api/me/email-change',
      payload: {
        email: `matrix-moved-${c.n}@${c.principal.user?.email.split('@')[1] ?? 'example.com'}`,
      },
    }),
  },
  'POST /api/email-change/confirm': {
    request: async (c) => ({
      url: '/api/email-change/confirm',
      payload: { token: await emailChangeToken(c.n, 'confirm') },
    }),
  },
  'GET /api/graduation': { request: plain('/api/graduation') },
  'POST /api/graduation': {
    request: async (c) => ({
      url: '/api/graduation',
      ...(await multipart({ ...mentorFields(), email: `matrix-personal-${c.n}@example.com` })),
    }),
  },
  'POST /api/graduation/confirm': {
    request: async (c) => ({
      url: '/api/graduation/confirm',
      payload: { token: await graduationToken(c.n) },
    }),
  },
  'POST /api/email-change/undo': {
    request: async (c) => ({
      url: '/api/email-change/undo',
      payload: { token: await emailChangeToken(c.n, 'undo') },
    }),
  },
  'POST /api/auth/link-status': {
    request: async (c) => {
      const { token } = await signInMailFor(c.n);
      return { url: '/api/auth/link-status', payload: { token } };
    },
  },
  'POST /api/auth/complete-code': {
    request: async (c) => {
      const { email, code, browserCookie } = await signInMailFor(c.n);
      // Typed in the browser that asked: its binding beside the principal's session, if any.
      const cookie = [c.principal.cookie, browserCookie].filter(Boolean).join('; ');
      return { url: '/api/auth/complete-code', payload: { email, code }, headers: { cookie } };
    },
  },
  'POST /api/auth/resend-verification': { request: plain('/api/auth/resend-verification') },
  'GET /api/auth/verification-status': { request: plain('/api/auth/verification-status') },
  'POST /api/auth/logout': {
    request: plain('/api/auth/logout'),
    check: async (_, c) => {
      const left = await sessionCount(t.app, c.principal.user!.id);
      return failIf(left !== 0, `sign-out left ${left} sessions`);
    },
  },
  'DELETE /api/users/me': {
    request: plain('/api/users/me'),
    check: async (_, c) => {
      const [row] = await t.app.ctx.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, c.principal.user!.id));
      return failIf(row !== undefined, 'withdrawal left the caller in place');
    },
  },
  'GET /api/universities': { request: plain('/api/universities') },
  'POST /api/registrations/student': {
    request: (c) => ({
      url: '/api/registrations/student',
      payload: {
        name: '権限 花子',
        nameReading: 'ヤマダ ハナコ',
        studentNumber: `M${c.n}`,
        universityId: 'waseda',
        faculty: '商学部',
        department: '商学科',
        grade: '3年',
        email: `matrix-register-${c.n}@akane.waseda.jp`,
        termsAccepted: true,
      },
    }),
  },
  'GET /api/invitations': { request: plain('/api/invitations') },
  'POST /api/invitations': {
    request: (c) => ({
      url: '/api/invitations',
      payload: { email: `matrix-invitee-${c.n}@example.com`, role: 'mentor' },
    }),
  },
  'GET /api/invitations/lookup': {
    request: async (c) => {
      const invitation = await insertInvitation(t.app, {
        email: `matrix-lookup-${c.n}@example.com`,
      });
      const query = new URLSearchParams({ email: invitation.email, code: invitation.inviteCode });
      return { url: `/api/invitations/lookup?${query.toString()}` };
    },
  },
  'POST /api/mentor-registrations': {
    request: async (c) => {
      const invitation = await insertInvitation(t.app, {
        email: `matrix-og-${c.n}@example.com`,
      });
      const fields = { email: invitation.email, code: invitation.inviteCode, ...mentorFields() };
      return { url: '/api/mentor-registrations', ...(await multipart(fields)) };
    },
  },
  'GET /api/mentors': { request: plain('/api/mentors') },
  'GET /api/mentors/me': {
    request: plain('/api/mentors/me'),
    check: async (response, c) => {
      if (response.statusCode !== 200) return undefined;
      const shown = (response.json() as { contactEmail: string }).contactEmail;
      return failIf(shown !== c.principal.user!.email, `showed the profile of ${shown}`);
    },
  },
  'PUT /api/mentors/me': {
    // The victim's ids ride along in the form: they must be ignored, the session decides.
    request: async () => ({
      url: '/api/mentors/me',
      ...(await multipart({
        ...mentorFields({ company: MATRIX_COMPANY }),
        userId: victim.userId,
        urlParam: victim.urlParam,
        iconId: victim.iconId,
      })),
    }),
    check: async (_, c) => {
      const own = await mentorRow(t.app, c.principal.user!.id);
      return failIf(own?.company !== MATRIX_COMPANY, "the caller's own profile was not saved");
    },
  },
  'GET /api/mentors/me/introductions': { request: plain('/api/mentors/me/introductions') },
  'PUT /api/mentors/me/introductions': {
    // The victim's id rides along: it must be ignored, the session decides.
    request: () => ({
      url: '/api/mentors/me/introductions',
      payload: { takesIntroductions: false, userId: victim.userId },
    }),
    check: async (_, c) => {
      const own = await mentorRow(t.app, c.principal.user!.id);
      return failIf(own?.takesIntroductions !== false, "the caller's own setting was not saved");
    },
  },
  'GET /api/introductions/students/:id': {
    request: async (c) => ({ url: `/api/introductions/students/${await studentWhoMetTarget(c)}` }),
  },
  'POST /api/introductions': {
    // Another listed alumna is introduced: only one who met the student, or an admin, may.
    request: async (c) => ({
      url: '/api/introductions',
      payload: {
        studentId: await studentWhoMetTarget(c),
        mentorUrlParam: (await insertMentor(t.app)).mentor.urlParam,
        reason: 'マトリクス',
      },
    }),
    check: async (_, c) => {
      const made = await introductionsOf(caseStudents.get(c)!);
      const want = c.principal.kind === 'mentor' || c.principal.kind === 'admin' ? 1 : 0;
      return failIf(made.length !== want, `${made.length} introductions made, want ${want}`);
    },
  },
  'GET /api/introductions/:id': {
    request: async (c) => ({ url: `/api/introductions/${await introductionToTarget(c)}` }),
  },
  'POST /api/introductions/:id/answer': {
    request: async (c) => ({
      url: `/api/introductions/${await introductionToTarget(c)}/answer`,
      payload: { answer: 'opt_in' },
    }),
    check: async (_, c) => {
      const [row] = await introductionsOf(caseStudents.get(c)!);
      const want = c.principal.kind === 'mentor' ? 'opted_in' : 'pending';
      return failIf(row?.status !== want, `the introduction is ${row?.status}, want ${want}`);
    },
  },
  'PUT /api/mentors/me/visit-settings': {
    // The victim's id rides along: it must be ignored, the session decides.
    request: () => ({
      url: '/api/mentors/me/visit-settings',
      payload: {
        contactVisibility: 'accepted',
        acceptingRequests: false,
        monthlyRequestLimit: 3,
        userId: victim.userId,
      },
    }),
    check: async (_, c) => {
      const own = await mentorRow(t.app, c.principal.user!.id);
      const saved = own?.monthlyRequestLimit === 3 && own.acceptingRequests === false;
      return failIf(!saved, "the caller's own visit settings were not saved");
    },
  },
  'PUT /api/mentors/me/employer-rules': {
    // The victim's id rides along: it must be ignored, the session decides.
    request: () => ({
      url: '/api/mentors/me/employer-rules',
      payload: {
        onlineOnly: true,
        premisesOnly: false,
        latestEnd: '19:00',
        noAlcohol: true,
        deskName: null,
        deskContact: null,
        userId: victim.userId,
      },
    }),
    check: async (_, c) => {
      const own = await mentorRow(t.app, c.principal.user!.id);
      return failIf(
        own?.employerRules?.latestEnd !== '19:00',
        "the caller's own employer rules were not saved",
      );
    },
  },
  'GET /api/mentors/me/booking': { request: plain('/api/mentors/me/booking') },
  'PUT /api/mentors/me/booking': {
    // The victim's id rides along: refused as unknown (strict), and the session decides anyway.
    request: () => ({
      url: '/api/mentors/me/booking',
      payload: {
        bookingEnabled: true,
        slotMinutes: 45,
        noticeHours: 72,
        aheadDays: 14,
        bufferMinutes: 15,
        onHolidays: false,
        autoAccept: false,
        rules: [
          { kind: 'weekly', weekday: 2, start: '10:00', end: '12:00', meetingFormat: 'online' },
        ],
      },
    }),
    check: async (_, c) => {
      const own = await mentorRow(t.app, c.principal.user!.id);
      return failIf(own?.slotMinutes !== 45, "the caller's own 予約枠 were not saved");
    },
  },
  'GET /api/mentors/:urlParam/slots': {
    request: async (c) => ({ url: `/api/mentors/${(await c.target()).urlParam}/slots` }),
  },
  'POST /api/mentors/me/contact-email/resend': {
    request: plain('/api/mentors/me/contact-email/resend'),
  },
  'POST /api/contact-email/confirm': {
    request: async (c) => ({
      url: '/api/contact-email/confirm',
      payload: { token: await contactEmailToken(c.n) },
    }),
  },
  'GET /api/mentors/:urlParam': {
    request: async (c) => ({ url: `/api/mentors/${(await c.target()).urlParam}` }),
  },
  'GET /api/companies/:name': {
    request: async (c) => {
      const target = await c.target();
      const [row] = await t.app.ctx.db
        .select({ company: mentors.company })
        .from(mentors)
        .where(eq(mentors.urlParam, target.urlParam));
      return { url: `/api/companies/${encodeURIComponent(row!.company)}` };
    },
  },
  'GET /api/recommendations': { request: plain('/api/recommendations') },
  'GET /api/favourites': { request: plain('/api/favourites') },
  'PUT /api/favourites/:urlParam': {
    request: async (c) => ({ url: `/api/favourites/${(await c.target()).urlParam}` }),
    check: async (_, c) => {
      const kept = await favouritesOf(c.principal.user!.id);
      return failIf(kept.length !== 1, `the caller holds ${kept.length} favourites, want 1`);
    },
  },
  'DELETE /api/favourites/:urlParam': {
    // The caller (if any) has bookmarked the alumnus: a refused call must leave it in place.
    request: async (c) => {
      const target = await c.target();
      if (c.principal.user) {
        await t.app.ctx.db
          .insert(favourites)
          .values({ studentId: c.principal.user.id, mentorId: target.userId });
      }
      return { url: `/api/favourites/${target.urlParam}` };
    },
    check: async (_, c) => {
      const kept = await favouritesOf(c.principal.user!.id);
      return failIf(kept.length !== 0, `the caller still holds ${kept.length} favourites`);
    },
  },
  'GET /api/students/me': {
    request: plain('/api/students/me'),
    check: async (response, c) => {
      if (response.statusCode !== 200) return undefined;
      const shown = (response.json() as { email: string }).email;
      return failIf(shown !== c.principal.user!.email, `showed the profile of ${shown}`);
    },
  },
  'PUT /api/students/me': {
    request: () => ({
      url: '/api/students/me',
      payload: {
        name: '権限 更新',
        nameReading: 'ケンゲン コウシン',
        grade: '4年',
        userId: victimStudent.id,
      },
    }),
    check: async (_, c) => {
      const own = await studentRow(t.app, c.principal.user!.id);
      return failIf(own?.name !== '権限 更新', "the caller's own profile was not saved");
    },
  },
  'GET /api/icons/:iconId': {
    request: async (c) => ({ url: `/api/icons/${(await c.target()).iconId}` }),
  },
  'POST /api/visit-requests': {
    request: async (c) => ({
      url: '/api/visit-requests',
      payload: requestForm((await c.target()).urlParam),
    }),
    check: async (_, c) => {
      const sent = await requestsOf(t.app, c.principal.user!.id);
      return failIf(sent.length !== 1, `the caller has sent ${sent.length} requests, want 1`);
    },
  },
  'POST /api/visit-requests/bookings': {
    request: async (c) => {
      const target = await c.target();
      return {
        url: '/api/visit-requests/bookings',
        payload: {
          mentorUrlParam: target.urlParam,
          // Only a student gets past the guard; the victim's windows are left as they are.
          slotStart:
            c.principal.kind === 'student'
              ? await publishedSlot(target.userId)
              : new Date(Date.now() + 3 * 86_400_000).toISOString(),
          meetingFormat: 'online',
          purpose: 'career_advice',
          message: 'お話を伺いたいです。',
          safetyRulesConfirmed: true,
        },
      };
    },
    check: async (_, c) => {
      const sent = await requestsOf(t.app, c.principal.user!.id);
      return failIf(sent.length !== 1, `the caller has booked ${sent.length} slots, want 1`);
    },
  },
  'GET /api/visit-requests': {
    request: async (c) => {
      await requestToTarget(c);
      return { url: '/api/visit-requests' };
    },
    check: async (response, c) => {
      const { items } = response.json() as { items: { id: string }[] };
      const want = ownRequestCount(c);
      return failIf(items.length !== want, `listed ${items.length} requests, want ${want}`);
    },
  },
  'GET /api/visit-requests/count': {
    request: async (c) => {
      await requestToTarget(c);
      return { url: '/api/visit-requests/count' };
    },
    check: async (response, c) => {
      const { awaitingReply } = response.json() as { awaitingReply: number };
      const want = ownRequestCount(c);
      return failIf(awaitingReply !== want, `counted ${awaitingReply} awaiting, want ${want}`);
    },
  },
  'GET /api/visit-requests/:id': {
    request: async (c) => ({ url: `/api/visit-requests/${await requestToTarget(c)}` }),
    check: async (response, c) => {
      if (response.statusCode !== 200) return undefined;
      const shown = (response.json() as { id: string }).id;
      return failIf(shown !== caseRequests.get(c), `showed request ${shown}`);
    },
  },
  'POST /api/visit-requests/:id/accept': visitAction('accept', 'accepted', {
    slotIndex: 0,
    safetyRulesConfirmed: true,
    placeKind: 'online',
  }),
  'POST /api/visit-requests/:id/propose': {
    request: async (c) => ({
      url: `/api/visit-requests/${await requestToTarget(c)}/propose`,
      // The alumna's proposal carries the kind of place and the rules (a student's ignores them).
      payload: { proposedTimes: [PROPOSABLE], placeKind: 'online', safetyRulesConfirmed: true },
    }),
    check: async (_, c) => {
      const row = await requestRow(t.app, caseRequests.get(c)!);
      const want = c.principal.kind === 'mentor' ? 'mentor' : null;
      return failIf(
        row?.proposedBy !== want,
        `the proposal is by ${row?.proposedBy}, want ${want}`,
      );
    },
  },
  // The student proposed another time; only the alumnus may accept it.
  'POST /api/visit-requests/:id/accept-proposal': visitAction(
    'accept-proposal',
    'accepted',
    { safetyRulesConfirmed: true, placeKind: 'online' },
    { proposedBy: 'student', proposedTime: new Date(Date.now() + 3 * DAY_MS), proposalCount: 1 },
  ),
  'POST /api/visit-requests/:id/seen': {
    request: async (c) => ({
      url: `/api/visit-requests/${await requestToTarget(c, { studentUnseen: true })}/seen`,
    }),
    // Nobody in the matrix is the request's student: its news stays unseen.
    check: async (_, c) => {
      const row = await requestRow(t.app, caseRequests.get(c)!);
      return failIf(row?.studentUnseen !== true, 'the request was marked seen');
    },
  },
  'PUT /api/visit-requests/:id/meeting': {
    request: async (c) => ({
      url: `/api/visit-requests/${await requestToTarget(c, {
        status: 'accepted',
        meetingAt: new Date(Date.now() + 3 * DAY_MS),
      })}/meeting`,
      payload: { meetingUrl: 'https://meet.example.com/matrix' },
    }),
    check: async (_, c) => {
      const row = await requestRow(t.app, caseRequests.get(c)!);
      const set = row?.meetingUrl === 'https://meet.example.com/matrix';
      return failIf(
        set !== (c.principal.kind === 'mentor'),
        'the meeting URL was set by the wrong caller',
      );
    },
  },
  'POST /api/visit-requests/:id/decline': visitAction('decline', 'declined', {}),
  'POST /api/visit-requests/:id/cancel': visitAction('cancel', 'cancelled', {}),
  'GET /api/visit-requests/:id/messages': {
    request: async (c) => {
      const id = await requestToTarget(c);
      await insertThreadMessage(t.app, id, 'student', 'マトリクスの質問です');
      return { url: `/api/visit-requests/${id}/messages` };
    },
    check: async (response) => {
      if (response.statusCode !== 200) return undefined;
      const { messages } = response.json() as { messages: { body: string }[] };
      return failIf(messages[0]?.body !== 'マトリクスの質問です', 'the thread was not shown');
    },
  },
  'POST /api/visit-requests/:id/messages': {
    request: async (c) => ({
      url: `/api/visit-requests/${await requestToTarget(c)}/messages`,
      payload: { body: 'マトリクスの返信です', clientId: randomUUID() },
    }),
    check: async (_, c) => {
      const stored = await threadRows(t.app, caseRequests.get(c)!);
      const want = c.principal.kind === 'mentor' ? 1 : 0;
      return failIf(stored.length !== want, `${stored.length} messages stored, want ${want}`);
    },
  },
  'POST /api/visit-requests/:id/thanks': {
    request: async (c) => ({
      url: `/api/visit-requests/${await requestToTarget(c, HELD)}/thanks`,
      payload: { body: 'ありがとうございました', clientId: randomUUID() },
    }),
    check: async (_, c) => {
      const stored = await threadRows(t.app, caseRequests.get(c)!);
      return failIf(stored.length !== 0, 'a thanks was stored for a request not the caller’s');
    },
  },
  'POST /api/visit-requests/:id/safe-end': {
    request: async (c) => ({
      url: `/api/visit-requests/${await requestToTarget(c, { ...HELD, meetingFormat: 'in_person' })}/safe-end`,
    }),
    // Nobody in the matrix is the request's student: it stays unconfirmed.
    check: async (_, c) => {
      const row = await requestRow(t.app, caseRequests.get(c)!);
      return failIf(row?.safeEndConfirmedAt !== null, 'confirmed by a caller not its student');
    },
  },
  'POST /api/visit-requests/:id/outcome': {
    request: async (c) => ({
      url: `/api/visit-requests/${await requestToTarget(c, HELD)}/outcome`,
      payload: { outcome: 'held' },
    }),
    check: async (_, c) => {
      const row = await requestRow(t.app, caseRequests.get(c)!);
      const marked = row?.mentorOutcome === 'held';
      return failIf(marked !== (c.principal.kind === 'mentor'), 'marked by the wrong caller');
    },
  },
  'POST /api/visit-requests/:id/no-show-answer': {
    // The student claims the target mentor did not come: only he answers it.
    request: async (c) => {
      const id = await requestToTarget(c, { ...HELD, studentOutcome: 'no_show' });
      await t.app.ctx.db
        .insert(noShowClaims)
        .values({ visitRequestId: id, claimantSide: 'student' });
      return {
        url: `/api/visit-requests/${id}/no-show-answer`,
        payload: { note: '参加しました。' },
      };
    },
    check: async (_, c) => {
      const [claim] = await t.app.ctx.db
        .select()
        .from(noShowClaims)
        .where(eq(noShowClaims.visitRequestId, caseRequests.get(c)!));
      const answered = claim?.answeredAt != null;
      return failIf(answered !== (c.principal.kind === 'mentor'), 'answered by the wrong caller');
    },
  },
  'GET /api/visit-notes': { request: plain('/api/visit-notes') },
  'GET /api/visit-notes/mine': { request: plain('/api/visit-notes/mine') },
  'GET /api/visit-notes/about-me': { request: plain('/api/visit-notes/about-me') },
  'GET /api/visit-notes/:id': {
    request: async (c) => ({ url: `/api/visit-notes/${await noteToTarget(c, 'offered')}` }),
  },
  'GET /api/visit-requests/:id/note': {
    request: async (c) => ({ url: `/api/visit-requests/${await requestToTarget(c, HELD)}/note` }),
  },
  'PUT /api/visit-requests/:id/note': {
    request: async (c) => ({
      url: `/api/visit-requests/${await requestToTarget(c, HELD)}/note`,
      payload: { jobType: null, qa: [], advice: 'マトリクス' },
    }),
    check: async (_, c) => {
      const rows = await t.app.ctx.db
        .select()
        .from(visitNotes)
        .where(eq(visitNotes.visitRequestId, caseRequests.get(c)!));
      return failIf(rows.length !== 0, 'a note was written by a caller not the visit’s student');
    },
  },
  'DELETE /api/visit-notes/:id': noteUnchanged('private', 'delete'),
  'POST /api/visit-notes/:id/offer': noteUnchanged('private', 'offer'),
  'POST /api/visit-notes/:id/unshare': noteUnchanged('shared', 'unshare'),
  'POST /api/visit-notes/:id/consent': noteAnswer('consent', 'offered', 'shared', {
    showName: true,
  }),
  'POST /api/visit-notes/:id/request-changes': noteAnswer(
    'request-changes',
    'offered',
    'changes_requested',
    {
      comment: 'マトリクス',
    },
  ),
  'POST /api/visit-notes/:id/decline': noteAnswer('decline', 'offered', 'declined'),
  'POST /api/visit-notes/:id/withdraw-consent': noteAnswer(
    'withdraw-consent',
    'shared',
    'withdrawn',
  ),
  'GET /api/admin/visit-notes': { request: plain('/api/admin/visit-notes') },
  'GET /api/admin/visit-notes/summary': { request: plain('/api/admin/visit-notes/summary') },
  'POST /api/admin/visit-notes/:id/hide': {
    request: async (c) => ({
      url: `/api/admin/visit-notes/${await noteToTarget(c, 'shared')}/hide`,
      payload: { reason: 'マトリクス' },
    }),
    check: async (_, c) => {
      const row = await noteRow(c);
      const hidden = row?.hiddenAt !== null;
      return failIf(hidden !== (c.principal.kind === 'admin'), 'hidden by a caller not an admin');
    },
  },
  'POST /api/admin/visit-notes/:id/restore': {
    request: async (c) => ({
      url: `/api/admin/visit-notes/${await noteToTarget(c, 'shared', true)}/restore`,
    }),
  },
  'GET /api/admin/export/visit-notes.csv': { request: plain('/api/admin/export/visit-notes.csv') },
  'GET /api/admin/export/visit-notes.md': { request: plain('/api/admin/export/visit-notes.md') },
  'GET /api/group-sessions': { request: plain('/api/group-sessions') },
  'GET /api/group-sessions/mine': { request: plain('/api/group-sessions/mine') },
  'GET /api/mentors/:urlParam/group-sessions': {
    request: async (c) => {
      await groupSessionOfTarget(c);
      return { url: `/api/mentors/${(await c.target()).urlParam}/group-sessions` };
    },
  },
  'GET /api/group-sessions/:id/calendar.ics': {
    // Its alumna and a seated student only; the student's file names nobody else who comes.
    request: async (c) => ({
      url: `/api/group-sessions/${await groupSessionOfTarget(c)}/calendar.ics`,
    }),
    check: async (response, c) => {
      if (response.statusCode !== 200) return undefined;
      const { id, seatedName } = caseSessions.get(c)!;
      return (
        failIf(!response.body.includes(id), 'another 座談会 was given') ??
        failIf(response.body.includes(seatedName), "another attendee's name is shown")
      );
    },
  },
  'GET /api/group-sessions/:id': {
    // The student caller is an attendee: she never reads who else comes.
    request: async (c) => ({ url: `/api/group-sessions/${await groupSessionOfTarget(c)}` }),
    check: async (response, c) => {
      const seesWho = c.principal.kind === 'mentor' || c.principal.kind === 'admin';
      const body = response.body;
      const { seatedName } = caseSessions.get(c)!;
      return seesWho
        ? failIf(!body.includes(seatedName), 'its alumna or an admin does not see who comes')
        : (failIf(body.includes(seatedName), "another attendee's name is shown") ??
            failIf(response.json().attendees !== null, 'the attendees are shown'));
    },
  },
  'POST /api/group-sessions': {
    // The victim's list name rides along: an alumna opens her own whatever it says; an admin
    // opens one for the case's target alumna.
    request: async (c) => {
      const target = await c.target();
      caseHosts.set(c, target.userId);
      return {
        url: '/api/group-sessions',
        payload: {
          mentorUrlParam: c.principal.kind === 'admin' ? target.urlParam : victim.urlParam,
          title: 'マトリクスの座談会',
          topics: ['career_advice'],
          startsAt: jstSlot(6, 14),
          minutes: 60,
          meetingFormat: 'online',
          meetingUrl: '',
          seats: 3,
          audience: { kind: 'all' },
          signUpClosesAt: jstSlot(5, 12),
          safetyRulesConfirmed: true,
        },
      };
    },
    check: async (response, c) => {
      const [row] = await t.app.ctx.db
        .select()
        .from(groupSessions)
        .where(eq(groupSessions.id, response.json().id as string));
      const want = c.principal.kind === 'admin' ? caseHosts.get(c) : c.principal.user!.id;
      return failIf(row?.mentorId !== want, `opened for ${row?.mentorId}, want ${want}`);
    },
  },
  'POST /api/group-sessions/:id/seat': {
    // Restricted to first-years: the student caller (a fourth-year) is not one it is for.
    request: async (c) => ({
      url: `/api/group-sessions/${await groupSessionOfTarget(c, ['1年'])}/seat`,
    }),
    check: async (response, c) =>
      failIf(
        response.json().code !==
          (c.principal.kind === 'student' ? 'group-session/not-for-you' : 'visit/students-only'),
        `refused with ${response.json().code}`,
      ) ?? (await othersSeatKept(c)),
  },
  'DELETE /api/group-sessions/:id/seat': {
    // Nobody can give up another student's seat: the student caller holds none of her own here.
    request: async (c) => ({
      url: `/api/group-sessions/${await groupSessionOfTarget(c, ['4年'])}/seat`,
    }),
    check: async (_, c) => othersSeatKept(c),
  },
  'POST /api/group-sessions/:id/cancel': {
    request: async (c) => ({
      url: `/api/group-sessions/${await groupSessionOfTarget(c)}/cancel`,
      payload: { reason: 'マトリクス' },
    }),
    check: async (_, c) => {
      const [row] = await t.app.ctx.db
        .select()
        .from(groupSessions)
        .where(eq(groupSessions.id, caseSessions.get(c)!.id));
      const want = c.principal.kind === 'mentor' || c.principal.kind === 'admin';
      return failIf((row?.cancelledAt !== null) !== want, `cancelled: ${row?.cancelledAt}`);
    },
  },
  'PATCH /api/group-sessions/:id': {
    // Its alumna and the admins only: another alumna's edit leaves it as it was.
    request: async (c) => ({
      url: `/api/group-sessions/${await groupSessionOfTarget(c)}`,
      payload: { title: 'マトリクスで変えた題', seats: 4 },
    }),
    check: async (_, c) => {
      const [row] = await t.app.ctx.db
        .select()
        .from(groupSessions)
        .where(eq(groupSessions.id, caseSessions.get(c)!.id));
      const want = c.principal.kind === 'mentor' || c.principal.kind === 'admin';
      return failIf(
        (row?.title === 'マトリクスで変えた題' && row.seats === 4) !== want,
        `title ${row?.title}, seats ${row?.seats}`,
      );
    },
  },
  'PUT /api/group-sessions/:id/attendance': {
    // Started a minute ago: its alumna and the admins record the other student's 欠席.
    request: async (c) => {
      const id = await groupSessionOfTarget(c);
      const startsAt = new Date(Date.now() - 60_000);
      await t.app.ctx.db
        .update(groupSessions)
        .set({ signUpClosesAt: new Date(startsAt.getTime() - 3_600_000), startsAt })
        .where(eq(groupSessions.id, id));
      return {
        url: `/api/group-sessions/${id}/attendance`,
        payload: { attendance: [{ studentId: caseSessions.get(c)!.seated, attended: false }] },
      };
    },
    check: async (_, c) => {
      const hers = (await placesOfCase(c)).find(
        (row) => row.studentId === caseSessions.get(c)!.seated,
      );
      const want = c.principal.kind === 'mentor' || c.principal.kind === 'admin' ? false : null;
      return failIf(hers?.attended !== want, `her attendance: ${hers?.attended}`);
    },
  },
  'POST /api/group-sessions/:id/absence-answer': {
    // Held yesterday, the other attendee recorded 欠席: nobody answers for her (the student
    // caller, seated too, has no 欠席 of her own to answer).
    request: async (c) => {
      const id = await heldGroupSessionOfTarget(c);
      await t.app.ctx.db
        .update(groupSessionPlaces)
        .set({ attended: false, absenceClaimedAt: new Date() })
        .where(
          and(
            eq(groupSessionPlaces.sessionId, id),
            eq(groupSessionPlaces.studentId, caseSessions.get(c)!.seated),
          ),
        );
      return { url: `/api/group-sessions/${id}/absence-answer`, payload: { note: 'マトリクス' } };
    },
    check: async (_, c) => {
      const rows = await placesOfCase(c);
      return failIf(
        rows.some((row) => row.absenceAnsweredAt !== null),
        'an absence was answered by a caller not its student',
      );
    },
  },
  'POST /api/group-sessions/:id/safe-end': {
    // In person, ended three hours ago: the student caller confirms her own seat's only.
    request: async (c) => ({
      url: `/api/group-sessions/${await heldGroupSessionOfTarget(c)}/safe-end`,
    }),
    check: async (_, c) => {
      const rows = await placesOfCase(c);
      const others = rows.filter((row) => row.studentId !== c.principal.user?.id);
      return failIf(
        others.some((row) => row.safeEndConfirmedAt !== null),
        "another student's 「無事に終わりました」 was recorded",
      );
    },
  },
  'GET /api/group-sessions/:id/posts': {
    // The other attendee asked a question: the student caller (seated too) reads it without her
    // name; its alumna and an admin read who asked.
    request: async (c) => {
      const id = await groupSessionOfTarget(c);
      await t.app.ctx.db.insert(groupSessionPosts).values({
        sessionId: id,
        authorId: caseSessions.get(c)!.seated,
        authorSide: 'student',
        body: 'マトリクスの質問',
      });
      return { url: `/api/group-sessions/${id}/posts` };
    },
    check: async (response, c) => {
      const seesWho = c.principal.kind === 'mentor' || c.principal.kind === 'admin';
      const { seatedName, seated } = caseSessions.get(c)!;
      const named = response.body.includes(seatedName) && response.body.includes(seated);
      return seesWho
        ? failIf(!named, 'its alumna or an admin does not see who asked')
        : failIf(
            response.body.includes(seatedName) || response.body.includes(seated),
            'another attendee is named',
          );
    },
  },
  'POST /api/group-sessions/:id/posts': {
    request: async (c) => ({
      url: `/api/group-sessions/${await groupSessionOfTarget(c)}/posts`,
      payload: { body: 'マトリクスの投稿' },
    }),
    // Only a post of the caller's own, and only in a thread she takes part in.
    check: async (response, c) => {
      const rows = await t.app.ctx.db
        .select()
        .from(groupSessionPosts)
        .where(eq(groupSessionPosts.sessionId, caseSessions.get(c)!.id));
      const want = response.statusCode === 201 ? [c.principal.user!.id] : [];
      return failIf(
        JSON.stringify(rows.map((row) => row.authorId)) !== JSON.stringify(want),
        `posts by ${rows.map((row) => row.authorId).join(',')}`,
      );
    },
  },
  'GET /api/group-sessions/:id/note': {
    // Held yesterday: only a student seated in it reads her (empty) note, never who else sat.
    request: async (c) => ({
      url: `/api/group-sessions/${await heldGroupSessionOfTarget(c)}/note`,
    }),
    check: async (response, c) => {
      const { seatedName, seated } = caseSessions.get(c)!;
      return failIf(
        response.body.includes(seatedName) || response.body.includes(seated),
        'another attendee is named',
      );
    },
  },
  'PUT /api/group-sessions/:id/note': {
    request: async (c) => ({
      url: `/api/group-sessions/${await heldGroupSessionOfTarget(c)}/note`,
      payload: { jobType: null, qa: [], advice: 'マトリクス' },
    }),
    // Only the caller's own note, and only when she sat in it.
    check: async (response, c) => {
      const rows = await t.app.ctx.db
        .select({ authorId: visitNotes.authorId })
        .from(visitNotes)
        .where(eq(visitNotes.groupSessionId, caseSessions.get(c)!.id));
      const want = response.statusCode === 200 ? [c.principal.user!.id] : [];
      return failIf(
        JSON.stringify(rows.map((row) => row.authorId)) !== JSON.stringify(want),
        `notes by ${rows.map((row) => row.authorId).join(',')}`,
      );
    },
  },
  'PUT /api/visit-requests/:id/feedback': {
    request: async (c) => ({
      url: `/api/visit-requests/${await requestToTarget(c, HELD)}/feedback`,
      payload: { rating: 4, comment: 'マトリクス' },
    }),
    check: async (_, c) => {
      const rows = await t.app.ctx.db
        .select()
        .from(visitFeedback)
        .where(eq(visitFeedback.visitRequestId, caseRequests.get(c)!));
      const want = c.principal.kind === 'mentor' ? 1 : 0;
      return failIf(rows.length !== want, `${rows.length} feedback rows, want ${want}`);
    },
  },
  'POST /api/visit-requests/:id/messages/read': {
    request: async (c) => {
      const id = await requestToTarget(c);
      // Something new for the alumna to read: a read mark moves only then (issue 39).
      const [request] = await t.app.ctx.db
        .select({ studentId: visitRequests.studentId })
        .from(visitRequests)
        .where(eq(visitRequests.id, id));
      await t.app.ctx.db.insert(visitMessages).values({
        visitRequestId: id,
        senderId: request!.studentId,
        senderSide: 'student',
        body: 'マトリクスの新しいメッセージ',
        clientId: crypto.randomUUID(),
      });
      return { url: `/api/visit-requests/${id}/messages/read` };
    },
    check: async (_, c) => {
      const row = await requestRow(t.app, caseRequests.get(c)!);
      const marked = row?.mentorReadAt !== null;
      return failIf(marked !== (c.principal.kind === 'mentor'), 'read marked by the wrong caller');
    },
  },
  'GET /api/mentors/me/reply-templates': { request: plain('/api/mentors/me/reply-templates') },
  'PUT /api/mentors/me/reply-templates': {
    // The victim's id rides along: it must be ignored, the session decides.
    request: () => ({
      url: '/api/mentors/me/reply-templates',
      payload: {
        templates: [{ title: 'お礼', body: 'ご連絡ありがとうございます。' }],
        userId: victim.userId,
      },
    }),
    check: async (_, c) => {
      const own = await mentorRow(t.app, c.principal.user!.id);
      return failIf(own?.replyTemplates.length !== 1, "the caller's own replies were not saved");
    },
  },
  'GET /api/admin/reports/:id/thread': {
    request: async () => {
      const student = await insertStudent(t.app);
      const mentor = await insertMentor(t.app);
      const { id } = await insertRequest(t.app, student.user.id, mentor.user.id);
      const [report] = await t.app.ctx.db
        .insert(userReports)
        .values({
          reportedLabel: 'マトリクス 対象（OG）',
          reason: 'other',
          details: '確認用',
          visitRequestId: id,
        })
        .returning({ id: userReports.id });
      return { url: `/api/admin/reports/${report!.id}/thread` };
    },
  },
  'GET /api/visit-requests/:id/calendar.ics': {
    request: async (c) => ({
      url: `/api/visit-requests/${await requestToTarget(c, {
        status: 'accepted',
        meetingAt: new Date(Date.now() + 3 * DAY_MS),
      })}/calendar.ics`,
    }),
    check: async (response, c) => {
      if (response.statusCode !== 200) return undefined;
      return failIf(!response.body.includes(caseRequests.get(c)!), 'another visit was given');
    },
  },
  'GET /api/calendar/feed': { request: plain('/api/calendar/feed') },
  'POST /api/calendar/feed/regenerate': { request: plain('/api/calendar/feed/regenerate') },
  // The feed itself has no session: its secret is the key, whoever asks.
  'GET /calendar/:file': {
    request: async () => {
      const owner = await insertStudent(t.app);
      const token = randomToken();
      await t.app.ctx.db
        .update(users)
        .set({ calendarToken: token })
        .where(eq(users.id, owner.user.id));
      return { url: `/calendar/${token}.ics` };
    },
  },
  // An alumna's 予約枠 feed, on the same secret: whoever asks with it.
  'GET /calendar/:token/slots.ics': {
    request: async () => {
      const owner = await insertMentor(t.app);
      const token = randomToken();
      await t.app.ctx.db
        .update(users)
        .set({ calendarToken: token })
        .where(eq(users.id, owner.user.id));
      return { url: `/calendar/${token}/slots.ics` };
    },
  },
  'GET /api/notifications': { request: plain('/api/notifications') },
  'GET /api/notifications/unread-count': { request: plain('/api/notifications/unread-count') },
  // Someone else's notification: nobody but its owner may mark it.
  'POST /api/notifications/:id/read': {
    request: async () => {
      const owner = await insertStudent(t.app);
      const [row] = await t.app.ctx.db
        .insert(notifications)
        .values({ userId: owner.user.id, kind: 'accepted', actorName: 'マトリクス' })
        .returning({ id: notifications.id });
      matrixNotifications.push(row!.id);
      return { url: `/api/notifications/${row!.id}/read` };
    },
    check: async () => {
      const id = matrixNotifications.at(-1)!;
      const [row] = await t.app.ctx.db.select().from(notifications).where(eq(notifications.id, id));
      return failIf(row?.readAt !== null, "another user's notification was marked read");
    },
  },
  'POST /api/notifications/read-all': { request: plain('/api/notifications/read-all') },
  // Asked for without `Accept: text/event-stream` (what an EventSource sends), the stream is
  // refused past the guard: a call that would otherwise never end.
  'GET /api/notifications/stream': { request: plain('/api/notifications/stream') },
  'GET /api/me/push': { request: plain('/api/me/push') },
  'PUT /api/me/push': {
    request: () => ({
      url: '/api/me/push',
      payload: {
        endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${randomUUID()}`,
        keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
        userId: victimStudent.id,
      },
    }),
  },
  'DELETE /api/me/push': {
    request: () => ({
      url: '/api/me/push',
      payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/matrix-victim' },
    }),
  },
  // Another browser's subscription, claimed without its secret: not found, whoever asks.
  'POST /api/push/renewal': {
    request: () => ({
      url: '/api/push/renewal',
      payload: {
        old: {
          endpoint: 'https://fcm.googleapis.com/fcm/send/matrix-victim',
          auth: 'b'.repeat(22),
        },
        subscription: {
          endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${randomUUID()}`,
          keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
        },
      },
    }),
  },
  'GET /api/me/mail-preferences': { request: plain('/api/me/mail-preferences') },
  'PUT /api/me/mail-preferences': {
    // The victim's id rides along: it must be ignored, the session decides.
    request: () => ({
      url: '/api/me/mail-preferences',
      payload: {
        requests: true,
        answers: true,
        cancellations: true,
        messages: false,
        reminders: true,
      },
    }),
  },
  'PUT /api/me/name-reading': {
    // The victim's id rides along: it must be ignored, the session decides.
    request: () => ({
      url: '/api/me/name-reading',
      payload: { nameReading: 'ケンゲン カクニン', userId: victimStudent.id },
    }),
    check: async () => {
      const victim = await studentRow(t.app, victimStudent.id);
      return failIf(victim?.nameReading === 'ケンゲン カクニン', "the victim's reading was set");
    },
  },
  'PUT /api/me/language': {
    // The victim's id rides along: it must be ignored, the session decides.
    request: () => ({
      url: '/api/me/language',
      payload: { language: 'en', userId: victimStudent.id },
    }),
    check: async () => {
      const [victim] = await t.app.ctx.db
        .select({ language: users.language })
        .from(users)
        .where(eq(users.id, victimStudent.id));
      return failIf(victim?.language === 'en', "the victim's language was set");
    },
  },
  'GET /api/admin/overview': { request: plain('/api/admin/overview') },
  'GET /api/admin/users': { request: plain('/api/admin/users') },
  'PUT /api/admin/users/:id/role': {
    request: async (c) => ({
      url: `/api/admin/users/${(await c.target()).userId}/role`,
      payload: { role: 'mentor_pending' },
    }),
  },
  'POST /api/admin/users/:id/suspend': {
    request: async (c) => ({ url: `/api/admin/users/${(await c.target()).userId}/suspend` }),
  },
  'POST /api/admin/users/:id/clear-no-shows': {
    request: async () => ({ url: `/api/admin/users/${await studentTarget()}/clear-no-shows` }),
  },
  'POST /api/admin/users/:id/group-session-absences/:sessionId/decision': {
    // A 欠席 of a student of its own, recorded in the case's 座談会.
    request: async (c) => {
      const student = await studentTarget();
      const id = await heldGroupSessionOfTarget(c);
      await t.app.ctx.db.insert(groupSessionPlaces).values({
        sessionId: id,
        sessionSeats: 3,
        studentId: student,
        state: 'seated',
        seatNo: 3,
        attended: false,
        absenceClaimedAt: new Date(),
      });
      return {
        url: `/api/admin/users/${student}/group-session-absences/${id}/decision`,
        payload: { decision: 'upheld' },
      };
    },
    check: async (_, c) => {
      const rows = await placesOfCase(c);
      const decided = rows.some((row) => row.absenceDecision !== null);
      return failIf(decided !== (c.principal.kind === 'admin'), 'decided by the wrong caller');
    },
  },
  'POST /api/admin/users/:id/no-show-claims/:visitRequestId/decision': {
    // Each case has a claim of its own against a student of its own.
    request: async () => {
      const student = await studentTarget();
      const { id } = await insertMissedVisit(
        t.app,
        student,
        (await insertMentor(t.app)).user.id,
        10,
      );
      return {
        url: `/api/admin/users/${student}/no-show-claims/${id}/decision`,
        payload: { decision: 'upheld' },
      };
    },
  },
  'GET /api/admin/grade-rollovers': { request: plain('/api/admin/grade-rollovers') },
  'POST /api/admin/grade-rollovers/:id/undo': {
    // Each case rolls a school year of its own over (an admin's case undoes it).
    request: async (c) => ({ url: `/api/admin/grade-rollovers/${await rolloverOfYear(c.n)}/undo` }),
  },
  'GET /api/admin/graduation': { request: plain('/api/admin/graduation') },
  'POST /api/admin/graduation/cohort': {
    request: () => ({
      url: '/api/admin/graduation/cohort',
      payload: { grades: ['卒業予定'], universityId: 'waseda' },
    }),
  },
  'POST /api/admin/users/:id/reinstate': {
    request: async (c) => ({ url: `/api/admin/users/${(await c.target()).userId}/reinstate` }),
  },
  'DELETE /api/admin/users/:id': {
    request: async (c) => ({ url: `/api/admin/users/${(await c.target()).userId}` }),
  },
  'GET /api/admin/invitations': { request: plain('/api/admin/invitations') },
  'POST /api/admin/invitations/:id/revoke': {
    request: async (c) => ({
      url: `/api/admin/invitations/${(await c.target()).pendingInvitationId}/revoke`,
    }),
  },
  'POST /api/admin/invitations/:id/resend': {
    request: async (c) => ({
      url: `/api/admin/invitations/${(await c.target()).expiredInvitationId}/resend`,
    }),
  },
  'GET /api/admin/universities': { request: plain('/api/admin/universities') },
  'POST /api/admin/universities': {
    request: (c) => ({
      url: '/api/admin/universities',
      payload: { name: `新設マトリクス大学${c.n}`, domains: [`matrix-new-${c.n}.ac.jp`] },
    }),
  },
  'PUT /api/admin/universities/:id': {
    request: async (c) => ({
      url: `/api/admin/universities/${await insertUniversity(c.n)}`,
      payload: { name: `改称マトリクス大学${c.n}`, domains: [`matrix-${c.n}.ac.jp`] },
    }),
  },
  'POST /api/admin/universities/:id/retire': {
    request: async (c) => ({
      url: `/api/admin/universities/${await insertUniversity(c.n)}/retire`,
    }),
  },
  'POST /api/admin/universities/:id/restore': {
    request: async (c) => ({
      url: `/api/admin/universities/${await insertUniversity(c.n, true)}/restore`,
    }),
  },
  'GET /api/admin/export/students.csv': { request: plain('/api/admin/export/students.csv') },
  'GET /api/admin/export/mentors.csv': { request: plain('/api/admin/export/mentors.csv') },
  'GET /api/admin/export/visits.csv': { request: plain('/api/admin/export/visits.csv') },
  'GET /api/admin/feedback': { request: plain('/api/admin/feedback') },
  'GET /api/admin/visits': { request: plain('/api/admin/visits') },
  'GET /api/admin/visits.csv': { request: plain('/api/admin/visits.csv') },
  'GET /api/admin/visits/unconfirmed': { request: plain('/api/admin/visits/unconfirmed') },
  'GET /api/admin/reach': { request: plain('/api/admin/reach') },
  'GET /api/admin/reach.csv': { request: plain('/api/admin/reach.csv?list=no-request') },
  'GET /api/admin/group-sessions': { request: plain('/api/admin/group-sessions?tab=past') },
  'GET /api/admin/group-sessions.csv': { request: plain('/api/admin/group-sessions.csv') },
  'GET /api/admin/audit': { request: plain('/api/admin/audit') },
  'GET /api/desk': { request: plain('/api/desk') },
  'GET /api/visit-requests/day-details': { request: plain('/api/visit-requests/day-details') },
  'GET /api/seminar': { request: plain('/api/seminar') },
  'PUT /api/admin/seminar': {
    request: (c) => ({
      url: '/api/admin/seminar',
      payload: { name: `マトリクスゼミ${c.n}`, leaderName: `担当 ${c.n}` },
    }),
  },
  'GET /api/admin/setup': { request: plain('/api/admin/setup') },
  'GET /api/visit-requests/waiting': { request: plain('/api/visit-requests/waiting') },
  'GET /api/admin/seminar/waiting-limit': { request: plain('/api/admin/seminar/waiting-limit') },
  // The highest limit: the matrix's other callers send their requests whatever the order.
  'PUT /api/admin/seminar/waiting-limit': {
    request: () => ({
      url: '/api/admin/seminar/waiting-limit',
      payload: { waitingRequestsLimit: 5 },
    }),
  },
  'POST /api/admin/invitations/bulk': {
    request: (c) => ({
      url: '/api/admin/invitations/bulk',
      payload: { addresses: `matrix-list-${c.n}@example.com` },
    }),
  },
  'PUT /api/admin/desk': {
    request: (c) => ({
      url: '/api/admin/desk',
      payload: {
        name: `マトリクス相談窓口${c.n}`,
        email: `desk-${c.n}@example.jp`,
        phone: '03-1234-5678',
        hours: '',
        note: '',
      },
    }),
  },
  'POST /api/reports': {
    request: async () => ({
      url: '/api/reports',
      payload: {
        userId: (await insertStudent(t.app)).user.id,
        reason: 'harassment',
        details: 'マトリクスの通報',
      },
    }),
  },
  'GET /api/blocks': { request: plain('/api/blocks') },
  'PUT /api/blocks/:userId': {
    request: async () => ({ url: `/api/blocks/${(await insertStudent(t.app)).user.id}` }),
    check: async (_, c) => {
      const held = await blocksOf(c.principal.user!.id);
      return failIf(held.length !== 1, `the caller holds ${held.length} blocks, want 1`);
    },
  },
  'DELETE /api/blocks/:userId': {
    // The caller (if any) has blocked the person: a refused call must leave the block in place.
    request: async (c) => {
      const blocked = (await insertStudent(t.app)).user.id;
      if (c.principal.user) {
        await t.app.ctx.db
          .insert(userBlocks)
          .values({ blockerId: c.principal.user.id, blockedId: blocked });
      }
      return { url: `/api/blocks/${blocked}` };
    },
    check: async (_, c) => {
      const held = await blocksOf(c.principal.user!.id);
      return failIf(held.length !== 0, `the caller still holds ${held.length} blocks`);
    },
  },
  'GET /api/admin/reports': { request: plain('/api/admin/reports') },
  'POST /api/admin/reports/:id/resolve': {
    request: async () => {
      const [report] = await t.app.ctx.db
        .insert(userReports)
        .values({ reportedLabel: 'マトリクス 対象（学生）', reason: 'other', details: '確認用' })
        .returning({ id: userReports.id });
      return { url: `/api/admin/reports/${report!.id}/resolve`, payload: {} };
    },
  },
  'POST /api/admin/reports/:id/reopen': {
    request: async () => {
      const [report] = await t.app.ctx.db
        .insert(userReports)
        .values({
          reportedLabel: 'マトリクス 対象（学生）',
          reason: 'other',
          details: '確認用',
          status: 'resolved',
          resolvedAt: new Date(),
        })
        .returning({ id: userReports.id });
      return { url: `/api/admin/reports/${report!.id}/reopen`, payload: {} };
    },
  },
  'PUT /api/admin/reports/:id/note': {
    request: async () => {
      const [report] = await t.app.ctx.db
        .insert(userReports)
        .values({ reportedLabel: 'マトリクス 対象（学生）', reason: 'other', details: '確認用' })
        .returning({ id: userReports.id });
      return { url: `/api/admin/reports/${report!.id}/note`, payload: { note: '確認中' } };
    },
  },
  // The registration link's page (anyone holding the link and the address).
  'POST /api/registrations/student/link': {
    request: async (c) => ({
      url: '/api/registrations/student/link',
      payload: await registrationLinkFor(c.n),
    }),
    check: async (response) => {
      const seen = (response.json() as { registration: { name: string } | null }).registration;
      return failIf(seen?.name !== '登録 確認', 'the entered details were not shown');
    },
  },
  'POST /api/registrations/student/confirm': {
    request: async (c) => ({
      url: '/api/registrations/student/confirm',
      payload: {
        ...(await registrationLinkFor(c.n)),
        name: '訂正 花子',
        nameReading: 'テイセイ ハナコ',
        studentNumber: `C${c.n}`,
        faculty: '商学部',
        department: '商学科',
      },
    }),
    check: async (_, c) => {
      const [row] = await t.app.ctx.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, `matrix-link-${c.n}@akane.waseda.jp`));
      return failIf(row === undefined, 'confirming created no student');
    },
  },
  'POST /api/registrations/student/cancel': {
    request: async (c) => ({
      url: '/api/registrations/student/cancel',
      payload: await registrationLinkFor(c.n),
    }),
  },
  'GET /api/admin/registration-holds': { request: plain('/api/admin/registration-holds') },
  'POST /api/admin/registration-holds/:id/clear': {
    request: async () => {
      const [hold] = await t.app.ctx.db
        .insert(registrationHolds)
        .values({ email: 'matrix-hold@example.com', reason: 'report', label: 'マトリクス 保留' })
        .returning({ id: registrationHolds.id });
      return { url: `/api/admin/registration-holds/${hold!.id}/clear` };
    },
  },
};

/** A pending student registration and its mailed link's token. */
async function registrationLinkFor(n: number) {
  const email = `matrix-link-${n}@akane.waseda.jp`;
  await registerStudent(
    t.app.ctx.db,
    {
      name: '登録 確認',
      nameReading: 'トウロク カクニン',
      studentNumber: `L${n}`,
      universityId: 'waseda',
      faculty: '商学部',
      department: '商学科',
      grade: '3年',
      email,
      termsAccepted: true,
      website: '',
    },
    `10.16.0.${n % 250}`,
  );
  const [mail] = await t.app.ctx.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, email))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  return { email, token: tokenFromMail({ ...mail!, sentAt: '' }) };
}

// ------------------------------------------------------------------ set-up

beforeAll(async () => {
  t = await createTestApp({}, { onRoute: collector.onRoute });
  photo = await jpeg(64, 64);
  const victimMentor = await insertMentor(t.app, { icon: photo, email: 'victim-og@example.com' });
  victim = await targetOf(victimMentor.user);
  victimCookie = await cookieFor(t.app, victim.userId);
  const student = await insertStudent(t.app, { email: 'victim-student@akane.waseda.jp' });
  victimStudent = { id: student.user.id, cookie: await cookieFor(t.app, student.user.id) };
  victimsBaseline = await victimsSnapshot();
});
afterAll(async () => {
  await t?.close();
});

function registeredRoutes(): RouteEntry[] {
  return collector.routes();
}

/** Calls one route as one caller and says what, if anything, is wrong with the answer. */
async function runCase(row: Row, route: RouteEntry | undefined, kind: PrincipalKind) {
  const spec = REQUESTS[row.key];
  if (!spec) return [`${row.key}: no request in REQUESTS`];
  const outcome = row.outcomes[kind];
  const principal = await makePrincipal(kind);
  const c = contextFor(principal);
  const request = await spec.request(c);
  const refused = 'refusal' in outcome;
  const before = refused ? await databaseFingerprint(t.app) : undefined;

  const response = await t.app.inject({
    method: row.method as 'GET',
    url: request.url,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
    headers: {
      origin: TEST_ORIGIN,
      ...(principal.cookie ? { cookie: principal.cookie } : {}),
      ...request.headers,
    },
    remoteAddress: request.remoteAddress ?? nextIp(),
  });

  const problems: (string | undefined)[] = [mismatch(response, outcome)];
  if (refused) {
    const after = await databaseFingerprint(t.app);
    problems.push(
      failIf(after !== before, `a refused call changed the database:\n  ${before}\n  ${after}`),
    );
  } else if (response.statusCode === (outcome as { status: number }).status) {
    problems.push(await spec.check?.(response, c));
  }
  if (kind === 'suspended' && route?.access !== undefined) {
    const left = await sessionCount(t.app, principal.user!.id);
    problems.push(failIf(left !== 0, `the suspended user still holds ${left} sessions`));
  }
  const victims = await victimsSnapshot();
  if (victims !== victimsBaseline) {
    problems.push("the victims' data changed (the victim mentor's or the victim student's)");
    victimsBaseline = victims; // report each change once, at the call that made it
  }
  return problems
    .filter((problem): problem is string => problem !== undefined)
    .map((problem) => `${row.key} as ${kind}: ${problem}`);
}

describe('the authorization matrix', () => {
  it('has one row for every route the server registers, and no row without a route', () => {
    const routes = registeredRoutes();
    const registered = routes.map(routeKey).sort();
    expect(registered.length).toBeGreaterThan(0);
    expect(ROWS.map((row) => row.key).sort()).toEqual(registered);
    expect(Object.keys(REQUESTS).sort()).toEqual(registered);
    console.log(
      `authorization matrix: ${routes.length} routes × ${PRINCIPALS.length} principals = ${
        routes.length * PRINCIPALS.length
      } cases`,
    );
  });

  it('has every route declare the access its row expects', () => {
    const declared = Object.fromEntries(
      registeredRoutes().map((route) => [routeKey(route), accessLabel(route.access)]),
    );
    const expected = Object.fromEntries(ROWS.map((row) => [row.key, row.access]));
    expect(declared).toEqual(expected);
  });

  for (const row of ROWS) {
    it(`${row.key} answers every caller as its row says`, async () => {
      const route = registeredRoutes().find((r) => routeKey(r) === row.key);
      const failures: string[] = [];
      for (const kind of PRINCIPALS) failures.push(...(await runCase(row, route, kind)));
      expect(failures).toEqual([]);
    });
  }
});

describe('around the matrix', () => {
  it('answers the local mailbox only to this machine, whoever asks', async () => {
    const admin = await makePrincipal('admin');
    for (const method of ['GET', 'DELETE'] as const) {
      for (const attempt of [
        { remoteAddress: nextIp(), headers: {} },
        { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } },
      ]) {
        const response = await t.app.inject({
          method,
          url: '/_dev/mail',
          remoteAddress: attempt.remoteAddress,
          headers: { cookie: admin.cookie!, ...attempt.headers },
        });
        expect(response.statusCode, `${method} ${JSON.stringify(attempt)}`).toBe(404);
        expect(response.json()).toMatchObject({ code: 'not-found' });
      }
    }
  });

  it('refuses a suspended account its session even on a public route, and ends it', async () => {
    const suspended = await makePrincipal('suspended');
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: suspended.cookie! },
    });
    expect(response.json()).toMatchObject({ user: null });
    expect(await sessionCount(t.app, suspended.user!.id)).toBe(0);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/mentors',
      headers: { cookie: suspended.cookie! },
    });
    expect(again.statusCode).toBe(401);
  });

  it('leaves the victims signed in, their sessions untouched by everyone else', async () => {
    // The snapshot compared after every call holds what the victims own, not an empty answer.
    const baseline = JSON.parse(victimsBaseline) as Record<string, unknown[] | null>;
    expect(
      Object.fromEntries(Object.entries(baseline).map(([name, rows]) => [name, rows?.length])),
    ).toEqual({ users: 2, mentors: 1, students: 1, icons: 1, invitations: 2, sessions: 2 });
    for (const [cookie, id] of [
      [victimCookie, victim.userId],
      [victimStudent.cookie, victimStudent.id],
    ] as const) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { cookie },
      });
      expect(response.json()).toMatchObject({ user: { id } });
    }
  });
});
