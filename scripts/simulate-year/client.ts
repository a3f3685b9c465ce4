import http from 'node:http';
import type { Rng } from './prng';
import { idsInPath } from './trace';
import type { TraceEntry } from './types';
import { SESSION_ABSOLUTE_LIFETIME_MS } from '../../src/shared/constants';
import { SIMULATED_IDLE_MS, type ServerProcess, type SinkMail, type World } from './world';

/**
 * One person's browser: a cookie jar, a client address of her own in 127.0.0.0/8 (the per-IP
 * limits count per person), `Origin` on writes, the process the PRNG chooses for each call,
 * and every call traced. A 401 on a signed-in call signs her in again (by mail) and repeats it.
 */

export interface ApiAnswer {
  status: number;
  json: unknown;
  cookies: Record<string, string>;
}

export interface CallOptions {
  body?: unknown;
  /** A multipart body (the alumni form), sent as it is. */
  multipart?: { payload: Buffer; contentType: string };
  /** Sign in again and repeat once after a 401 (default: when she has a session). */
  retrySignIn?: boolean;
}

/**
 * Idle sockets are closed after 30 s, well before the server's keep-alive (Fastify's 72 s):
 * otherwise a person's socket, idle for a minute of real time between her actions, could be
 * reused in the instant the server closes it, and the call would meet a reset (status 0) that
 * no browser would show (browsers send again on a reused connection that failed).
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 4, timeout: 30_000 });

/** One HTTP request from `localAddress`; status 0 when no answer came. */
export function httpRequest(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: Buffer | undefined,
  localAddress: string,
  timeoutMs = 60_000,
): Promise<{ status: number; text: string; setCookie: string[] }> {
  return new Promise((resolve) => {
    const request = http.request(
      url,
      { method, headers, agent, localAddress, timeout: timeoutMs },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            setCookie: response.headers['set-cookie'] ?? [],
          }),
        );
        response.on('error', () => resolve({ status: 0, text: '', setCookie: [] }));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', () => resolve({ status: 0, text: '', setCookie: [] }));
    request.end(body);
  });
}

export interface Tracer {
  record(entry: Omit<TraceEntry, 'seq' | 'at'>): TraceEntry;
  /** Real time spent on a part of the work (`phase` in run.ts): where a run's minutes go. */
  spent(part: string, since: number): void;
  /** Something that happened to a person that no call shows (a sign-in given up). */
  count(what: string): void;
}

export class Client {
  readonly cookies = new Map<string, string>();
  /** The user id, once the site answered it. */
  userId: string | undefined;
  /** Simulated times (ms) her session began and was last used: see `sessionRunningOut`. */
  private sessionSince: number | undefined;
  private lastUsed: number | undefined;

  constructor(
    readonly who: string,
    public email: string,
    readonly localAddress: string,
    private readonly world: World,
    private readonly rng: Rng,
    private readonly tracer: Tracer,
    private readonly simNow: () => number,
  ) {}

  get signedIn(): boolean {
    return this.cookies.size > 0;
  }

  /** The process this call goes to: the PRNG's choice among the live ones. */
  private chooseProcess(): ServerProcess | undefined {
    const live = this.world.processes;
    // Drawn from all processes (not the live ones) so that a kill never shifts the stream.
    const chosen = this.rng.pick(live);
    if (this.world.isAlive(chosen)) return chosen;
    return this.world.live()[0];
  }

  async call(method: string, path: string, options: CallOptions = {}): Promise<ApiAnswer> {
    // Whoever has signed in before signs in again after a 401 (her session ended, idle or by
    // a role change); a call made before she has an account never does.
    const retry = options.retrySignIn ?? this.userId !== undefined;
    if (retry && this.signedIn && this.sessionRunningOut()) {
      this.cookies.clear();
      await this.signIn();
    }
    const answer = await this.once(method, path, options);
    if (answer.status === 401 && retry && !path.startsWith('/api/auth/')) {
      this.cookies.clear();
      if (await this.signIn()) return this.once(method, path, options);
    }
    return answer;
  }

