import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFromMail, createTestApp, insertUser, latestMailTo, type TestApp } from '../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The typed code works only in the browser that asked for it. */
describe('sign-in codes bound to the asking browser', () => {
  it('refuses the right code from another client, and a stranger burns nothing', async () => {
    const email = 'bound@example.com';
    await insertUser(t.app, { email, role: 'student' });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login-link',
      payload: { email },
      remoteAddress: '10.9.0.1',
    });
    expect(asked.statusCode).toBe(200);
    const binding = asked.cookies.find((c) => c.name === 'og_signin');
    expect(binding).toBeDefined();
    const code = codeFromMail((await latestMailTo(t.app, email))!);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 6; i++) {
      const guess = await t.app.inject({
        method: 'POST',
        url: '/api/auth/complete-code',
        payload: { email, code: wrong },
        remoteAddress: '10.9.0.2',
      });
      expect(guess.json()).toMatchObject({ code: 'auth/invalid-code' });
    }
    const stolen = await t.app.inject({
      method: 'POST',
      url: '/api/auth/complete-code',
      payload: { email, code },
      remoteAddress: '10.9.0.2',
    });
    expect(stolen.statusCode).toBe(400);
    const owner = await t.app.inject({
      method: 'POST',
      url: '/api/auth/complete-code',
      payload: { email, code },
      remoteAddress: '10.9.0.1',
      headers: { cookie: `og_signin=${binding!.value}` },
    });
    expect(owner.statusCode).toBe(200);
  });
});
