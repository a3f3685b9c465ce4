import type { jaInvitations } from '../ja/invitations';

/** English: inviting alumni. */
export const enInvitations: typeof jaInvitations = {
  invite: {
    title: 'Invite OG',
    lead: 'Enter the email address of the graduate you would like to invite. We will send them an invitation email with a registration link (valid for 7 days).',
    email: "Invitee's email address",
    role: 'Role after registration',
    roleMentor: 'OG (listed immediately)',
    roleMentorPending: 'OG (pending; listed after administrator approval)',
    submit: 'Create invitation',
    sending: 'Sending…',
    created: 'An invitation email has been sent to {{email}}.',
    quota: 'Invitations remaining: {{remaining}} / {{limit}}',
    quotaUnlimited: 'Administrators have no limit on invitations.',
    limitReached: 'You can have up to 3 invitations. Please wait for your invitees to register.',
    failed: 'An error occurred while inviting: {{message}}',
    historyTitle: 'Invitation history',
    historyEmpty: 'No invitations yet.',
    historyFailed: 'Could not load the invitation history.',
    mailOnly:
      'The registration link and the invitation code are only in the email to the person you invited.',
    code: 'Invitation code',
    sentAt: 'Sent',
    expiresAt: 'Expires',
    statusPending: 'Not registered',
    statusExpired: 'Expired',
    copy: 'Copy URL',
    copied: 'The invitation URL has been copied.',
    copyExpired: 'The URL of an expired invitation cannot be copied.',
    copyFailed: 'Could not copy. Please copy the following URL manually: {{url}}',
    // Issue 56, point 4: the seminar the mail names, and the inviter's own line.
    seminarNamed: 'The invitation email says it comes from "{{seminar}} ({{leader}})".',
    seminarUnset: 'The invitation email is sent from the OG Connect office.',
    message: 'Personal message (optional)',
    messageHint:
      'Added to the invitation email. E.g. It would mean a lot if you could talk with the students of our seminar.',
    messageCounter: '{{count}} / {{max}} characters',
    messageMasked:
      'Contact details (phone numbers, email addresses, social media IDs or URLs) are hidden in the invitation email.',
  },
  inviteList: {
    title: 'Invite several',
    lead: 'Enter the email addresses, one per line (up to 30 at once). Each is checked and sent on its own; the result for each is shown below.',
    addresses: 'Email addresses (one per line)',
    role: 'Role after registration (for all)',
    submit: 'Invite all',
    sending: 'Sending…',
    failed: 'Could not send: {{message}}',
    resultTitle: 'Result',
    summary: 'Sent to {{sent}} of {{total}}.',
    outcomes: {
      sent: 'Sent',
      'already-invited': 'Already invited (not sent)',
      'already-member': 'Already a member (not sent)',
      invalid: 'Not an email address',
      limited: "Not sent: today's limit was reached",
    },
  },
};
