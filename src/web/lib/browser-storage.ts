/** What the site keeps in the browser's storage, by key. */
const EMAIL_FOR_SIGN_IN = 'emailForSignIn';

function safely<T>(action: () => T, fallback: T): T {
  try {
    return action();
  } catch {
    // Private browsing or blocked storage: the flows still work by asking for the address.
    return fallback;
  }
}

export const emailForSignIn = {
  get: () => safely(() => localStorage.getItem(EMAIL_FOR_SIGN_IN), null),
  set: (email: string) => safely(() => localStorage.setItem(EMAIL_FOR_SIGN_IN, email), undefined),
  clear: () => safely(() => localStorage.removeItem(EMAIL_FOR_SIGN_IN), undefined),
};

const PENDING_SIGNUP = 'pendingSignup';

/** What the browser remembers of a registration until its link is followed. */
export interface PendingSignup {
  email: string;
  userData: Record<string, string>;
  role: 'student';
  timestamp: number;
}

export const pendingSignup = {
  set: (value: PendingSignup) =>
    safely(() => localStorage.setItem(PENDING_SIGNUP, JSON.stringify(value)), undefined),
  clear: () => safely(() => localStorage.removeItem(PENDING_SIGNUP), undefined),
};

const AFTER_SIGN_IN = 'afterSignIn';
/** A page asked for long ago is no longer what the person wants to see after signing in. */
const AFTER_SIGN_IN_MAX_AGE_MS = 60 * 60 * 1000;

/**
 * The page a signed-out visitor was sent to /login from (an e-mailed link to a visit request,
 * say), opened again once they have signed in, in this tab or in the one the link opens.
 * Only a path of this site is kept, never another origin.
 */
export const afterSignIn = {
  remember: (path: string) =>
    safely(
      () => localStorage.setItem(AFTER_SIGN_IN, JSON.stringify({ path, at: Date.now() })),
      undefined,
    ),
  take: (): string | null =>
    safely(() => {
      const stored = localStorage.getItem(AFTER_SIGN_IN);
      localStorage.removeItem(AFTER_SIGN_IN);
      if (!stored) return null;
      const { path, at } = JSON.parse(stored) as { path?: unknown; at?: unknown };
      const fresh = typeof at === 'number' && Date.now() - at < AFTER_SIGN_IN_MAX_AGE_MS;
      const local = typeof path === 'string' && path.startsWith('/') && !path.startsWith('//');
      return fresh && local ? path : null;
    }, null),
};

/** A thread message typed or sent but not yet confirmed by the server. */
export interface UnsentMessage {
  clientId: string;
  body: string;
}

/**
 * A thread's draft and its unconfirmed messages, kept for this tab (session storage): a reload
 * loses nothing, and nothing of it stays in the browser once the tab is closed.
 */
export const threadDrafts = {
  draft: (requestId: string) =>
    safely(() => sessionStorage.getItem(`threadDraft:${requestId}`) ?? '', ''),
  setDraft: (requestId: string, text: string) =>
    safely(
      () =>
        text
          ? sessionStorage.setItem(`threadDraft:${requestId}`, text)
          : sessionStorage.removeItem(`threadDraft:${requestId}`),
      undefined,
    ),
  unsent: (requestId: string): UnsentMessage[] =>
    safely(() => {
      const saved: unknown = JSON.parse(
        sessionStorage.getItem(`threadUnsent:${requestId}`) ?? '[]',
      );
      return Array.isArray(saved) ? (saved as UnsentMessage[]) : [];
    }, []),
  setUnsent: (requestId: string, messages: UnsentMessage[]) =>
    safely(
      () =>
        messages.length
          ? sessionStorage.setItem(`threadUnsent:${requestId}`, JSON.stringify(messages))
          : sessionStorage.removeItem(`threadUnsent:${requestId}`),
      undefined,
    ),
};

/**
 * The message of a visit request being written, kept for this tab (session storage) by the
 * student writing it and the alumna it is for: a reload loses nothing, another account signed
 * in on the same tab does not find it, and sending the request clears it.
 */
export const visitRequestDrafts = {
  message: (userId: string, mentorUrlParam: string) =>
    safely(() => sessionStorage.getItem(`visitRequestDraft:${userId}:${mentorUrlParam}`) ?? '', ''),
  setMessage: (userId: string, mentorUrlParam: string, text: string) =>
    safely(
      () =>
        text
          ? sessionStorage.setItem(`visitRequestDraft:${userId}:${mentorUrlParam}`, text)
          : sessionStorage.removeItem(`visitRequestDraft:${userId}:${mentorUrlParam}`),
      undefined,
    ),
};

const APP_VERSION = 'appVersion';

/**
 * The version of the site this browser last opened (app/service-worker.ts): whether `current`
 * is another one, remembering it. False when none was remembered, and when storage is blocked.
 */
export const appVersion = {
  isNew: (current: string): boolean =>
    safely(() => {
      const before = localStorage.getItem(APP_VERSION);
      if (before !== current) localStorage.setItem(APP_VERSION, current);
      return before !== null && before !== current;
    }, false),
};
