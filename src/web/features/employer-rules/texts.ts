import { addCatalogue, i18n, loadLanguage } from '../../i18n';

let registered = false;

/**
 * Her employer's rules' texts and the guidelines' (issue 54, point 9) come with the pages that
 * show them, in the current language (and any chosen later), not with the OG list, whose first
 * download has no room for them (bench/budgets.ts). Settles once they are there; a failed
 * download is tried again on the next call.
 */
export function employerRulesTextsReady(): Promise<void> {
  if (!registered) {
    registered = true;
    return addCatalogue((lang) =>
      lang === 'ja'
        ? Promise.all([
            import('../../../shared/messages/ja/employer-rules'),
            import('../../../shared/messages/ja/guidelines'),
          ]).then(([rules, guidelines]) => ({
            ...rules.jaEmployerRules,
            ...guidelines.jaGuidelines,
          }))
        : Promise.all([
            import('../../../shared/messages/en/employer-rules'),
            import('../../../shared/messages/en/guidelines'),
          ]).then(([rules, guidelines]) => ({
            ...rules.enEmployerRules,
            ...guidelines.enGuidelines,
          })),
    );
  }
  return loadLanguage(i18n.language === 'en' ? 'en' : 'ja');
}
