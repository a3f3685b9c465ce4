import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test/app';
import { call, insertAdmin } from '../test/factories/admins';
import { createRequest, newMentor, newStudent, type Party } from '../test/factories/visits';
import { MAX_BELL_STREAMS_PER_USER } from './bell-streams';

/**
 * The bell's count as server-sent events over a real socket (docs/PRODUCT.md §14): at once,
 * on every change, and never past the session's end.
 */

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

interface Stream {
  status: number;
  /** The next `unread` event's count. */
  nextUnread(): Promise<number>;
  ended: Promise<void>;
  close(): void;
}

function openStream(party: Party): Promise<Stream> {
  return new Promise((opened, failed) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/notifications/stream',
        headers: {
          cookie: party.cookie,
          host: new URL(TEST_ORIGIN).host,
          accept: 'text/event-stream',
        },
      },
      (response) => {
        let buffer = '';
        const counts: number[] = [];
        const waiting: ((count: number) => void)[] = [];
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const event = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = /^event: unread\ndata: (.*)$/m.exec(event);
            if (!data) continue;
            const count = (JSON.parse(data[1]!) as { unread: number }).unread;
            const reader = waiting.shift();
            if (reader) reader(count);
            else counts.push(count);
          }
        });
        const ended = new Promise<void>((done) => response.on('close', done));
        opened({
          status: response.statusCode ?? 0,
          nextUnread: () => {
            const count = counts.shift();
            if (count !== undefined) return Promise.resolve(count);
            return new Promise((read) => waiting.push(read));
          },
          ended,
          close: () => request.destroy(),
        });
      },
    );
    request.on('error', failed);
  });
}

describe('the bell as a stream', () => {
  it('sends the count at once, again on every change, from whatever wrote it', async () => {
    const student = await newStudent(t.app);
    const mentor = await newMentor(t.app);
    const stream = await openStream(mentor);
    expect(stream.status).toBe(200);
    expect(await stream.nextUnread()).toBe(0);

    await createRequest(t.app, student, mentor);
    expect(await stream.nextUnread()).toBe(1);

    await call(t.app, mentor.cookie, 'POST', '/api/notifications/read-all');
    expect(await stream.nextUnread()).toBe(0);
    stream.close();
  });

  it('answers only an event-stream reader', async () => {
    const mentor = await newMentor(t.app);
    const plain = await call(t.app, mentor.cookie, 'GET', '/api/notifications/stream');
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toMatchObject({ code: 'invalid-argument' });
  });

  it('ends at sign-out and at suspension, and refuses the signed-out', async () => {
    const mentor = await newMentor(t.app);
    const stream = await openStream(mentor);
    expect(await stream.nextUnread()).toBe(0);
    await call(t.app, mentor.cookie, 'POST', '/api/auth/logout');
    await stream.ended;
    expect((await openStream(mentor)).status).toBe(401);

    const student = await newStudent(t.app);
    const studentStream = await openStream(student);
    expect(await studentStream.nextUnread()).toBe(0);
    const admin = await insertAdmin(t.app);
    await call(t.app, admin.cookie, 'POST', `/api/admin/users/${student.id}/suspend`);
    await studentStream.ended;
  });

  it(`holds at most ${MAX_BELL_STREAMS_PER_USER} per person; more are refused (those tabs poll)`, async () => {
    const student = await newStudent(t.app);
    const streams = await Promise.all(
      Array.from({ length: MAX_BELL_STREAMS_PER_USER }, () => openStream(student)),
    );
    expect(streams.map((stream) => stream.status)).toEqual(
      Array(MAX_BELL_STREAMS_PER_USER).fill(200),
    );
    for (const stream of streams) await stream.nextUnread();
    const refused = await openStream(student);
    expect(refused.status).toBe(429);
    streams[0]!.close();
    await new Promise((settled) => setTimeout(settled, 50));
    const again = await openStream(student);
    expect(again.status).toBe(200);
    for (const stream of [...streams, again]) stream.close();
  });
});
