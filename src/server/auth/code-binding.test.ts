import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInTokens } from '../db/schema';
import { sha256 } from '../lib/secrets';
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

/** The binding is always a value the server made: one the client chose is replaced. */
describe('the browser binding', () => {
  it('replaces a value the client chose, and keeps one the server made', async () => {
    const email = 'chosen-binding@example.com';
    await insertUser(t.app, { email, role: 'student' });
    const chosen = 'a-value-someone-chose';
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login-link',
      payload: { email },
      remoteAddress: '10.9.1.1',
      headers: { cookie: `og_signin=${chosen}` },
    });
    expect(asked.statusCode).toBe(200);
    const made = asked.cookies.find((c) => c.name === 'og_signin');
    expect(made?.value).toBeDefined();
    expect(made!.value).not.toBe(chosen);
    const [row] = await t.app.ctx.db
      .select()
      .from(signInTokens)
      .where(eq(signInTokens.email, email));
    expect(row!.browserHash).toBe(sha256(made!.value));

    // The chosen value finds no code; the server's does, and is kept as it is.
    const code = codeFromMail((await latestMailTo(t.app, email))!);
    const withChosen = await t.app.inject({
      method: 'POST',
      url: '/api/auth/complete-code',
      payload: { email, code },
      remoteAddress: '10.9.1.1',
      headers: { cookie: `og_signin=${chosen}` },
    });
    expect(withChosen.json()).toMatchObject({ code: 'auth/invalid-code' });
    const askedAgain = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login-link',
      payload: { email },
      remoteAddress: '10.9.1.1',
      headers: { cookie: `og_signin=${made!.value}` },
    });
    expect(askedAgain.cookies.find((c) => c.name === 'og_signin')).toBeUndefined();
    const withMade = await t.app.inject({
      method: 'POST',
      url: '/api/auth/complete-code',
      payload: { email, code },
      remoteAddress: '10.9.1.1',
      headers: { cookie: `og_signin=${made!.value}` },
    });
    expect(withMade.statusCode).toBe(200);
  });

  it('replaces a chosen value on the alumni waiting page’s resend too', async () => {
    const email = 'chosen-resend@example.com';
    const user = await insertUser(t.app, { email, role: 'mentor', emailVerified: false });
    const { createSession } = await import('../credentials/sessions');
    const session = `og_session=${await createSession(t.app.ctx.db, user.id)}`;
    const chosen = 'another-chosen-value';
    const resent = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend-verification',
      remoteAddress: '10.9.1.2',
      headers: { cookie: `${session}; og_signin=${chosen}` },
    });
    expect(resent.statusCode).toBe(200);
    const made = resent.cookies.find((c) => c.name === 'og_signin');
    expect(made!.value).not.toBe(chosen);
    const [row] = await t.app.ctx.db
      .select()
      .from(signInTokens)
      .where(eq(signInTokens.email, email));
    expect(row!.browserHash).toBe(sha256(made!.value));
  });
});
