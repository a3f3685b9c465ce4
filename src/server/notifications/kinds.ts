import type { MailEvent, NotificationKind } from '../../shared/constants';

/**
 * The one place that says how each kind of news reaches a person (decision 0034): whether it
 * is an entry on the bell (and so pushed to the browsers that asked: every bell kind is), and
 * whether it is mailed, on which choice of /profile (docs/PRODUCT.md §11), or always (a mail
 * the person cannot turn off: it changes what they may do, or it is about safety). `tell`
 * (tell.ts) reads nothing else to decide the channels.
 */
interface BellKind {
  bell: true;
  /** null: on the bell and pushed, never mailed as such. */
  mail: MailEvent | 'always' | null;
  push: boolean;
}

/** News with no bell entry: a mail only. */
interface MailOnlyKind {
  bell: false;
  mail: MailEvent | 'always';
  push: false;
}

const MAIL_ONLY_KINDS = {
  // The thread's unread messages, gathered (visits/thread/message-mail-service.ts); each message
  // is on the bell already as `message`.
  threadMessages: { bell: false, mail: 'messages', push: false },
  // A registered alumna was approved by an admin.
  mentorApproved: { bell: false, mail: 'always', push: false },
  // A student marked graduating is invited to apply as an alumna.
  graduationInvite: { bell: false, mail: 'always', push: false },
  // New reports wait for the admins (safety/report-mail-service.ts).
  newReports: { bell: false, mail: 'always', push: false },
} as const satisfies Record<string, MailOnlyKind>;

const BELL_KINDS = {
  requested: { bell: true, mail: 'requests', push: true },
  booked: { bell: true, mail: 'requests', push: true },
  accepted: { bell: true, mail: 'answers', push: true },
  proposed: { bell: true, mail: 'answers', push: true },
  proposalAccepted: { bell: true, mail: 'answers', push: true },
  declined: { bell: true, mail: 'answers', push: true },
  meetingDetails: { bell: true, mail: 'answers', push: true },
  cancelled: { bell: true, mail: 'cancellations', push: true },
  cancelledByWithdrawal: { bell: true, mail: 'cancellations', push: true },
  unansweredReminder: { bell: true, mail: 'reminders', push: true },
  bookingLapsing: { bell: true, mail: 'reminders', push: true },
  expired: { bell: true, mail: 'answers', push: true },
  expiredUnanswered: { bell: true, mail: null, push: true },
  // Paused after requests ran out unanswered: it changes what students see of her page.
  autoPaused: { bell: true, mail: 'always', push: true },
  dayBefore: { bell: true, mail: 'reminders', push: true },
  // Mailed gathered, as `threadMessages`.
  message: { bell: true, mail: null, push: true },
  thanks: { bell: true, mail: null, push: true },
  // A safety message: the console's list of visits not confirmed counts on it having arrived.
  safeEndAsk: { bell: true, mail: 'always', push: true },
  noShowReported: { bell: true, mail: 'always', push: true },
  noteReminder: { bell: true, mail: 'reminders', push: true },
  noteOffered: { bell: true, mail: 'requests', push: true },
  noteConsented: { bell: true, mail: 'answers', push: true },
  noteChangesRequested: { bell: true, mail: 'answers', push: true },
  noteDeclined: { bell: true, mail: 'answers', push: true },
  // The seminar took the author's words down.
  noteHidden: { bell: true, mail: 'always', push: true },
  // 紹介 (decision 0044): the introduced alumna is asked; the student hears only of an opt-in.
  introduced: { bell: true, mail: 'requests', push: true },
  introductionOptedIn: { bell: true, mail: 'answers', push: true },
  // 座談会 (issue 58): moved up from the waiting list to a seat; a 座談会 she had a place in called off.
  groupSessionSeatGiven: { bell: true, mail: 'answers', push: true },
  groupSessionCancelled: { bell: true, mail: 'cancellations', push: true },
  // 座談会 (issue 58 point 4): the day before, as a visit's 前日確認.
  groupSessionDayBefore: { bell: true, mail: 'reminders', push: true },
  groupSessionDayBeforeHost: { bell: true, mail: 'reminders', push: true },
  // Its thread (group-sessions/posts.ts): each post mailed as the person's choice of messages
  // says (a post to all is rare, a question too: one mail each, not gathered as a visit's are).
  groupSessionPost: { bell: true, mail: 'messages', push: true },
  groupSessionQuestion: { bell: true, mail: 'messages', push: true },
  // 座談会 called off by an admin: its alumna is told why, as the students are.
  groupSessionCancelledHost: { bell: true, mail: 'cancellations', push: true },
  // Its place's words or meeting URL set or changed (group-sessions/edit.ts), as a visit's.
  groupSessionPlaceChanged: { bell: true, mail: 'answers', push: true },
  // After it is held: a 欠席 is a claim against her, a 「無事に終わりましたか」 a safety message;
  // both always mailed, as a visit's noShowReported and safeEndAsk.
  groupSessionAbsent: { bell: true, mail: 'always', push: true },
  groupSessionSafeEndAsk: { bell: true, mail: 'always', push: true },
} as const satisfies Record<NotificationKind, BellKind>;

export const TELL_KINDS = { ...BELL_KINDS, ...MAIL_ONLY_KINDS };
export type TellKind = keyof typeof TELL_KINDS;

export function isBellKind(kind: TellKind): kind is NotificationKind {
  return TELL_KINDS[kind].bell;
}
