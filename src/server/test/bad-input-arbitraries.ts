import fc from 'fast-check';
import { z } from 'zod';
import { GRADES } from '../../shared/constants';
import { ROLES } from '../../shared/roles';

/**
 * Generators of bad (and now and then valid) input for the property tests in
 * bad-input.test.ts: JSON values, bodies, query strings, path segments, headers and
 * multipart uploads. Everything here is data; sending and checking happen in the test.
 */

// ---------------------------------------------------------------- field names of a schema

/** The top-level field names a zod schema reads (objects, intersections, pipes, optionals). */
export function fieldNamesOf(schema: unknown): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodIntersection) {
    const def = schema.def as { left: unknown; right: unknown };
    return [...new Set([...fieldNamesOf(def.left), ...fieldNamesOf(def.right)])];
  }
  if (schema instanceof z.ZodPipe) return fieldNamesOf((schema.def as { in: unknown }).in);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) {
    return fieldNamesOf((schema.def as { innerType: unknown }).innerType);
  }
  return [];
}

// ---------------------------------------------------------------- strings and values

/** Strings that have broken parsers, databases and renderers before. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u3000',
  '\t\r\n',
  '\u0000',
  'a\u0000b@example.com',
  '\uD800',
  'x\uDFFFy',
  '\uFEFF',
  '\u202Eevil',
  'Z̴̡̛̲̦̠a̸̧͖l̶̰̈g̵̣͆o̷̜͝',
  '👩‍👩‍👧‍👦',
  '𠮷野家',
  'ｔｅｓｔ＠ｅｘａｍｐｌｅ．ｊｐ',
  "' or 1=1 --",
  '"; drop table users; --',
  '%',
  '%00',
  '%zz',
  '\\',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${jndi:ldap://x}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
  '9'.repeat(40),
  '2015.5',
  ' 2015 ',
  '0x7DF',
  'true',
];

/** Long strings, built once: right past a limit, far past it, and near the body limit. */
const HUGE_STRINGS = [
  'a'.repeat(101),
  'あ'.repeat(1_001),
  'x'.repeat(4_001),
  `${'a'.repeat(250)}@example.com`,
  '😀'.repeat(3_000),
  'y'.repeat(200_000),
];

/** encodeURIComponent refuses lone surrogates; a browser sends U+FFFD for them. */
export function encodeLoosely(text: string): string {
  return encodeURIComponent(
    text.replace(
      /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
      '\uFFFD',
    ),
  );
}

export const weirdString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE_STRINGS) },
);

/** Values a real form would send: with them a request gets past validation now and then. */
export interface PlausibleContext {
  emails: string[];
  inviteCodes: string[];
  universityIds: string[];
}

export function plausibleValue(context: PlausibleContext): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(...context.emails),
    fc.constantFrom(...context.inviteCodes),
    fc.constantFrom(...context.universityIds),
    fc.constantFrom(...ROLES, 'mentor_pending', 'superuser'),
    fc.constantFrom(...GRADES),
    fc.constantFrom('山田 花子', '株式会社サンプル', 'よろしくお願いします。', 'S123456'),
    fc.constantFrom('IT・通信', 'ソフトウェア', 'その他', '2015', 2015, '123456', 'ABCDEF'),
    fc.constantFrom(true, false, 1, 0, ''),
    fc.constantFrom(['example.ac.jp'], ['example.ac.jp', 'example.ac.jp'], [], ['not a domain']),
    fc.emailAddress(),
    fc.uuid(),
    // Addresses a mailer would read as more than one, and names that would be links.
    fc.constantFrom(
      'a@example.com,b@example.com',
      'Eve <eve@example.com>',
      '"eve"@example.com',
      'a@b@example.com',
      'https://evil.example',
      '山田 evil.example',
      '<b>山田</b>',
      '＝HYPERLINK("x")',
    ),
  );
}

