import net from 'node:net';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../../src/server/test/smtp';
import { planFaults } from './faults';
import { createRng } from './prng';

/** The faults' mechanics: the SMTP sink that hangs, and the seed's plan. */

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.close();
});

function send(to: string) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: smtp.port,
    secure: false,
    ignoreTLS: true,
    socketTimeout: 500,
    greetingTimeout: 500,
  });
  return transport.sendMail({ from: 'site@example.com', to, subject: 'hello', text: 'hi' });
}

describe('the SMTP sink hanging', () => {
  it('reads a message and never answers it while set, and serves again once cleared', async () => {
    smtp.hang = true;
    await expect(send('while-hung@example.com')).rejects.toThrow();
    expect(smtp.received).toHaveLength(0);
    smtp.hang = false;
    await send('after@example.com');
    expect(smtp.received.map((mail) => mail.to)).toEqual([['after@example.com']]);
  });
});

describe('the SMTP sink when a sender is killed mid-message', () => {
  it('survives the reset connection and serves the next sender', async () => {
    const socket = net.connect(smtp.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('data', () => resolve()));
    socket.write(
      'EHLO killed.example\r\nMAIL FROM:<a@example.com>\r\nRCPT TO:<b@example.com>\r\nDATA\r\n',
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    // As SIGKILL leaves it: the connection reset, no QUIT.
    socket.resetAndDestroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await send('after-reset@example.com');
    expect(smtp.received.at(-1)?.to).toEqual(['after-reset@example.com']);
  });
});

describe('the fault plan', () => {
  it('is the seed’s: the same moments and kinds, in order, and no blip without PostgreSQL', () => {
    const plan = (seed: number, db: 'postgres' | 'pglite') =>
      planFaults(createRng(seed).fork('faults'), 0, 1_000_000, 12, db);
    expect(plan(5, 'postgres')).toEqual(plan(5, 'postgres'));
    const moments = plan(5, 'postgres').map((fault) => fault.at);
    expect(moments).toEqual([...moments].sort((a, b) => a - b));
    expect(plan(5, 'pglite').some((fault) => fault.kind === 'database-blip')).toBe(false);
    // A kill in the middle of a tick's work is in both worlds' plans.
    for (const db of ['postgres', 'pglite'] as const) {
      const kinds = new Set(
        planFaults(createRng(1).fork('faults'), 0, 1, 200, db).map((f) => f.kind),
      );
      expect(kinds).toContain('kill-mid-tick');
    }
  });
});
