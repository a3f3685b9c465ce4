/**
 * One autocannon run: 32 connections (or as many as asked) for a few seconds against a list of
 * paths (taken in turn by each connection), after a short warm-up that is not counted.
 */
import autocannon from 'autocannon';

export const CONNECTIONS = 32;

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Socket errors, timeouts and answers other than 2xx: any of them spoils the run. */
  failures: number;
  bytesPerAnswer: number;
}

function fire(
  baseUrl: string,
  paths: readonly string[],
  headers: Record<string, string>,
  seconds: number,
  connections: number,
) {
  return autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    headers,
    requests: paths.map((path) => ({ method: 'GET' as const, path })),
  });
}

export async function measureLoad(
  baseUrl: string,
  paths: readonly string[],
  options: { headers?: Record<string, string>; seconds: number; connections?: number },
): Promise<LoadFigures> {
  const headers = options.headers ?? {};
  const connections = options.connections ?? CONNECTIONS;
  await fire(baseUrl, paths, headers, Math.min(2, options.seconds), connections);
  const result = await fire(baseUrl, paths, headers, options.seconds, connections);
  const answered = result.requests.total || 1;
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
    bytesPerAnswer: Math.round(result.throughput.total / answered),
  };
}