export function weirdValue(context: PlausibleContext): fc.Arbitrary<unknown> {
  const plausible = plausibleValue(context);
  return fc.oneof(
    { weight: 3, arbitrary: plausible },
    { weight: 3, arbitrary: weirdString },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
    { weight: 1, arbitrary: fc.constant(null) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        -1,
        0.5,
        Number.MAX_SAFE_INTEGER + 2,
        -1e308,
        1e21,
        [],
        {},
        [null],
        { $gt: '' },
      ),
    },
    // Nested: the right value one level too deep.
    { weight: 1, arbitrary: fc.array(plausible, { maxLength: 3 }) },
    { weight: 1, arbitrary: plausible.map((value) => ({ value })) },
  );
}

/** An object with the route's real field names (any subset) holding anything, plus extras. */
export function fieldObject(
  fields: string[],
  context: PlausibleContext,
): fc.Arbitrary<Record<string, unknown>> {
  const value = weirdValue(context);
  const plausible = plausibleValue(context);
  const known =
    fields.length === 0
      ? fc.constant({})
      : fc.oneof(
          // Anything in any field.
          fc.record(Object.fromEntries(fields.map((name) => [name, value])), { requiredKeys: [] }),
          // Mostly plausible: one wrong value among right-looking ones.
          fc.record(Object.fromEntries(fields.map((name) => [name, plausible])), {
            requiredKeys: [],
          }),
        );
  const extra = fc.dictionary(
    fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('website', 'role', 'id', 'userId')),
    value,
    { maxKeys: 3 },
  );
  return fc.tuple(known, extra).map(([a, b]) => ({ ...b, ...a }));
}

/**
 * A valid body with up to two fields spoiled (a wrong value, or gone): such input gets past
 * the schema into the handler, where the deeper refusals live.
 */
export function nearlyValid(
  valid: Record<string, unknown>,
  context: PlausibleContext,
): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(valid);
  if (keys.length === 0) return fc.constant({ ...valid });
  const change = fc.oneof(
    { weight: 2, arbitrary: plausibleValue(context).map((value) => ({ value })) },
    { weight: 2, arbitrary: weirdValue(context).map((value) => ({ value })) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  const spoil = fc.tuple(fc.constantFrom(...keys), change);
  return fc
    .oneof(
      { weight: 1, arbitrary: fc.constant([]) },
      { weight: 3, arbitrary: fc.array(spoil, { minLength: 1, maxLength: 2 }) },
    )
    .map((changes) => {
      const copy: Record<string, unknown> = { ...valid };
      for (const [key, spoiled] of changes) {
        if (spoiled) copy[key] = spoiled.value;
        else delete copy[key];
      }
      return copy;
    });
}

// ---------------------------------------------------------------- bodies

export interface GeneratedBody {
  kind: string;
  payload?: string | Buffer;
  contentType?: string;
}

const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=latin1',
  'application/json;;',
  'application/json; boundary=x',
];

const NON_JSON_TEXTS = [
  '{',
  '{"a":',
  '[1,]',
  "{'a':1}",
  'NaN',
  'undefined',
  '\uFEFF{}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '{"email":"a@b.jp","email":"c@d.jp"}',
  '"just a string"',
  '12345678901234567890123456789',
  'null',
  '[]',
  ' ',
  '\u0000',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
];

const WRONG_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/octet-stream',
  'image/jpeg',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=nothing-matches',
  'garbage',
  ';',
  '',
  'application/json, text/plain',
  'application/jsonx',
  'application/vnd.api+json',
];

