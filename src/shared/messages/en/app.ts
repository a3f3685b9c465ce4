import type { AppMessages } from '../ja/app';
import { enShell } from './shell';
import { enValidation } from './validation';
import { enErrors } from './errors';
import { enAuth } from './auth';
import { enRegistration } from './registration';
import { enStudents } from './students';
import { enInvitations } from './invitations';
import { enMentors } from './mentors';
import { enAccounts } from './accounts';
import { enDesk } from './desk';

/** The English texts of the site outside the admin console: loaded when English is chosen. */
export const enApp: AppMessages = {
  ...enShell,
  ...enValidation,
  ...enErrors,
  ...enAuth,
  ...enRegistration,
  ...enStudents,
  ...enInvitations,
  ...enMentors,
  ...enAccounts,
  ...enDesk,
};
