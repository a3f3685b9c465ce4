import { addCatalogue, i18n, loadLanguage } from '../../i18n';

let registered = false;

/**
 * 紹介's texts come with the pages that show them (its own pages, a visit's page, the request
 * form, her profile), not with the OG list, whose first download has no room for them
 * (bench/budgets.ts). Settles once they are there; a failed download is tried again on the next
 * call.
 */
export function introductionTextsReady(): Promise<void> {
  if (!registered) {
    registered = true;
    return addCatalogue((lang) =>
      lang === 'ja'
        ? import('../../../shared/messages/ja/introductions').then((m) => m.jaIntroductions)
        : import('../../../shared/messages/en/introductions').then((m) => m.enIntroductions),
    );
  }
  return loadLanguage(i18n.language === 'en' ? 'en' : 'ja');
}