export function bodyArb(
  fields: string[],
  context: PlausibleContext,
  multipart: fc.Arbitrary<GeneratedBody>,
  valid: Record<string, unknown> | undefined,
): fc.Arbitrary<GeneratedBody> {
  const json = (kind: string) => (value: unknown) => ({
    kind,
    payload: JSON.stringify(value),
    contentType: 'application/json',
  });
  const fieldObjects = fieldObject(fields, context);
  return fc.oneof(
    { weight: 2, arbitrary: fc.jsonValue().map(json('json-value')) },
    {
      weight: valid ? 4 : 0,
      arbitrary: nearlyValid(valid ?? {}, context).map(json('nearly-valid')),
    },
    { weight: 4, arbitrary: fieldObjects.map(json('field-object')) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.oneof(
            fc.constantFrom(...NON_JSON_TEXTS),
            fc.string({ maxLength: 40 }),
            fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
          ),
          fc.constantFrom(...JSON_TYPES),
        )
        .map(([payload, contentType]) => ({ kind: 'not-json', payload, contentType })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.oneof(
            fieldObjects.map((value) => JSON.stringify(value)),
            fieldObjects.map((value) =>
              new URLSearchParams(
                Object.entries(value).map(([k, v]) => [k, String(v)] as [string, string]),
              ).toString(),
            ),
            fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
          ),
          fc.constantFrom(...WRONG_TYPES),
        )
        .map(([payload, contentType]) => ({ kind: 'wrong-type', payload, contentType })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<GeneratedBody>(
        { kind: 'none' },
        { kind: 'empty-json', payload: '', contentType: 'application/json' },
        { kind: 'no-type', payload: '{"a":1}' },
      ),
    },
    { weight: 2, arbitrary: multipart },
  );
}

// ---------------------------------------------------------------- multipart

export interface UploadSamples {
  jpeg: Buffer;
  png: Buffer;
  truncatedJpeg: Buffer;
}

const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
);
const GIF = Buffer.from('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;', 'latin1');
const JPEG_MAGIC_THEN_GARBAGE = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  Buffer.alloc(64, 0x41),
]);
/** Past the 5 MB icon limit; made once, shared. */
const OVERSIZE = Buffer.alloc(5 * 1024 * 1024 + 1024, 0xff);

const FILENAMES = [
  'photo.jpg',
  'photo.JPG',
  'photo.jpg.exe',
  'photo.svg',
  'photo.php',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '',
  '.jpg',
  '写真.jpeg',
  'a'.repeat(1_000),
  'photo%00.jpg',
  'photo";.jpg',
];

const FILE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/svg+xml',
  'text/html',
  'application/octet-stream',
  'application/x-php',
  '',
];

interface Part {
  name: string;
  value: Buffer;
  filename?: string;
  type?: string;
}

/** A browser escapes these in a Content-Disposition name; we do the same. */
function quoteName(name: string): string {
  return name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

type Breakage = 'none' | 'truncate' | 'no-final-boundary' | 'wrong-boundary' | 'no-boundary';

function encodeMultipart(parts: Part[], breakage: Breakage): GeneratedBody {
  const boundary = '----bad-input-boundary-7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${quoteName(part.name)}"`;
    if (part.filename !== undefined) head += `; filename="${quoteName(part.filename)}"`;
    head += '\r\n';
    if (part.type !== undefined) head += `Content-Type: ${part.type}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`, 'utf8'), part.value, Buffer.from('\r\n'));
  }
  if (breakage !== 'no-final-boundary') chunks.push(Buffer.from(`--${boundary}--\r\n`));
  let payload = Buffer.concat(chunks);
  if (breakage === 'truncate') payload = payload.subarray(0, Math.floor(payload.length / 2));
  const contentType =
    breakage === 'wrong-boundary'
      ? 'multipart/form-data; boundary=something-else'
      : breakage === 'no-boundary'
        ? 'multipart/form-data'
        : `multipart/form-data; boundary=${boundary}`;
  return { kind: `multipart-${breakage}`, payload, contentType };
}

