/** How long a push service may take to answer before the push is tried again later. */
export const PUSH_TIMEOUT_MS = 10_000;

/** One push as the Web Push protocol sends it: an encrypted body POSTed to the endpoint. */
export interface PushDelivery {
  endpoint: string;
  headers: Record<string, string>;
  body: Buffer | null;
}

/** Hands a push to its push service; the HTTP status it answered. Throws if none came. */
export type SendPush = (delivery: PushDelivery) => Promise<number>;

/**
 * Over HTTPS (HTTP for a test's local push service, which only configuration allows), never
 * following a redirect, and given up after PUSH_TIMEOUT_MS: a push service that hangs holds
 * only its own push, and never the mail, which has its own worker.
 */
export const sendOverHttp: SendPush = async ({ endpoint, headers, body }) => {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers,
    body: body ? new Uint8Array(body) : null,
    redirect: 'error',
    signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
  });
  await response.body?.cancel();
  return response.status;
};
