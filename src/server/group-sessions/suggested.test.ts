import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Recommendations } from '../../shared/schemas/recommendations';
import { groupSessions, userBlocks } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { call, expectOk } from '../test/factories/admins';
import { cookieFor, insertStudent } from '../test/factories/mentors';
import { insertRequest, jstSlot, newMentor, type MentorParty } from '../test/factories/visits';

/**
 * 「あなたに合いそうな座談会」 (issue 58 point 1) in GET /api/recommendations: up to two upcoming
 * 座談会 she may join whose alumna's industry is of her 志望業界's category or whose topics she
 * asked about. Each test's alumnae are in an industry of their own.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function studentWith(seed: Parameters<typeof insertStudent>[1] = {}) {
  const { user } = await insertStudent(t.app, seed);
  return { id: user.id, cookie: await cookieFor(t.app, user.id) };
}

async function open(mentor: MentorParty, overrides: Record<string, unknown> = {}) {
  const body = expectOk(
    await call(t.app, mentor.cookie, 'POST', '/api/group-sessions', {
      title: '業界の話をする座談会',
      description: '仕事の一日と、選考で聞かれたことを話します。',
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

async function suggestedTo(cookie: string) {
  const answer = expectOk(
    await call(t.app, cookie, 'GET', '/api/recommendations'),
  ) as unknown as Recommendations;
  return answer.groupSessions;
}

describe('座談会 in her recommendations', () => {
  it('suggests the soonest two of her 志望業界, never one of another industry', async () => {
    const host = await newMentor(t.app, { industry: 'コンサルティング - 戦略系' });
    const other = await newMentor(t.app, { industry: '医療・福祉 - 病院' });
    const later = await open(host, { startsAt: jstSlot(9, 14), signUpClosesAt: jstSlot(8, 12) });
    const soonest = await open(host, { startsAt: jstSlot(4, 10), signUpClosesAt: jstSlot(3, 12) });
    const middle = await open(host);
    await open(other);
    const student = await studentWith({ desiredIndustry: 'コンサルティング' });

    const cards = await suggestedTo(student.cookie);
    expect(cards.map((card) => card.id)).toEqual([soonest, middle]);
    expect(cards[0]).toMatchObject({ canJoin: true, mine: { kind: 'none' }, seatsLeft: 2 });
    expect(cards.map((card) => card.id)).not.toContain(later);
  });

  it('suggests one whose topics she asked about on a request, whatever its industry', async () => {
    const host = await newMentor(t.app, { industry: '公務員・教育 - 教育' });
    const id = await open(host, { topics: ['interview_practice'] });
    const student = await studentWith({ desiredIndustry: null });
    expect(await suggestedTo(student.cookie)).toEqual([]);
    await insertRequest(t.app, student.id, host.id, { agendaTopics: ['interview_practice'] });
    expect((await suggestedTo(student.cookie)).map((card) => card.id)).toEqual([id]);
  });

  it('leaves out one she holds a place in, one not for her, one closed, and a blocked alumna’s', async () => {
    const host = await newMentor(t.app, { industry: 'マスコミ・エンタメ - 出版' });
    const blocker = await newMentor(t.app, { industry: 'マスコミ・エンタメ - 放送' });
    const student = await studentWith({ desiredIndustry: 'マスコミ・エンタメ', grade: '2年' });
    const seated = await open(host);
    expect(
      (await call(t.app, student.cookie, 'POST', `/api/group-sessions/${seated}/seat`)).statusCode,
    ).toBe(200);
    await open(host, {
      audience: { kind: 'grades', grades: ['4年'] },
      startsAt: jstSlot(7, 14),
      signUpClosesAt: jstSlot(6, 12),
    });
    const closed = await open(host, { startsAt: jstSlot(8, 14), signUpClosesAt: jstSlot(7, 12) });
    await t.app.ctx.db
      .update(groupSessions)
      .set({ signUpClosesAt: new Date(Date.now() - 60_000) })
      .where(eq(groupSessions.id, closed));
    await open(blocker);
    await t.app.ctx.db.insert(userBlocks).values({ blockerId: blocker.id, blockedId: student.id });

    expect(await suggestedTo(student.cookie)).toEqual([]);
  });
});
