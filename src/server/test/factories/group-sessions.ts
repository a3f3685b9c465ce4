import type { App } from '../../app';
import { call, expectOk } from './admins';
import { jstSlot, newMentor, newStudent, type MentorParty, type Party } from './visits';

/**
 * A 座談会 as its tests need one: opened by its alumna through the API (online, two seats, for
 * every student, six days ahead), with students taking places in order (seated, then waiting).
 */
export async function openGroupSession(
  app: App,
  mentor: Pick<Party, 'cookie'>,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const body = expectOk(
    await call(app, mentor.cookie, 'POST', '/api/group-sessions', {
      title: '商社の仕事を話す座談会',
      description: '一年目の仕事について。',
      topics: ['industry_research'],
      startsAt: jstSlot(6, 14),
      minutes: 60,
      meetingFormat: 'online',
      seats: 2,
      audience: { kind: 'all' },
      signUpClosesAt: jstSlot(5, 12),
      safetyRulesConfirmed: true,
      ...overrides,
    }),
    201,
  );
  return body.id as string;
}

/** A new alumna's 座談会 and `count` new students who took places in it, in that order. */
export async function groupSessionWithStudents(
  app: App,
  count: number,
  overrides: Record<string, unknown> = {},
): Promise<{ mentor: MentorParty; id: string; students: Party[] }> {
  const mentor = await newMentor(app);
  const id = await openGroupSession(app, mentor, overrides);
  const students: Party[] = [];
  for (let n = 0; n < count; n++) {
    const student = await newStudent(app);
    expectOk(await call(app, student.cookie, 'POST', `/api/group-sessions/${id}/seat`));
    students.push(student);
  }
  return { mentor, id, students };
}
