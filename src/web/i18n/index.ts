import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ja } from '../../shared/messages/ja';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof ja };
  }
}

/** Japanese is the site's language; every text comes from the shared catalogue. */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { ja: { translation: ja } },
  lng: 'ja',
  fallbackLng: 'ja',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
