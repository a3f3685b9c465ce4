import type { FastifyInstance } from 'fastify';

/**
 * A lone surrogate (half of an emoji, cut by a paste, or sent on purpose as `\ud800`) is valid
 * JSON but not valid text: PostgreSQL stores it in a text column as U+FFFD and refuses it in a
 * jsonb one, so a reply template or a visit note's questions carrying one answered 500. Every
 * JSON body is read with Fastify's own parser (which keeps its guards against `__proto__` and
 * `constructor`), and each string in it becomes well-formed, lone surrogates replaced by U+FFFD,
 * before anything validates or stores it: every column then keeps what a text column would.
 */
export function readJsonBodiesWellFormed(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
    const body = raw as string; // parseAs: 'string'
    parse(request, body, (error, value) => {
      if (error) done(error, undefined);
      // Bytes that are not UTF-8 already arrive as U+FFFD: only an escape makes a surrogate.
      else done(null, SURROGATE_ESCAPE.test(body) ? wellFormed(value) : value);
    });
  });
}

const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/** The value with every string in it (keys too) free of lone surrogates. */
export function wellFormed(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(/\p{Cs}/gu, '\uFFFD');
  if (Array.isArray(value)) return value.map(wellFormed);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [wellFormed(key), wellFormed(inner)]),
    );
  }
  return value;
}
