import { jaAdmin } from './admin';
import { jaApp } from './app';
import { jaVisiting } from './visiting';
import { jaGuidelines } from './guidelines';
import { jaEmployerRules } from './employer-rules';
import { jaCompanyPage } from './companies';
import { jaRecommendations } from './recommendations';
import { jaIntroductions } from './introductions';
import { jaGroupSessions } from './group-sessions';

/**
 * The Japanese message catalogue: every word the site shows and its API error messages come
 * from here (i18next resources on the web, plain lookups on the server), one file per feature
 * (the same files in en/). The first page's texts and every page's frame (app.ts) come with the
 * first page, every other page's (visiting.ts) with those pages, the admin console's (admin.ts)
 * with the console, her employer's rules and the guidelines for visits (employer-rules.ts, guidelines.ts), a company's page (companies.ts), 「あなたへのおすすめ」 (recommendations.ts) introductions (introductions.ts) and 座談会 (group-sessions.ts) with the pages that show them. The e-mails' texts are typed on their own (mail.ts).
 */
export const ja = {
  ...jaApp,
  ...jaVisiting,
  ...jaAdmin,
  ...jaGuidelines,
  ...jaEmployerRules,
  ...jaCompanyPage,
  ...jaRecommendations,
  ...jaIntroductions,
  ...jaGroupSessions,
};

export type Messages = typeof ja;
