import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { jpeg } from '../test/factories/mentors';
import { insertRequest, newMentor, newStudent, viewRequest } from '../test/factories/visits';

/**
 * What the API answers is someone's: no browser cache (a shared computer in the library) or
 * proxy keeps a copy of it, `Cache-Control: no-store`, unless a route chose otherwise.
 */
describe('Cache-Control of personal answers', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('a visit request, the student’s own profile and an alumna’s page with her contact', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app, {}, { contactVisibility: 'signed_in' });
    const request = await insertRequest(t.app, student.id, mentor.id);

    const answers = {
      request: await viewRequest(t.app, student.cookie, request.id),
      me: await get('/api/students/me', student.cookie),
      page: await get(`/api/mentors/${mentor.urlParam}`, student.cookie),
    };
    expect(answers.page.json()).toMatchObject({ contactEmail: mentor.contactEmail });
    for (const [name, response] of Object.entries(answers)) {
      expect(response.statusCode, name).toBe(200);
      expect(response.headers['cache-control'], name).toBe('no-store');
    }
  });

  it('refusals, writes and the local mailbox (sign-in links) alike', async () => {
    const student = await newStudent(t.app);
    const answers = [
      await get('/api/students/me'),
      await get('/api/no-such-route', student.cookie),
      await get('/_dev/mail'),
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie: student.cookie },
      }),
    ];
    for (const response of answers) {
      expect(response.headers['cache-control'], response.body).toBe('no-store');
    }
  });

  it('leaves what a route chose: the bell’s revalidated count, an icon whose URL changes', async () => {
    const student = await newStudent(t.app);
    const bell = await get('/api/notifications/unread-count', student.cookie);
    expect(bell.headers['cache-control']).toBe('private, no-cache');
    expect(bell.headers.etag).toBeDefined();

    const mentor = await newMentor(t.app, { icon: await jpeg(80, 80) });
    const page = await get(`/api/mentors/${mentor.urlParam}`, student.cookie);
    const iconUrl = (page.json() as { iconUrl: string }).iconUrl;
    const icon = await get(iconUrl, student.cookie);
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('private, max-age=31536000, immutable');
  });
});
