import { jaShell } from './shell';
import { jaValidation } from './validation';
import { jaErrors } from './errors';
import { jaAuth } from './auth';
import { jaDesk } from './desk';

/**
 * The Japanese texts of the first page (/login) and of what frames every page (the header,
 * the menu, the terms, the privacy notice, the 相談窓口, the form fields and their errors): what
 * the browser loads first. Every other page's texts come with it (visiting.ts).
 */
export const jaApp = {
  ...jaShell,
  ...jaValidation,
  ...jaErrors,
  ...jaAuth,
  ...jaDesk,
};

export type AppMessages = typeof jaApp;
