/** Keys of spec section 3 ("Local browser storage"). */
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

/** Spec section 3: what the browser remembers of a registration until its link is followed. */
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
