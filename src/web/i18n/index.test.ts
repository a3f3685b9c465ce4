import { afterEach, describe, expect, it } from 'vitest';
import type { Messages } from '../../shared/messages/ja';
import { addCatalogue, i18n, setLanguage, type Language } from './index';

/** A part of the catalogue with one text that says which language it was loaded in. */
function part(key: string, english?: Promise<void>) {
  return async (lang: Language) => {
    if (lang === 'en') await english;
    return { [key]: { loadedIn: lang } } as unknown as Partial<Messages>;
  };
}

describe('the interface language', () => {
  afterEach(async () => {
    await setLanguage('ja');
  });

  it('has a part registered while English downloads in English once it is shown', async () => {
    // English for the first part takes a while (a slow network)...
    let englishArrives = () => {};
    const slowEnglish = new Promise<void>((resolve) => (englishArrives = resolve));
    await addCatalogue(part('i18nTestSlow', slowEnglish));
    const switching = setLanguage('en');
    // ...and meanwhile a page's texts are registered, as the router does before the first render.
    const registered = addCatalogue(part('i18nTestLate'));
    englishArrives();
    await Promise.all([switching, registered]);

    expect(i18n.language).toBe('en');
    expect(i18n.getResource('en', 'translation', 'i18nTestSlow.loadedIn')).toBe('en');
    expect(i18n.getResource('en', 'translation', 'i18nTestLate.loadedIn')).toBe('en');
  });
});