  private async once(method: string, path: string, options: CallOptions): Promise<ApiAnswer> {
    const server = this.chooseProcess();
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    }
    if (method !== 'GET') headers.origin = this.world.origin;
    let body: Buffer | undefined;
    if (options.multipart) {
      body = options.multipart.payload;
      headers['content-type'] = options.multipart.contentType;
    } else if (options.body !== undefined) {
      body = Buffer.from(JSON.stringify(options.body));
      headers['content-type'] = 'application/json';
    }
    if (body) headers['content-length'] = String(body.length);
    const response = server
      ? await httpRequest(`${server.url}${path}`, method, headers, body, this.localAddress)
      : { status: 0, text: '', setCookie: [] };
    let json: unknown;
    try {
      json = response.text ? JSON.parse(response.text) : undefined;
    } catch {
      json = undefined;
    }
    if (process.env.SIM_DEBUG && response.status >= 400) {
      console.error(
        `${this.who} ${method} ${path} → ${response.status} ${response.text.slice(0, 400)}`,
      );
    }
    const hadSession = this.cookies.size > 0;
    const cookies: Record<string, string> = {};
    for (const line of response.setCookie) {
      const [pair, ...attributes] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      const cleared =
        !value || attributes.some((a) => /max-age=0\b|expires=thu, 01 jan 1970/i.test(a));
      if (cleared) this.cookies.delete(name);
      else this.cookies.set(name, value);
      cookies[name] = value;
    }
    if (!hadSession && this.cookies.size > 0) this.sessionSince = this.simNow();
    if (this.cookies.size > 0 && response.status !== 401) this.lastUsed = this.simNow();
    const ids = new Set(idsInPath(path));
    const answerId = (json as { id?: unknown } | undefined)?.id;
    if (typeof answerId === 'string') ids.add(answerId);
    // Her own id only on calls that name no row (a search, her profile): a violation naming a
    // request then cuts the trace to that request's calls, not to everything its people did.
    if (this.userId && ids.size === 0) ids.add(this.userId);
    this.tracer.record({
      simTime: new Date(this.simNow()).toISOString(),
      who: this.who,
      process: server?.name ?? '-',
      method,
      path,
      status: response.status,
      ids: [...ids],
    });
    return { status: response.status, json, cookies };
  }

  /** The newest mail to her since `since` (an index into the world's mail) that `matches`. */
  async mailSince(
    since: number,
    matches: (mail: SinkMail) => boolean,
    waitMs = 8000,
  ): Promise<SinkMail | undefined> {
    const deadline = Date.now() + waitMs;
    for (;;) {
      for (const server of this.world.live()) await this.world.quiesce(server);
      this.world.collectMail();
      const found = this.world.mails
        .slice(since)
        .filter((mail) => mail.to === this.email && matches(mail))
        .at(-1);
      // While the SMTP server hangs no mail comes: she gives up at once and tries later.
      if (found || Date.now() > deadline || this.world.smtp.hang) return found;
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
  }

  /**
   * Whether her session ends within the hour (idle for a day, or 30 days old): she signs in
   * again first. Decided on the simulated schedule, so that a seed's run does not hang on the
   * milliseconds between a step and its call (a session used exactly a day apart).
   */
  private sessionRunningOut(): boolean {
    const now = this.simNow();
    const margin = 60 * 60 * 1000;
    return (
      (this.lastUsed !== undefined && now - this.lastUsed >= SIMULATED_IDLE_MS - margin) ||
      (this.sessionSince !== undefined &&
        now - this.sessionSince >= SESSION_ABSOLUTE_LIFETIME_MS - margin)
    );
  }

  /** Signs in as a person does: login-link, the link from her mail, complete-link. */
  async signIn(): Promise<boolean> {
    const began = Date.now();
    try {
      return await this.signInOnce();
    } finally {
      this.tracer.spent('sign-in', began);
    }
  }

  private async signInOnce(): Promise<boolean> {
    const since = this.world.mails.length;
    const requested = await this.once('POST', '/api/auth/login-link', {
      body: { email: this.email },
    });
    if (requested.status !== 200) {
      // No answer (a killed process): she is signed out until her next call's 401 signs her in.
      if (requested.status === 0) this.tracer.count('sign-in without an answer');
      return false;
    }
    const waiting = Date.now();
    const mail = await this.mailSince(since, (m) =>
      m.links.some((link) => link.includes('/auth/verify-email?token=')),
    );
    this.tracer.spent('sign-in.mail', waiting);
    const link = mail?.links.find((url) => url.includes('/auth/verify-email?token='));
    if (!link) {
      // Her link did not come (an SMTP hang): her call goes without a session and is answered
      // 401, as the site answers anyone signed out. The report counts these apart.
      this.tracer.count('sign-in without its mail');
      return false;
    }
    const token = new URL(link).searchParams.get('token');
    const completed = await this.once('POST', '/api/auth/complete-link', {
      body: { token, email: this.email },
    });
    if (completed.status !== 200) return false;
    await this.learnUserId();
    return true;
  }

  async learnUserId(): Promise<void> {
    const session = await this.once('GET', '/api/auth/session', {});
    const user = (session.json as { user?: { id?: string } | null } | undefined)?.user;
    if (user?.id) this.userId = user.id;
  }
}
