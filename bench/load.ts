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

/** One request of a write run, made for the k-th request (see bench/writes). */
export interface WriteRequest {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * A write run: each request made by `make` with a number counting on across the warm-up and
 * the run, so every request can be another user's (and stay inside the site's limits).
 */
export async function measureWrites(
  baseUrl: string,
  make: (k: number) => WriteRequest,
  options: { seconds: number; connections?: number; from?: number },
): Promise<LoadFigures & { requests: number }> {
  // A later round goes on from where the one before stopped: nobody repeats a write.
  let k = options.from ?? 0;
  const fireWrites = (seconds: number) =>
    autocannon({
      url: baseUrl,
      connections: options.connections ?? CONNECTIONS,
      duration: seconds,
      requests: [
        {
          setupRequest: (request) => {
            const write = make(k++);
            return {
              ...request,
              method: write.method,
              path: write.path,
              headers: write.headers,
              body: write.body,
            };
          },
        },
      ],
    });
  await fireWrites(Math.min(2, options.seconds));
  const result = await fireWrites(options.seconds);
  return { ...figuresOf(result), requests: k };
}

function figuresOf(result: autocannon.Result): LoadFigures {
  const answered = result.requests.total || 1;
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
    bytesPerAnswer: Math.round(result.throughput.total / answered),
  };
}

export async function measureLoad(
  baseUrl: string,
  paths: readonly string[],
  options: { headers?: Record<string, string>; seconds: number; connections?: number },
): Promise<LoadFigures> {
  const headers = options.headers ?? {};
  const connections = options.connections ?? CONNECTIONS;
  await fire(baseUrl, paths, headers, Math.min(2, options.seconds), connections);
  return figuresOf(await fire(baseUrl, paths, headers, options.seconds, connections));
}
