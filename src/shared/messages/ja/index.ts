import { jaAdmin } from './admin';
import { jaApp } from './app';
import { jaVisiting } from './visiting';

/**
 * The Japanese message catalogue: every word the site shows and its API error messages come
 * from here (i18next resources on the web, plain lookups on the server), one file per feature
 * (the same files in en/). The site's first texts (app.ts) come with the first page, the OG訪問
 * pages' (visiting.ts) with the signed-in pages, the admin console's (admin.ts) with the console. The e-mails' texts are typed on their own (mail.ts).
 */
export const ja = { ...jaApp, ...jaVisiting, ...jaAdmin };

export type Messages = typeof ja;
