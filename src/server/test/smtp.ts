import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { SMTPConnection } from 'smtp-server/lib/smtp-connection.js';

/**
 * smtp-server waits 100 ms before it greets a new connection, to catch clients that talk too
 * soon (a spam defence, SMTPConnection.init). Our senders never do, and every message of every
 * test and of the simulated year waited those 100 ms on its own connection: most of a simulated
 * sign-in's time (docs/SIMULATION.md). The sink greets at once: init's steps without its timer.
 */
SMTPConnection.prototype.init = function greetAtOnce(this: SMTPConnection) {
  this._setListeners(() => this.connectionReady());
};

/**
 * The SMTP server every test that needs real SMTP talks to (the `smtp-server` package, in
 * this process): the mail tests, the fault tests and the multi-process test.
 */

export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  mail: ParsedMail;
}

export interface TestSmtp {
  port: number;
  received: ReceivedMail[];
  /** While set, every message is refused with 550 after it was read. */
  refuse: boolean;
  /**
   * While set, every new message is read and never answered, as a server that hangs would
   * (the simulated year's SMTP fault): its sender waits until it gives up.
   */
  hang: boolean;
  /** Client ports of the connections whose message is never answered (see `stallFirstTo`). */
  stalledPorts: number[];
  /** Client ports of the connections never greeted (see `hangFirstConnection`). */
  hungPorts: number[];
  close(): Promise<void>;
}

export interface SmtpOptions {
  /**
   * The first message to this address is read and never answered, as a server that hangs
   * would; its sender waits until it gives up or dies. Later ones are accepted.
   */
  stallFirstTo?: string;
  /**
   * The first connection is accepted and never greeted, as a server that hangs would; its
   * message waits until its sender gives up. Later connections are served.
   */
  hangFirstConnection?: boolean;
}

/** An in-process SMTP server on 127.0.0.1 (port 0: any free one) that keeps what it accepts. */
export async function startSmtp(port = 0, options: SmtpOptions = {}): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const stalledPorts: number[] = [];
  const hungPorts: number[] = [];
  const state = { refuse: false, hang: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    closeTimeout: 1000,
    onConnect(session, callback) {
      if (options.hangFirstConnection && !hungPorts.length) {
        hungPorts.push(session.remotePort);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
      if (options.stallFirstTo && to.includes(options.stallFirstTo) && !stalledPorts.length) {
        stalledPorts.push(session.remotePort);
        stream.resume();
        return;
      }
      if (state.hang) {
        stream.resume();
        return;
      }
      simpleParser(stream).then(
        (mail) => {
          if (state.refuse) {
            callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
            return;
          }
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined;
          received.push({ from, to, mail });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  // A sender that goes away mid-conversation (a server process killed by a test or by the
  // simulated year) resets its connection: that ends its message, not the sink. Without a
  // listener the reset would be an unhandled 'error' and end the test's whole process.
  server.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    stalledPorts,
    hungPorts,
    get refuse() {
      return state.refuse;
    },
    set refuse(value: boolean) {
      state.refuse = value;
    },
    get hang() {
      return state.hang;
    },
    set hang(value: boolean) {
      state.hang = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
