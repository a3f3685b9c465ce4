import { isErrorCode, type ApiErrorBody, type ErrorCode } from '../../shared/errors';

/** What a failed call tells the page: a stable code, or 'network' when nothing came back. */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'network',
    readonly fieldErrors: Record<string, string> = {},
    /** What a 409 says the thing is now (ApiErrorBody.current), for the page to show instead. */
    readonly current?: unknown,
  ) {
    super(code);
  }
}

type SessionExpiredListener = () => void;
let onSessionExpired: SessionExpiredListener = () => {};

/** The app routes to /login?timeout=true when any call finds the session idle-expired. */
export function setSessionExpiredListener(listener: SessionExpiredListener) {
  onSessionExpired = listener;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function apiRequest<T>(
  path: string,
  options: { method?: Method; body?: unknown } = {},
): Promise<T> {
  return send<T>(path, {
    method: options.method ?? 'GET',
    headers: {
      accept: 'application/json',
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
}

/** A multipart form (with a file); the browser sets the boundary. */
export function apiUpload<T>(path: string, form: FormData, method: Method = 'POST'): Promise<T> {
  return send<T>(path, { method, headers: { accept: 'application/json' }, body: form });
}

async function send<T>(path: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { ...init, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, 'network');
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok) return body as T;

  const error = body as Partial<ApiErrorBody> | undefined;
  const code = isErrorCode(error?.code)
    ? error.code
    : response.status === 503
      ? 'unavailable'
      : 'internal';
  if (code === 'auth/session-expired') onSessionExpired();
  throw new ApiError(response.status, code, error?.fieldErrors ?? {}, error?.current);
}

/** Reads are retried on network errors and 503 only, never on a 4xx answer. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  return error instanceof ApiError && (error.code === 'network' || error.status === 503);
}
