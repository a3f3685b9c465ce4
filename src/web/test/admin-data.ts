import type { Answer, Handler } from './render';
import { signedInAs } from './render';

/** What the admin API answers in component tests (dates as the wire carries them). */

export const ME = signedInAs('admin');
export const MY_ID = 'u1';

export function adminUser(overrides: Record<string, unknown> = {}) {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    email: 'hanako@aoyama.jp',
    role: 'student',
    name: '山田 花子',
    universityName: '青山大学',
    universityNameEn: null,
    profile: 'student',
    mentorUrlParam: null,
    emailVerified: true,
    suspendedAt: null,
    lastActiveAt: '2026-11-20T01:00:00.000Z',
    createdAt: '2026-04-01T01:00:00.000Z',
    requestsStopped: false,
    noShowClaims: [],
    visitStats: null,
    ...overrides,
  };
}

export function adminInvitation(overrides: Record<string, unknown> = {}) {
  return {
    id: '22222222-2222-4222-8222-222222222222',
    email: 'og@example.com',
    inviteCode: 'ABC234',
    role: 'mentor',
    status: 'pending',
    inviter: { id: 'u9', email: 'inviter@example.com', name: '佐藤 一郎' },
    createdAt: '2026-11-20T01:00:00.000Z',
    expiresAt: '2026-11-27T01:00:00.000Z',
    completedAt: null,
    expiredAt: null,
    revoked: false,
    ...overrides,
  };
}

export function adminUniversity(overrides: Record<string, unknown> = {}) {
  return {
    id: 'u-aoyama',
    name: '青山大学',
    reading: '',
    nameEn: null,
    domains: ['aoyama.jp'],
    retiredAt: null,
    studentCount: 7,
    mentorCount: 3,
    ...overrides,
  };
}

export const ok = (body: unknown, status = 200): Answer => ({ status, body });
export const refused = (status: number, code: string, fieldErrors?: Record<string, string>) =>
  ok({ code, message: '', ...(fieldErrors ? { fieldErrors } : {}) }, status);

/** The admin's session, then `answer` for everything else (404 when it has nothing). */
export function adminApi(
  answer: (url: URL, method: string, body: unknown) => Answer | undefined,
): Handler {
  return (input, init) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/api/auth/session') return ME;
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    return answer(url, method, body) ?? refused(404, 'not-found');
  };
}

/** The calls the page made, as method + path + query, for assertions. */
export function calls(fetchMock: { mock: { calls: unknown[][] } }): string[] {
  return fetchMock.mock.calls.map(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return `${(init as RequestInit | undefined)?.method ?? 'GET'} ${url.pathname}${url.search}`;
  });
}
