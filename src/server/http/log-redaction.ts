import type { FastifyRequest } from 'fastify';

/**
 * URLs as the request log writes them, with the secrets some URLs carry replaced: a calendar
 * feed's secret (`/calendar/<secret>.ics`, and an alumna's `/calendar/<secret>/slots.ics`) and
 * the token or code of an e-mailed link's page, and a browser's push address (its endpoint, which
 * anyone could subscribe in its place). Logs are kept and shared more widely than the
 * database (docs/SECURITY.md).
 */
export function redactUrl(url: string): string {
  return url
    .replace(/^\/calendar\/[^/?#]+(\/slots\.ics)?/, (_, slots?: string) =>
      slots ? '/calendar/[redacted]/slots.ics' : '/calendar/[redacted].ics',
    )
    .replace(/([?&](?:token|code|email|endpoint)=)[^&#]*/g, '$1[redacted]');
}

/** Fastify's request serializer, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
