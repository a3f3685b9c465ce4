import { sql } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../shared/errors';
import { ROLES, satisfies, type Role } from '../../../shared/roles';
import {
  mentorProfileFieldsSchema,
  mentorRegistrationSchema,
} from '../../../shared/schemas/mentors';
import type { Access } from '../../auth/guard';
import { lookUpSession } from '../../credentials/sessions';
import { universities, universityDomains } from '../../db/schema';
import { insertAdmin, insertInvitation } from '../factories/admins';
import { createTestApp, insertUser } from '../app';
import {
  cookieFor,
  insertMentor,
  insertStudent,
  jpeg,
  mentorFields,
  nextIp,
  nextSequence,
} from '../factories/mentors';
import {
  bodyArb,
  cookieHeader,
  fieldNamesOf,
  fieldObject,
  multipartArb,
  nearlyValid,
  PATH_SUFFIXES,
  plainHeaders,
  queryArb,
  segmentArb,
  SELF,
  wildHeaders,
  type GeneratedBody,
  type HeaderChoice,
  type PlausibleContext,
} from '../bad-input-arbitraries';

/**
 * Property-based bad input against every route the server registers: generated
 * bodies, query strings, path parameters, headers and multipart uploads, sent both by a
 * caller who gets past the guard and by others. For every answer:
 *  1. never a 5xx;
 *  2. every 4xx is JSON with a `code` from ERROR_CODES;
 *  3. a refused request (not 2xx) changes no data: the tables below, audit_log included,
 *     are the same before and after (rate_limit_hits count refused attempts by design).
 * The route list comes from the server's onRoute hook, so a new route is covered at once.
 */

const SEED = 0x0bad1 + 8;
/** Runs per route; upload routes get more because their bodies are the richest. */
const RUNS = { head: 8, read: 30, write: 50, upload: 150 };

// ---------------------------------------------------------------- the app and its routes

const registered: RouteOptions[] = [];
const t = await createTestApp({}, { onRoute: (route) => registered.push(route) });
afterAll(async () => {
  console.log(
    `bad input: ${stats.requests} requests over ${routes.length} routes, ` +
      `${stats.serverErrors} server errors`,
  );
  await t.close();
});

interface ApiRoute {
  method: string;
  url: string;
  access: Access | undefined;
  bodyFields: string[];
  queryFields: string[];
  params: string[];
  /** Reads its body with readMultipart, so its fields are not in the route's schema. */
  upload: boolean;
}

/** The routes that take multipart forms, with the shared schema their fields follow. */
const MULTIPART_SCHEMAS: Record<string, unknown> = {
  'POST /api/mentor-registrations': mentorRegistrationSchema,
  'PUT /api/mentors/me': mentorProfileFieldsSchema,
};

