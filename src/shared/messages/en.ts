import type { Messages } from './ja';
import { enAdmin } from './en-admin';
import { enApp } from './en-app';
import { enMail } from './en-mail';

/**
 * The English message catalogue: the same keys as the Japanese one (the type check fails on a
 * missing or extra key), offered as a second interface language. E-mails stay Japanese for now.
 * In parts like ja.ts.
 */
export const en: Messages = { ...enApp, ...enMail, ...enAdmin };
