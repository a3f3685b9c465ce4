/**
 * Every action the audit log records. The admin console filters by these and shows each with
 * its label from the catalogue (`auditActions.<name with dots as underscores>`).
 */
export const AUDIT_ACTIONS = [
  'admin.bootstrap',
  'auth.sign-in',
  'auth.sign-out',
  'registration.student-completed',
  'registration.mentor-submitted',
  'student.profile-update',
  'mentor.profile-update',
  'mentor.employer-rules-update',
  'invitation.create',
  'account.withdraw',
  'admin.user.role',
  'admin.user.suspend',
  'admin.user.reinstate',
  'admin.user.delete',
  'admin.invitation.revoke',
  'admin.invitation.resend',
  'admin.university.create',
  'admin.university.update',
  'admin.university.retire',
  'admin.university.restore',
  'admin.export.students',
  'admin.export.mentors',
  'report.create',
  'block.create',
  'block.remove',
  'admin.report.resolve',
  // An admin opened a handled report again, or wrote or changed its note.
  'admin.report.reopen',
  'admin.report.note',
  // An admin read a thread through a report on it.
  'admin.report.thread-read',
  // The owner of an address cancelled a registration made with it.
  'registration.student-cancelled',
  // An admin lets a held address register again.
  'admin.hold.clear',
  // An admin lets a student stopped by no-shows send requests again.
  'admin.user.clear-no-shows',
  // An admin upheld or dismissed a no-show claim after reading both sides (the decision is in the details).
  'admin.user.no-show-decision',
  'admin.export.visits',
  // The console's upcoming or recent visits as CSV (the tab is in the details).
  'admin.export.visit-schedule',
  // A user changed their sign-in address; its old owner undid a change.
  'account.email-change',
  'account.email-change-undone',
  // The April grade rollover (the system's), and an admin undoing it.
  'system.grade-rollover',
  'admin.grade-rollover.undo',
  // A student applied to become an OG (address confirmed); an admin marked a graduating cohort.
  'student.graduation-applied',
  'admin.graduation.cohort',
  // An admin set or changed the seminar's 相談窓口 (the details name the fields changed).
  'admin.desk.update',
  // An admin hid a shared 訪問記録 (with the reason its author reads) or showed it again.
  'admin.visit-note.hide',
  'admin.visit-note.restore',
  // The consented 訪問記録 as CSV or Markdown (the format is in the details).
  'admin.export.visit-notes',
  // An admin named the seminar its invitations speak for (the details hold the new names).
  'admin.seminar.update',
  // An admin changed how many requests a student may have waiting at once (from, to).
  'admin.seminar.waiting-limit',
  // An admin invited several addresses from one list (the details count each outcome).
  'admin.invitation.bulk',
  // One of 「依頼の偏り」's lists of who is left out as CSV (the list is in the details).
  'admin.export.reach',
  // The console's 座談会 of one tab as CSV (the tab and row count are in the details).
  'admin.export.group-sessions',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export function auditActionKey(action: string): string {
  return `auditActions.${action.replaceAll('.', '_')}`;
}
