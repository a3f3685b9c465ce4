import { jaAdmin } from './ja-admin';
import { jaApp } from './ja-app';
import { jaMail } from './ja-mail';

/**
 * The Japanese message catalogue: every word the site shows, its e-mails and its API error
 * messages come from here (i18next resources on the web, plain lookups on the server).
 * It is kept in parts so the browser loads only what it shows: the site's texts (ja-app.ts)
 * with the first page, the admin console's (ja-admin.ts) with the console; the e-mails
 * (ja-mail.ts) are the server's alone.
 */
export const ja = { ...jaApp, ...jaMail, ...jaAdmin };

export type Messages = typeof ja;
