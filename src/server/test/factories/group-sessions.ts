import type { NotificationList } from '../../../shared/schemas/notifications';
import type { App } from '../../app';
import { call, expectOk } from './admins';
import { jstSlot, newMentor, newStudent, type MentorParty, type Party } from './visits';

/** Shared set-up for the API tests of 座談会 (issue 58). */

/**
 * The whole, valid form of an online 座談会 six days ahead at 14:00 Japan time (sign-up closing
 * the day before at noon), three seats, for every student; any field can be overridden.
 */
export function groupSessionForm(overrides: Record<string, unknown> = {}) {
  return {
    title: '商社の仕事を話す座談会',
    description: '総合商社の一年目の仕事について、何でも聞いてください。',
    topics: ['industry_research', 'career_advice'],
    startsAt: jstSlot(6, 14),
    minutes: 60,
    meetingFormat: 'online',
    meetingUrl: 'https://meet.google.com/abc-defg-hij',
    seats: 3,
    audience: { kind: 'all' },
    signUpClosesAt: jstSlot(5, 12),
    safetyRulesConfirmed: true,
    ...overrides,
  };
}

/** A 座談会 opened through the API by `by` (its alumna, or an admin naming her); its id. */
export async function openGroupSession(
  app: App,
  by: Pick<Party, 'cookie'>,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const body = expectOk(
    await call(app, by.cookie, 'POST', '/api/group-sessions', groupSessionForm(overrides)),
    201,
  );
  return body.id as string;
}

/** A student takes a seat (or the next place on the waiting list), as the page's one button. */
export function takeSeat(app: App, student: Pick<Party, 'cookie'>, id: string) {
  return call(app, student.cookie, 'POST', `/api/group-sessions/${id}/seat`);
}

/** The kinds on the party's bell, newest first: what a 座談会 told her. */
export async function bellKinds(app: App, party: Pick<Party, 'cookie'>): Promise<string[]> {
  const list = (await call(app, party.cookie, 'GET', '/api/notifications')).json();
  return (list as NotificationList).items.map((item) => item.kind);
}

/**
 * A new alumna's 座談会 (two seats, online with its URL still to come, unless `overrides` say
 * otherwise) and `count` new students who took places in it, in that order: seated, then waiting.
 */
export async function groupSessionWithStudents(
  app: App,
  count: number,
  overrides: Record<string, unknown> = {},
): Promise<{ mentor: MentorParty; id: string; students: Party[] }> {
  const mentor = await newMentor(app);
  const id = await openGroupSession(app, mentor, { seats: 2, meetingUrl: undefined, ...overrides });
  const students: Party[] = [];
  for (let n = 0; n < count; n++) {
    const student = await newStudent(app);
    expectOk(await takeSeat(app, student, id));
    students.push(student);
  }
  return { mentor, id, students };
}