export function multipartArb(
  fields: string[],
  context: PlausibleContext,
  samples: UploadSamples,
  valid: Record<string, unknown> | undefined,
): fc.Arbitrary<GeneratedBody> {
  const names = fields.length === 0 ? ['image'] : fields;
  const plausibleText = plausibleValue(context).map((value) =>
    typeof value === 'string' ? value : JSON.stringify(value),
  );
  const value = fc.oneof(
    { weight: 4, arbitrary: plausibleText },
    { weight: 3, arbitrary: weirdString.filter((s) => s.length <= 10_000) },
  );
  const field = fc
    .tuple(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...names) }, fc.string()), value)
    .map(([name, text]): Part => ({ name, value: Buffer.from(text, 'utf8') }));
  const content = fc.oneof(
    { weight: 3, arbitrary: fc.uint8Array({ maxLength: 2_000 }).map((b) => Buffer.from(b)) },
    { weight: 3, arbitrary: fc.constant(samples.jpeg) },
    fc.constantFrom(
      samples.png,
      samples.truncatedJpeg,
      SVG,
      GIF,
      JPEG_MAGIC_THEN_GARBAGE,
      Buffer.alloc(0),
    ),
    { weight: 1, arbitrary: fc.constant(OVERSIZE) },
  );
  const file = fc
    .record({
      name: fc.oneof({ weight: 5, arbitrary: fc.constant('image') }, fc.constantFrom(...names)),
      value: content,
      filename: fc.constantFrom(...FILENAMES),
      type: fc.option(fc.constantFrom(...FILE_TYPES), { nil: undefined }),
    })
    .map((part): Part => part);
  return fc
    .record({
      // A nearly valid form, every field once with anything in it, or a list with gaps and repeats.
      fields: fc.oneof(
        {
          weight: valid ? 3 : 0,
          arbitrary: nearlyValid(valid ?? { _: '' }, context).map((form) =>
            Object.entries(form).map(([name, text]): Part => ({
              name,
              value: Buffer.from(typeof text === 'string' ? text : (JSON.stringify(text) ?? '')),
            })),
          ),
        },
        fc
          .tuple(...names.map((name) => value.map((text) => ({ name, text }))))
          .map((list) => list.map(({ name, text }): Part => ({ name, value: Buffer.from(text) }))),
        fc.array(field, { maxLength: 12 }),
      ),
      files: fc.oneof(
        { weight: 4, arbitrary: file.map((f) => [f]) },
        { weight: 1, arbitrary: fc.constant([]) },
        { weight: 1, arbitrary: fc.array(file, { minLength: 2, maxLength: 3 }) },
      ),
      fileFirst: fc.boolean(),
      breakage: fc.oneof(
        { weight: 12, arbitrary: fc.constant<Breakage>('none') },
        fc.constantFrom<Breakage>('truncate', 'no-final-boundary', 'wrong-boundary', 'no-boundary'),
      ),
    })
    .map(({ fields: parts, files, fileFirst, breakage }) =>
      encodeMultipart(fileFirst ? [...files, ...parts] : [...parts, ...files], breakage),
    );
}

// ---------------------------------------------------------------- query strings

const RAW_QUERY_PIECES = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%00',
  '%FF%FE',
  '%C0%AF',
  '+',
  '&&&',
  '==',
  '=',
  ';',
  '[]',
  '%5B%5D',
  '%2F%2F',
];

export function queryArb(fields: string[], context: PlausibleContext): fc.Arbitrary<string> {
  const key = fc.oneof(
    { weight: 4, arbitrary: fields.length ? fc.constantFrom(...fields) : fc.constant('q') },
    fc.constantFrom('a[]', 'a[b]', '__proto__', 'constructor', '', 'q[0]', 'cursor[$gt]'),
    fc.string({ maxLength: 8 }).map(encodeLoosely),
  );
  const valueText = fc.oneof(
    plausibleValue(context).map((v) => encodeLoosely(typeof v === 'string' ? v : String(v))),
    weirdString.filter((s) => s.length <= 20_000).map(encodeLoosely),
    fc.constantFrom(...RAW_QUERY_PIECES),
  );
  const pair = fc.oneof(
    { weight: 6, arbitrary: fc.tuple(key, valueText).map(([k, v]) => `${k}=${v}`) },
    key,
    fc.constantFrom(...RAW_QUERY_PIECES),
  );
  return fc.oneof(
    fc.array(pair, { minLength: 1, maxLength: 8 }).map((pairs) => pairs.join('&')),
    // The same key over and over: arrays where strings are expected.
    fc
      .tuple(key, fc.array(valueText, { minLength: 2, maxLength: 5 }))
      .map(([k, values]) => values.map((v) => `${k}=${v}`).join('&')),
  );
}

