import { addCatalogue, i18n, loadLanguage } from '../../i18n';

let registered = false;

/**
 * 座談会's texts come with the pages that show them (its own pages, the cards on her page and a
 * company's), not with the OG list, whose first download has no room for them
 * (bench/budgets.ts). Settles once they are there; a failed download is tried again on the next
 * call.
 */
export function groupSessionTextsReady(): Promise<void> {
  if (!registered) {
    registered = true;
    return addCatalogue((lang) =>
      lang === 'ja'
        ? import('../../../shared/messages/ja/group-sessions').then((m) => m.jaGroupSessions)
        : import('../../../shared/messages/en/group-sessions').then((m) => m.enGroupSessions),
    );
  }
  return loadLanguage(i18n.language === 'en' ? 'en' : 'ja');
}