function listRoutes(): ApiRoute[] {
  const seen = new Set<string>();
  const list: ApiRoute[] = [];
  for (const route of registered) {
    // Static files and the single-page app (registered only with a built web root).
    if (route.url.includes('*')) continue;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const key = `${method} ${route.url}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const schema = (route.schema ?? {}) as { body?: unknown; querystring?: unknown };
      const multipart = MULTIPART_SCHEMAS[key];
      list.push({
        method,
        url: route.url,
        access: (route.config as { access?: Access } | undefined)?.access,
        bodyFields: fieldNamesOf(multipart ?? schema.body),
        queryFields: fieldNamesOf(schema.querystring),
        params: [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!),
        upload: multipart !== undefined,
      });
    }
  }
  return list;
}

const routes = listRoutes();

// ---------------------------------------------------------------- callers

type Who = 'anonymous' | 'unverified' | Role;
const CALLERS: Who[] = ['anonymous', 'unverified', ...ROLES];

interface Principal {
  who: Who;
  userId: string;
  cookie: string;
  token: string;
  role: Role;
  verified: boolean;
}

const principals = new Map<Who, Principal>();
let principalsStale = false;

async function createPrincipal(who: Exclude<Who, 'anonymous'>): Promise<Principal> {
  const app = t.app;
  let userId: string;
  let role: Role;
  let verified = true;
  if (who === 'admin') {
    const admin = await insertAdmin(app);
    userId = admin.user.id;
    role = 'admin';
  } else if (who === 'mentor' || who === 'mentor_pending') {
    userId = (await insertMentor(app, { role: who })).user.id;
    role = who;
  } else if (who === 'student') {
    userId = (await insertStudent(app)).user.id;
    role = 'student';
  } else {
    const user = await insertUser(app, {
      email: `unverified-${nextSequence()}@example.com`,
      role: 'mentor',
      emailVerified: false,
    });
    userId = user.id;
    role = 'mentor';
    verified = false;
  }
  const cookie = await cookieFor(app, userId);
  return { who, userId, cookie, token: cookie.slice(cookie.indexOf('=') + 1), role, verified };
}

/**
 * The caller's session, made again when an accepted request (sign-out, withdrawal, a role
 * change) ended it. Checked only after a 2xx: refused requests change nothing.
 */
async function principal(who: Who): Promise<Principal | undefined> {
  if (who === 'anonymous') return undefined;
  if (principalsStale) {
    principalsStale = false;
    knownState = undefined;
    for (const [key, p] of principals) {
      const found = await lookUpSession(t.app.ctx.db, p.token, t.app.ctx.config.sessionIdleMinutes);
      const intact =
        found.status === 'active' &&
        found.user.role === p.role &&
        found.user.emailVerified === p.verified;
      if (!intact) principals.delete(key);
    }
  }
  let p = principals.get(who);
  if (!p) {
    knownState = undefined;
    p = await createPrincipal(who);
    principals.set(who, p);
  }
  return p;
}

/** Callers the route's declared access lets through; undefined access: not an API route. */
function callersPassing(access: Access | undefined): Who[] {
  if (access === undefined) return ['anonymous'];
  if (access === 'public') return ['anonymous', 'student', 'mentor', 'admin'];
  if (access === 'signed-in') return ['unverified', ...ROLES];
  if (access === 'verified') return [...ROLES];
  return ROLES.filter((role) => satisfies(role, access));
}

// ---------------------------------------------------------------- fixtures the input points at

const victimStudent = await insertStudent(t.app);
const victimMentor = await insertMentor(t.app, { icon: await jpeg(40, 30) });
const victimInvitation = await insertInvitation(t.app, {
  email: 'victim-invitee@example.com',
  role: 'mentor',
});
await t.app.ctx.db.insert(universities).values({ id: 'victim-u', name: '被験大学' });
await t.app.ctx.db
  .insert(universityDomains)
  .values({ domain: 'victim-u.ac.jp', universityId: 'victim-u' });

const context: PlausibleContext = {
  emails: [
    victimStudent.user.email,
    victimMentor.user.email,
    victimInvitation.email,
    'new-student@akane.waseda.jp',
    'nobody@example.com',
  ],
  inviteCodes: [victimInvitation.inviteCode, 'AAAAAA'],
  universityIds: ['waseda', 'victim-u', 'no-such-university'],
};
const realIds = [
  victimStudent.user.id,
  victimMentor.user.id,
  victimMentor.mentor.urlParam,
  victimMentor.mentor.iconId!,
  victimInvitation.id,
  'waseda',
  'victim-u',
];

/**
 * A valid body for the routes we know, spoiled a little by the generator so that input gets
 * past the schemas into the handlers. Routes not listed get generic bodies only.
 */
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  'POST /api/auth/login-link': { email: victimStudent.user.email },
  'POST /api/auth/complete-link': { token: 'A'.repeat(43), email: victimStudent.user.email },
  'POST /api/auth/link-status': { token: 'A'.repeat(43) },
  'POST /api/auth/complete-code': { email: victimStudent.user.email, code: '123456' },
  'POST /api/registrations/student': {
    name: '山田 花子',
    nameReading: 'ヤマダ ハナコ',
    studentNumber: '1Y23A456',
    universityId: 'waseda',
    faculty: '政治経済学部',
    department: '経済学科',
    grade: '3年',
    email: 'new-student@akane.waseda.jp',
    termsAccepted: true,
  },
  'POST /api/invitations': { email: 'invitee@example.com', role: 'mentor' },
  'PUT /api/students/me': { name: '山田 花子', grade: '4年', selfIntroduction: 'こんにちは' },
  'PUT /api/admin/users/:id/role': { role: 'mentor' },
  'POST /api/admin/universities': { name: '新設大学', domains: ['new-u.ac.jp'] },
  'PUT /api/admin/universities/:id': { name: '被験大学', domains: ['victim-u.ac.jp'] },
  'PUT /api/admin/desk': {
    name: '相談窓口',
    email: 'desk@example.jp',
    phone: '03-1234-5678',
    hours: '平日 10:00〜17:00',
    note: '',
  },
  'POST /api/mentor-registrations': {
    email: victimInvitation.email,
    code: victimInvitation.inviteCode,
    ...mentorFields(),
  },
  'PUT /api/mentors/me': mentorFields(),
  // The registration link's page.
  'POST /api/registrations/student/link': {
    token: 'A'.repeat(43),
    email: victimStudent.user.email,
  },
  'POST /api/registrations/student/confirm': {
    token: 'A'.repeat(43),
    email: victimStudent.user.email,
    name: '山田 花子',
    studentNumber: '1Y23A456',
    faculty: '政治経済学部',
    department: '経済学科',
  },
  'POST /api/registrations/student/cancel': {
    token: 'A'.repeat(43),
    email: victimStudent.user.email,
  },
};

const jpegSample = await jpeg(16, 12);
const samples = {
  jpeg: jpegSample,
  png: await sharp({ create: { width: 9, height: 9, channels: 4, background: '#f00' } })
    .png()
    .toBuffer(),
  truncatedJpeg: jpegSample.subarray(0, Math.floor(jpegSample.length / 2)),
};

// ---------------------------------------------------------------- data snapshot

/**
 * Each table's rows as text, in one query. Left out: the columns that only record activity
 * (a session's last_seen_at, a user's last_active_at and the updated_at written with it).
 */
const SNAPSHOT_ROWS: Record<string, string> = {
  users: `(to_jsonb(x) - 'last_active_at' - 'updated_at')::text`,
  students: 'to_jsonb(x)::text',
  mentors: 'to_jsonb(x)::text',
  mentor_icons: `(to_jsonb(x) - 'content')::text || md5(x.content)`,
  invitations: 'to_jsonb(x)::text',
  universities: 'to_jsonb(x)::text',
  university_domains: 'to_jsonb(x)::text',
  pending_registrations: 'to_jsonb(x)::text',
  sessions: `(to_jsonb(x) - 'last_seen_at')::text`,
  outbox: 'to_jsonb(x)::text',
  audit_log: 'to_jsonb(x)::text',
  consultation_desk: 'to_jsonb(x)::text',
  visit_notes: 'to_jsonb(x)::text',
};
const SNAPSHOT_SQL = sql.raw(
  Object.entries(SNAPSHOT_ROWS)
    .map(
      ([table, row]) =>
        `select '${table}' as name, count(*)::int as n, ` +
        `md5(coalesce(string_agg(r, '|' order by r), '')) as h ` +
        `from (select ${row} as r from ${table} x) s`,
    )
    .join(' union all '),
);

/**
 * The state after the last refused request, still current while nothing else has run since
 * (an accepted request or a new caller clears it): saves one snapshot per request.
 */
let knownState: Record<string, string> | undefined;

async function snapshot(): Promise<Record<string, string>> {
  const result = (await t.app.ctx.db.execute(SNAPSHOT_SQL)) as unknown as {
    rows: { name: string; n: number; h: string }[];
  };
  return Object.fromEntries(result.rows.map((row) => [row.name, `${row.n} rows, ${row.h}`]));
}

// ---------------------------------------------------------------- generated requests

interface GeneratedRequest {
  who: Who;
  path: string;
  query: string | undefined;
  body: GeneratedBody;
  headers: HeaderChoice;
  loopback: boolean;
}

const NO_BODY: GeneratedBody = { kind: 'none' };
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function requestArb(route: ApiRoute): fc.Arbitrary<GeneratedRequest> {
  const passing = callersPassing(route.access);
  const who = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...passing) },
    { weight: 1, arbitrary: fc.constantFrom(...CALLERS) },
  );
  const render = (segments: string[]) =>
    route.params.reduce((url, name, i) => url.replace(`:${name}`, segments[i]!), route.url);
  const plainPath =
    route.params.length === 0
      ? fc.constant(route.url)
      : fc
          .tuple(
            ...route.params.map(() =>
              fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...realIds, SELF) }, fc.uuid()),
            ),
          )
          .map(render);
  const wildPath =
    route.params.length === 0
      ? fc.oneof(
          fc.constant(route.url),
          fc.constantFrom(...PATH_SUFFIXES).map((suffix) => `${route.url}${suffix}`),
        )
      : fc.tuple(...route.params.map(() => segmentArb(realIds))).map(render);
  const wildQuery = queryArb(route.queryFields, context);
  const writes = WRITES.has(route.method);
  const valid = VALID_BODIES[`${route.method} ${route.url}`];
  const multipart = multipartArb(
    route.bodyFields,
    context,
    samples,
    route.upload ? valid : undefined,
  );
  const generic = bodyArb(route.bodyFields, context, multipart, route.upload ? undefined : valid);
  const plainBody: fc.Arbitrary<GeneratedBody> = !writes
    ? fc.constant(NO_BODY)
    : route.upload
      ? multipart
      : fc.oneof(
          fc.constant(NO_BODY),
          {
            weight: 3,
            arbitrary: nearlyValid(valid ?? {}, context).map((value) => ({
              kind: 'nearly-valid',
              payload: JSON.stringify(value),
              contentType: 'application/json',
            })),
          },
          fieldObject(route.bodyFields, context).map((value) => ({
            kind: 'field-object',
            payload: JSON.stringify(value),
            contentType: 'application/json',
          })),
        );
  const wildBody: fc.Arbitrary<GeneratedBody> = !writes
    ? fc.constant(NO_BODY)
    : route.upload
      ? fc.oneof({ weight: 4, arbitrary: multipart }, generic)
      : generic;
  const plain = {
    who,
    path: plainPath,
    query: fc.constant(undefined),
    body: plainBody,
    headers: fc.constant(plainHeaders),
    loopback: fc.oneof({ weight: 19, arbitrary: fc.constant(false) }, fc.constant(true)),
  };
  return fc.oneof(
    { weight: 2, arbitrary: fc.record({ ...plain, path: wildPath }) },
    { weight: 2, arbitrary: fc.record({ ...plain, query: wildQuery }) },
    { weight: writes ? 5 : 0, arbitrary: fc.record({ ...plain, body: wildBody }) },
    { weight: 2, arbitrary: fc.record({ ...plain, headers: wildHeaders }) },
    {
      weight: 1,
      arbitrary: fc.record({
        ...plain,
        path: wildPath,
        query: fc.option(wildQuery, { nil: undefined }),
        body: wildBody,
        headers: wildHeaders,
      }),
    },
  );
}

// ---------------------------------------------------------------- sending and checking

const stats = { requests: 0, serverErrors: 0 };
const KNOWN_CODES = new Set<string>(ERROR_CODES);

function describeRequest(route: ApiRoute, input: GeneratedRequest, url: string): string {
  const payload = input.body.payload;
  const shown =
    payload === undefined
      ? ''
      : typeof payload === 'string'
        ? payload.slice(0, 300)
        : `<${payload.length} bytes>`;
  return `${route.method} ${url.slice(0, 300)} as ${input.who} [${input.body.kind}] ${shown}`;
}

async function send(route: ApiRoute, input: GeneratedRequest): Promise<void> {
  const caller = await principal(input.who);
  const selfId = caller?.userId ?? victimStudent.user.id;
  let url = input.path.split(SELF).join(selfId);
  if (input.query !== undefined) url += `${url.includes('?') ? '&' : '?'}${input.query}`;

  const headers: Record<string, string> = { ...input.headers.extra };
  const cookie = cookieHeader(input.headers.cookie, caller?.cookie);
  if (cookie !== undefined) headers.cookie = cookie;
  if (input.headers.origin !== undefined) headers.origin = input.headers.origin;
  if (input.headers.secFetchSite !== undefined) {
    headers['sec-fetch-site'] = input.headers.secFetchSite;
  }
  if (input.body.contentType !== undefined) headers['content-type'] = input.body.contentType;

  const before = knownState ?? (await snapshot());
  knownState = undefined;
  const response = await t.app.inject({
    method: route.method as 'GET',
    url,
    headers,
    ...(input.body.payload === undefined ? {} : { payload: input.body.payload }),
    remoteAddress: input.loopback ? '127.0.0.1' : nextIp(),
  });
  stats.requests++;
  const what = describeRequest(route, input, url);
  const status = response.statusCode;

  if (status >= 500) stats.serverErrors++;
  expect(status, `${what}\n→ ${status} ${response.body.slice(0, 500)}`).toBeLessThan(500);

  if (status >= 400 && route.method !== 'HEAD') {
    let body: unknown;
    try {
      body = response.json();
    } catch {
      body = undefined;
    }
    const code = (body as { code?: unknown } | undefined)?.code;
    expect(
      typeof code === 'string' && KNOWN_CODES.has(code),
      `${what}\n→ ${status} without a known JSON code: ${response.body.slice(0, 500)}`,
    ).toBe(true);
  }

  if (status >= 200 && status < 300) {
    // Accepted input may change data; let queued mail settle and re-check the callers.
    await t.app.ctx.outbox.drain();
    principalsStale = true;
    return;
  }
  const after = await snapshot();
  knownState = after;
  expect(after, `${what}\n→ ${status}: a refused request changed data`).toEqual(before);
}

// ---------------------------------------------------------------- the properties

it('covers every API route the server registers', () => {
  const keys = routes.map((route) => `${route.method} ${route.url}`);
  expect(routes.length).toBeGreaterThan(30);
  for (const key of Object.keys(MULTIPART_SCHEMAS)) expect(keys).toContain(key);
  expect(keys).toContain('GET /api/admin/users');
  expect(keys).toContain('PUT /api/students/me');
  // Every API route is guarded, so every one has callers that get past the guard.
  for (const route of routes.filter((r) => r.url.startsWith('/api/'))) {
    expect(route.access, `${route.method} ${route.url}`).toBeDefined();
  }
});

it('answers what once gave a 500 or an uncoded 4xx with a coded 4xx (regressions)', async () => {
  const { cookie } = (await principal('admin'))!;
  const cases: { method: 'GET' | 'POST'; url: string; payload?: object; status: number }[] = [
    // A NUL reached PostgreSQL, which cannot store it: 500.
    { method: 'GET', url: '/api/mentors/%00', status: 400 },
    { method: 'GET', url: '/api/mentors/me%00', status: 400 },
    { method: 'GET', url: '/api/mentors?q=%00', status: 400 },
    {
      method: 'POST',
      url: '/api/auth/login-link',
      payload: { email: 'a\u0000b@x.jp' },
      status: 400,
    },
    // Fastify answered these before routing, with its own FST_ERR_* codes.
    { method: 'GET', url: '/api/mentors/%E0%A4%A', status: 400 },
    { method: 'GET', url: `/api/mentors/${'x'.repeat(101)}`, status: 414 },
  ];
  for (const { method, url, payload, status } of cases) {
    const before = await snapshot();
    const response = await t.app.inject({
      method,
      url,
      headers: { cookie },
      ...(payload ? { payload } : {}),
      remoteAddress: nextIp(),
    });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
    expect(response.json(), `${method} ${url}`).toMatchObject({ code: 'invalid-argument' });
    expect(await snapshot(), `${method} ${url}`).toEqual(before);
  }
  knownState = undefined;
});

for (const route of routes) {
  // HEAD runs the GET handler (Fastify adds it): a few runs check its empty answers.
  const runs = route.upload
    ? RUNS.upload
    : route.method === 'HEAD'
      ? RUNS.head
      : WRITES.has(route.method)
        ? RUNS.write
        : RUNS.read;
  it(`${route.method} ${route.url}: no 5xx, coded 4xx, no change when refused`, async () => {
    await fc.assert(
      fc.asyncProperty(requestArb(route), (input) => send(route, input)),
      { seed: SEED, numRuns: runs },
    );
  }, 120_000);
}