// ---------------------------------------------------------------- path segments

/** Replaced at send time by the id of the caller itself (admin self-actions). */
export const SELF = '\u0000self';

const RAW_SEGMENTS = [
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
  '%20',
  'a%2Fb',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '%00',
  '%',
  '%E0%A4%A',
  '%zz',
  '%C0%AF',
  'me',
  'undefined',
  'null',
  '-1',
  '0',
  '1e3',
  'x'.repeat(101),
  'x'.repeat(5_000),
  '%F0%9F%98%80',
  ';x=1',
  'a.b',
];

export function segmentArb(realIds: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...realIds, SELF) },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 4, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    { weight: 3, arbitrary: weirdString.filter((s) => s.length <= 6_000).map(encodeLoosely) },
  );
}

/** Extra path damage for routes without parameters. */
export const PATH_SUFFIXES = ['/', '%2F', '//', '/..', ';x', '%00', '/%2e%2e/admin', '.json', '?'];

// ---------------------------------------------------------------- headers

export interface HeaderChoice {
  cookie:
    'principal' | 'none' | 'bogus' | 'huge' | 'malformed' | 'duplicate' | 'principal-and-junk';
  origin: string | undefined;
  secFetchSite: string | undefined;
  extra: Record<string, string>;
}

const ORIGINS = [
  'https://evil.example',
  'http://localhost:3000.evil.example',
  'null',
  'not a url',
  'http://localhost:3000',
  'http://localhost',
  'file://',
];

export const plainHeaders: HeaderChoice = {
  cookie: 'principal',
  origin: undefined,
  secFetchSite: undefined,
  extra: {},
};

const printable = fc.string({ unit: 'grapheme-ascii', maxLength: 60 });

export const wildHeaders: fc.Arbitrary<HeaderChoice> = fc.record({
  cookie: fc.oneof(
    { weight: 3, arbitrary: fc.constant('principal' as const) },
    fc.constantFrom(
      'none' as const,
      'bogus' as const,
      'huge' as const,
      'malformed' as const,
      'duplicate' as const,
      'principal-and-junk' as const,
    ),
  ),
  origin: fc.oneof(
    { weight: 4, arbitrary: fc.constant(undefined) },
    fc.constantFrom(...ORIGINS),
    printable,
  ),
  secFetchSite: fc.option(fc.constantFrom('cross-site', 'same-origin', 'same-site', 'none', '🙃'), {
    nil: undefined,
  }),
  extra: fc.dictionary(
    fc.oneof(
      fc.constantFrom(
        'accept',
        'accept-encoding',
        'accept-language',
        'x-forwarded-for',
        'forwarded',
        'host',
        'if-none-match',
        'range',
        'authorization',
        'x-http-method-override',
      ),
      fc.stringMatching(/^x-[a-z0-9-]{1,20}$/),
    ),
    fc.oneof(printable, fc.constantFrom('a'.repeat(10_000), '*/*', 'bytes=0-1', '127.0.0.1')),
    { maxKeys: 3 },
  ),
});

export function cookieHeader(choice: HeaderChoice['cookie'], principalCookie: string | undefined) {
  const real = principalCookie ?? '';
  switch (choice) {
    case 'principal':
      return principalCookie;
    case 'none':
      return undefined;
    case 'bogus':
      return 'og_session=bogus-token-that-names-no-session';
    case 'huge':
      return `og_session=${'A'.repeat(8_000)}`;
    case 'malformed':
      return ';;=;og_session;=og_session=%E0%A4%A;';
    case 'duplicate':
      return `og_session=bogus; ${real}`;
    case 'principal-and-junk':
      return `${real}; a=${'b'.repeat(2_000)}; og_session2=x; %zz=%zz`;
  }
}
