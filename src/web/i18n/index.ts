import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from '../../shared/messages/en';
import { ja } from '../../shared/messages/ja';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof ja };
  }
}

export type Language = 'ja' | 'en';

const LANGUAGE_KEY = 'lang';

/** The interface language the browser remembers; Japanese unless English was chosen. */
function storedLanguage(): Language {
  try {
    return localStorage.getItem(LANGUAGE_KEY) === 'en' ? 'en' : 'ja';
  } catch {
    // Blocked storage: fall back to the default language.
    return 'ja';
  }
}

const initialLanguage = storedLanguage();

/** Japanese is the site's default language, English the second; every text comes from the shared catalogues. */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { ja: { translation: ja }, en: { translation: en } },
  lng: initialLanguage,
  fallbackLng: 'ja',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
setDocumentLanguage(initialLanguage);

function setDocumentLanguage(lang: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/** Switches the interface language, remembers it across visits and updates `<html lang>`. */
export function setLanguage(lang: Language) {
  try {
    localStorage.setItem(LANGUAGE_KEY, lang);
  } catch {
    // Blocked storage: the choice lasts for this page only.
  }
  void i18n.changeLanguage(lang);
  setDocumentLanguage(lang);
}
