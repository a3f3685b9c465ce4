import net from 'node:net';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSmtpTransport, serverUnavailable } from './transport';

const MAIL = { to: 'a@example.com', subject: 's', text: 't', html: '<p>t</p>', links: [] };

describe('a mail server that accepts connections and never greets', () => {
  let server: net.Server;
  let port: number;
  const sockets: net.Socket[] = [];

  beforeAll(async () => {
    server = net.createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
    vi.restoreAllMocks();
  });

  it('gives the greeting its own bound, shorter than the silence bound', () => {
    // With equal bounds both timers end in the same moment and either may fire first; a
    // silence before the greeting then reads as a message the server may have kept.
    const create = vi.spyOn(nodemailer, 'createTransport');
    createSmtpTransport(`smtp://127.0.0.1:${port}`, 'from@example.com', 4000).close();
    const options = create.mock.calls[0]![0] as {
      greetingTimeout: number;
      connectionTimeout: number;
      socketTimeout: number;
    };
    expect(options.greetingTimeout).toBe(4000);
    expect(options.connectionTimeout).toBe(4000);
    expect(options.socketTimeout).toBeGreaterThan(options.greetingTimeout);
    create.mockRestore();
  });

  it('is reported as unavailable (a missing greeting), so the outbox waits for it', async () => {
    const transport = createSmtpTransport(`smtp://127.0.0.1:${port}`, 'from@example.com', 200);
    for (let attempt = 0; attempt < 5; attempt++) {
      const failure = await transport.send(MAIL).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toMatchObject({ code: 'ETIMEDOUT', timeoutType: 'GREETING_TIMEOUT' });
      expect(serverUnavailable(failure)).toBe(true);
    }
    transport.close();
  });
});
