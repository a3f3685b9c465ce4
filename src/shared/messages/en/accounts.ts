import type { jaAccounts } from '../ja/accounts';

/** English: an admin's own profile. */
export const enAccounts: typeof jaAccounts = {
  adminProfile: {
    title: 'Admin menu',
    lead: 'As an administrator you can:',
    sections: {
      overview: 'Overview: registrations and what needs attention',
      users: 'Users: approve, change roles, suspend',
      invitations: 'Invitations: review and revoke invitations to alumni',
      universities: 'Universities: universities and their e-mail domains',
      reports: 'Reports: handle reports from users',
      audit: 'Audit log: the record of admin actions',
      inviteMentor: 'Invite an alumna: invite a new alumna',
    },
    noMentorProfile: 'You have no alumni profile.',
  },
};
