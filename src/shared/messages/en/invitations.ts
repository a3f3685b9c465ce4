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
  },
};
