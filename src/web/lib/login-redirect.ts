export type LoginNotice = 'loginRequired' | 'withdrawn';

/** State a redirect to /login carries: the notice to show there. */
export interface LoginRedirectState {
  notice?: LoginNotice;
}
