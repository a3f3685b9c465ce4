import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

/**
 * A process being stopped (a rolling restart) still answers what reaches it on a connection it
 * already had: nginx keeps connections to every process open and may send one more request on
 * it as the stop begins. That request is served, and the connection closed after it; a 503
 * there would reach the user, since a 503 is not passed on to the next process.
 */
describe('a process that is closing', () => {
  let t: TestApp | undefined;
  afterAll(async () => {
    await t?.close().catch(() => undefined);
  });

  it('serves a request arriving on an open connection and closes the connection after it', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let slowStarted!: () => void;
    const started = new Promise<void>((resolve) => (slowStarted = resolve));
    t = await createTestApp(
      {},
      {
        beforeReady: (app) => {
          app.get('/test/slow', async () => {
            slowStarted();
            await released;
            return { ok: true };
          });
        },
      },
    );
    const app = t.app;
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;

    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write('GET /test/slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await started;

    // The stop begins while the connection has a request in flight ...
    const closed = app.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // ... and one more request arrives on it.
    socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await ended;
    await closed;

    const statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => match[1]);
    expect(statuses).toEqual(['200', '200']);
    const second = received.slice(received.lastIndexOf('HTTP/1.1 '));
    expect(second).toMatch(/^connection: close\r$/im);
    expect(second).toContain('"status":"ok"');
    await t.database.close();
    t = undefined;
  });
});
