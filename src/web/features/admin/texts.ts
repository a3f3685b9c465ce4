import { addCatalogue } from '../../i18n';

/**
 * The console's texts come with the console, in the current language (and any chosen later):
 * every admin page waits for this before it renders.
 */
export const adminTextsReady = addCatalogue((lang) =>
  lang === 'ja'
    ? import('../../../shared/messages/ja/admin').then((module) => module.jaAdmin)
    : import('../../../shared/messages/en/admin').then((module) => module.enAdmin),
);
