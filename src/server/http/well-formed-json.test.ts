import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuietTestApp, type TestApp } from '../test/app';
import { call } from '../test/factories/admins';
import { cookieFor } from '../test/factories/mentors';
import { newMentor } from '../test/factories/visits';
import { wellFormed } from './well-formed-json';

let t: TestApp;
beforeAll(async () => {
  t = await createQuietTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('a JSON body with a lone surrogate', () => {
  it('is stored with U+FFFD in a jsonb column, as a text column would, instead of answering 500', async () => {
    const mentor = await newMentor(t.app);
    const cookie = await cookieFor(t.app, mentor.id);
    // light-my-request writes these as the escapes \ud800 and \udc00.
    const saved = await call(t.app, cookie, 'PUT', '/api/mentors/me/reply-templates', {
      templates: [{ title: '日程\ud800', body: 'ありがとうございます\udc00。' }],
    });
    expect(saved.statusCode).toBe(200);
    const read = await call(t.app, cookie, 'GET', '/api/mentors/me/reply-templates');
    expect(read.json()).toEqual({
      templates: [{ title: '日程\uFFFD', body: 'ありがとうございます\uFFFD。' }],
    });
  });

  it('keeps a whole emoji and Fastify’s guard against __proto__', async () => {
    expect(wellFormed({ a: ['😀', 'x\ud83d'], 'k\udc00': 1 })).toEqual({
      a: ['😀', 'x\uFFFD'],
      'k\uFFFD': 1,
    });
    const mentor = await newMentor(t.app);
    const poisoned = await t.app.inject({
      method: 'PUT',
      url: '/api/mentors/me/reply-templates',
      headers: { 'content-type': 'application/json', cookie: await cookieFor(t.app, mentor.id) },
      payload: '{"__proto__":{"x":"\\ud800"},"templates":[]}',
    });
    expect(poisoned.statusCode).toBe(400);
    // Refused by the parser itself: no field of the form is named.
    expect(Object.keys(poisoned.json()).sort()).toEqual(['code', 'message']);
  });
});
