import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { loadConfig } from '../config';
import { SIGN_IN_LIMITS } from '../auth/sign-in-service';
import { createTestApp, type TestApp } from '../test/app';
import { clientKeyOf } from './client-key';

/**
 * Per-client rate limits hold behind a reverse proxy and against clients
 * that write their own X-Forwarded-For. The invitation lookup (60 per 15 minutes per client)
 * and the sign-in mail (120) are two of the per-client limits.
 */
const LOOKUP_MAX = 60;

interface From {
  remoteAddress: string;
  forwardedFor?: string;
}

function lookUp(app: App, from: From) {
  return app.inject({
    method: 'GET',
    url: '/api/invitations/lookup?email=nobody%40example.jp&code=ABC234',
    remoteAddress: from.remoteAddress,
    headers: from.forwardedFor === undefined ? {} : { 'x-forwarded-for': from.forwardedFor },
  });
}

/** Sends `count` lookups, the i-th from `from(i)`; returns how many were refused with 429. */
async function refusedOf(app: App, count: number, from: (i: number) => From): Promise<number> {
  let refused = 0;
  for (let i = 0; i < count; i++) {
    const response = await lookUp(app, from(i));
    if (response.statusCode === 429) {
      expect(response.json()).toMatchObject({ code: 'auth/too-many-requests' });
      refused++;
    } else {
      expect(response.statusCode, response.body).toBeLessThan(500);
    }
  }
  return refused;
}

/** A forged, ever-changing leftmost X-Forwarded-For entry, as a script would write it. */
const forged = (i: number) => `192.0.2.${i % 250}`;

describe('clientKeyOf', () => {
  it('keeps an IPv4 address', () => {
    expect(clientKeyOf('203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 address', () => {
    expect(clientKeyOf('::ffff:1.2.3.4')).toBe('1.2.3.4');
    expect(clientKeyOf('::FFFF:0102:0304')).toBe('1.2.3.4');
  });

  it('puts every IPv6 address of one /64 under one key, another /64 under another', () => {
    const key = clientKeyOf('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    for (const address of [
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:abcd::9',
      '2001:db8:1:2::1%eth0',
      '[2001:db8:1:2::7]',
      '2001:db8:1:2:0:0:192.0.2.1',
    ]) {
      expect(clientKeyOf(address), address).toBe(key);
    }
    expect(clientKeyOf('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientKeyOf('::1')).toBe('0:0:0:0::/64');
    expect(clientKeyOf('fe80::1')).toBe('fe80:0:0:0::/64');
  });

  it('never answers an empty key', () => {
    expect(clientKeyOf(undefined)).toBe('unknown');
    expect(clientKeyOf('')).toBe('unknown');
    expect(clientKeyOf('not-an-address')).toBe('not-an-address');
  });
});

describe('TRUST_PROXY unset: X-Forwarded-For is ignored', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: loadConfig({}).trustProxy });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a client writing its own X-Forwarded-For still meets its limit', async () => {
    const client = (i: number): From => ({
      remoteAddress: '203.0.113.10',
      forwardedFor: forged(i),
    });
    expect(await refusedOf(t.app, LOOKUP_MAX, client)).toBe(0);
    expect(await refusedOf(t.app, 3, (i) => client(LOOKUP_MAX + i))).toBe(3);
    // Another client is not held by it.
    expect(await refusedOf(t.app, 1, () => ({ remoteAddress: '203.0.113.11' }))).toBe(0);
  });

  it('IPv6 clients of one /64 share a limit; another /64 does not', async () => {
    const sameNetwork = (i: number): From => ({
      remoteAddress: `2001:db8:aa:1::${i.toString(16)}`,
    });
    expect(await refusedOf(t.app, LOOKUP_MAX, sameNetwork)).toBe(0);
    expect(await refusedOf(t.app, 1, () => ({ remoteAddress: '2001:db8:aa:1:ffff::1' }))).toBe(1);
    expect(await refusedOf(t.app, 1, () => ({ remoteAddress: '2001:db8:aa:2::1' }))).toBe(0);
  });

  it('an IPv4-mapped IPv6 address counts as its IPv4 address', async () => {
    const alternate = (i: number): From => ({
      remoteAddress: i % 2 === 0 ? '198.51.100.77' : '::ffff:198.51.100.77',
    });
    expect(await refusedOf(t.app, LOOKUP_MAX, alternate)).toBe(0);
    expect(await refusedOf(t.app, 1, () => ({ remoteAddress: '::ffff:198.51.100.77' }))).toBe(1);
    expect(await refusedOf(t.app, 1, () => ({ remoteAddress: '198.51.100.77' }))).toBe(1);
  });
});

