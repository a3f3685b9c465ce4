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
