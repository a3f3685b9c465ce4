import type { AppMessages } from '../ja/app';
import { enShell } from './shell';
import { enValidation } from './validation';
import { enErrors } from './errors';
import { enAuth } from './auth';
import { enDesk } from './desk';

/** The English texts of the first page and of every page's frame: loaded when English is chosen. */
export const enApp: AppMessages = {
  ...enShell,
  ...enValidation,
  ...enErrors,
  ...enAuth,
  ...enDesk,
};
