import { addCatalogue, i18n, loadLanguage } from '../../i18n';

let registered = false;

/**
 * 「あなたへのおすすめ」's texts come with the block on the OG list and with its page, in the
 * current language (and any chosen later): the list's first download has no room for them
 * (bench/budgets.ts). Settles once they are there; a failed download is tried again next time.
 */
export function recommendationTextsReady(): Promise<void> {
  if (!registered) {
    registered = true;
    return addCatalogue((lang) =>
      lang === 'ja'
        ? import('../../../shared/messages/ja/recommendations').then((m) => m.jaRecommendations)
        : import('../../../shared/messages/en/recommendations').then((m) => m.enRecommendations),
    );
  }
  return loadLanguage(i18n.language === 'en' ? 'en' : 'ja');
}
