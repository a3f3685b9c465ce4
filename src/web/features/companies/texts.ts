import { addCatalogue, i18n, loadLanguage } from '../../i18n';

let registered = false;

/**
 * A company's page's texts come with the page, in the current language (and any chosen later),
 * not with the OG list, whose first download has no room for them (bench/budgets.ts); the
 * links to it are the list's (companyLink). Settles once they are there; a failed download is
 * tried again on the next call.
 */
export function companyTextsReady(): Promise<void> {
  if (!registered) {
    registered = true;
    return addCatalogue((lang) =>
      lang === 'ja'
        ? import('../../../shared/messages/ja/companies').then((m) => m.jaCompanyPage)
        : import('../../../shared/messages/en/companies').then((m) => m.enCompanyPage),
    );
  }
  return loadLanguage(i18n.language === 'en' ? 'en' : 'ja');
}