describe('TRUST_PROXY=1: only the address the proxy appended counts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** nginx on the same machine with `$proxy_add_x_forwarded_for`: the client's entries, then its own. */
  const viaProxy = (client: string, written?: string): From => ({
    remoteAddress: '127.0.0.1',
    forwardedFor: written === undefined ? client : `${written}, ${client}`,
  });

  it('a forged leftmost entry does not escape the limit', async () => {
    const client = (i: number) => viaProxy('198.51.100.7', forged(i));
    expect(await refusedOf(t.app, LOOKUP_MAX, client)).toBe(0);
    expect(await refusedOf(t.app, 3, (i) => client(LOOKUP_MAX + i))).toBe(3);
  });

  it('clients behind the one proxy are told apart (the proxy is not one big client)', async () => {
    expect(await refusedOf(t.app, 1, () => viaProxy('198.51.100.8'))).toBe(0);
    expect(await refusedOf(t.app, 1, () => viaProxy('198.51.100.9', '198.51.100.7'))).toBe(0);
  });

  it('IPv6 clients behind the proxy are limited per /64', async () => {
    const client = (i: number) => viaProxy(`2001:db8:bb:1::${(i + 1).toString(16)}`, forged(i));
    expect(await refusedOf(t.app, LOOKUP_MAX, client)).toBe(0);
    expect(await refusedOf(t.app, 1, () => viaProxy('2001:db8:bb:1:1:2:3:4'))).toBe(1);
    expect(await refusedOf(t.app, 1, () => viaProxy('2001:db8:bb:2::1'))).toBe(0);
  });

  it('the sign-in mail limit holds against forged entries too', async () => {
    let refused = 0;
    for (let i = 0; i <= SIGN_IN_LIMITS.mailPerClient.max; i++) {
      const from = viaProxy('198.51.100.50', forged(i));
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login-link',
        payload: { email: `nobody${i}@example.jp` },
        remoteAddress: from.remoteAddress,
        headers: { 'x-forwarded-for': from.forwardedFor! },
      });
      if (response.statusCode === 429) refused++;
    }
    expect(refused).toBe(1);
  });
});

describe("TRUST_PROXY as the proxy's address", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      trustProxy: loadConfig({ TRUST_PROXY: '10.0.0.0/8,::1' }).trustProxy,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads X-Forwarded-For only from the proxy, and only up to the first untrusted hop', async () => {
    // Through the proxy: the client's address, not the forged entries before it.
    const proxied = (i: number): From => ({
      remoteAddress: '10.0.0.2',
      forwardedFor: `${forged(i)}, 198.51.100.20`,
    });
    expect(await refusedOf(t.app, LOOKUP_MAX, proxied)).toBe(0);
    expect(await refusedOf(t.app, 1, (i) => proxied(LOOKUP_MAX + i))).toBe(1);
    // Straight to the app from elsewhere: its header is not believed.
    const direct = (i: number): From => ({
      remoteAddress: '203.0.113.30',
      forwardedFor: forged(i),
    });
    expect(await refusedOf(t.app, LOOKUP_MAX, direct)).toBe(0);
    expect(await refusedOf(t.app, 1, (i) => direct(LOOKUP_MAX + i))).toBe(1);
  });
});
