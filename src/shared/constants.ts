/** Business constants of spec section 9 and decisions.md, written once for both sides. */

export const SIGN_IN_LINK_TTL_MS = 10 * 60 * 1000;
export const REGISTRATION_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const PENDING_REGISTRATION_BLOCK_MS = 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
export const DEFAULT_SESSION_IDLE_MINUTES = 60;

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const INVITE_CODE_LENGTH = 6;
/** A-Z and 2-9 without I and O: no 0/O or 1/I confusion when a code is typed. */
export const INVITE_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const MENTOR_INVITATION_QUOTA = 3;
export const INVITATION_HISTORY_LIMIT = 20;

export const SIGN_IN_CODE_LENGTH = 6;
/** Wrong addresses or codes tried against one link before it is burnt. */
export const SIGN_IN_MAX_ATTEMPTS = 5;

export const VERIFY_POLL_INTERVAL_MS = 5_000;
export const RESEND_COOLDOWN_SECONDS = 60;
export const DOMAIN_CHECK_DEBOUNCE_MS = 500;

export const GRADES = ['1年', '2年', '3年', '4年', '大学院1年', '大学院2年'] as const;
export type Grade = (typeof GRADES)[number];

export const MIN_GRADUATION_YEAR = 2000;

/** Graduation years offered: this year down to 2000 (spec section 9). */
export function graduationYears(now: Date = new Date()): number[] {
  const years: number[] = [];
  for (let year = now.getFullYear(); year >= MIN_GRADUATION_YEAR; year--) years.push(year);
  return years;
}

export const MENTOR_MESSAGE_MAX_LENGTH = 140;
export const ICON_MAX_BYTES = 5 * 1024 * 1024;
export const ICON_MAX_SIDE_REGISTRATION = 800;
export const ICON_MAX_SIDE_EDIT = 400;
export const ICON_JPEG_QUALITY = 90;

export const PROFILE_LOAD_ATTEMPTS = 4;
export const PROFILE_LOAD_RETRY_MS = 2_000;
export const REDIRECT_AFTER_MISSING_MS = 5_000;
export const REDIRECT_AFTER_SAVE_MS = 1_500;
