import type { jaAuth } from '../ja/auth';

/** English: signing in by link or code. */
export const enAuth: typeof jaAuth = {
  login: {
    title: 'Log in',
    lead: 'Enter your registered email address and we will send you a login link.',
    emailLabel: 'Email address',
    submit: 'Send login link',
    sending: 'Sending…',
    sentTitle: 'Login link sent',
    sentBody:
      'We sent a login link to {{email}}. Open the link in the email to log in. The link is valid for 10 minutes.',
    sentEarlier:
      'If a login email was already sent to this address in the last 10 minutes, no new one is sent: open the link in the newest email you have.',
    codeLead:
      'If you opened the email on another device or app, enter the 6-digit verification code from the email here.',
    codeOnlyHere:
      'The code works only for an email requested in this browser. If it does not work, open the link in the email instead: the link works on any device.',
    codeLabel: 'Verification code (6 digits)',
    codeSubmit: 'Log in with code',
    codeSubmitting: 'Verifying…',
    useAnotherEmail: 'Use a different email address',
    timeout: 'You were logged out after a period of inactivity. Please log in again.',
    loginRequired: 'Please log in.',
    registerLink: 'Students: register here',
    sendFailed: 'Could not send the login link.',
    unexpected: 'An unexpected error occurred. [ERR:{{code}}]',
    honeypotLabel: 'Please leave this field empty',
  },
  verifyLink: {
    title: 'Completing your login',
    verifying: 'Checking the link…',
    askEmailLead:
      'Login was not started in this browser. To confirm, please enter the email address that received the link.',
    emailLabel: 'Email address',
    submit: 'Log in',
    submitting: 'Verifying…',
    invalid: 'This login link is invalid. Please log in again.',
    toLogin: 'Go to login',
    failed: 'Authentication failed.',
    mentorTitle: 'Confirm your mentor registration',
    mentorAskEmailLead:
      'The mentor registration form was not sent from this browser. To confirm, please enter the email address that received the link (the one you were invited at).',
    mentorSubmit: 'Confirm and complete registration',
    mentorInvalid:
      'This confirmation link has expired or was already used. Enter your registered email address on the login page and we will send you a new link.',
  },
  verifyEmail: {
    title: 'Confirm your email address',
    lead: 'We sent a confirmation link to {{email}}. Once you open the link in the email, this page will move on automatically.',
    checking: 'Checking the status every 5 seconds.',
    resend: 'Resend confirmation email',
    resendIn: 'You can resend in {{seconds}} seconds',
    resent: 'The confirmation email has been resent.',
    resendFailed: 'Could not send the email. Please try again later.',
    backHome: 'Back to home (log out)',
    backHomeSignedOut: 'Back to home',
    // Verified in another browser; this one must sign in.
    verifiedSignIn: '{{email}} has been verified. Please sign in to continue.',
    signIn: 'Go to sign-in',
  },
};
