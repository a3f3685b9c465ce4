import { jaShell } from './shell';
import { jaValidation } from './validation';
import { jaErrors } from './errors';
import { jaAuth } from './auth';
import { jaRegistration } from './registration';
import { jaStudents } from './students';
import { jaInvitations } from './invitations';
import { jaMentors } from './mentors';
import { jaAccounts } from './accounts';
import { jaDesk } from './desk';

/** The Japanese texts of the site outside the admin console: what the browser loads first. */
export const jaApp = {
  ...jaShell,
  ...jaValidation,
  ...jaErrors,
  ...jaAuth,
  ...jaRegistration,
  ...jaStudents,
  ...jaInvitations,
  ...jaMentors,
  ...jaAccounts,
  ...jaDesk,
};

export type AppMessages = typeof jaApp;
