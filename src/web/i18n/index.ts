import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Messages } from '../../shared/messages/ja';
import { jaApp } from '../../shared/messages/ja/app';
import type { Language } from '../../shared/constants';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}

/** The interface languages (shared/constants.ts): the account keeps the choice too. */
export type { Language };

const LANGUAGE_KEY = 'lang';

/** Whether this browser remembers a choice of language (the menu's switch was used here). */
export function languageChosenHere(): boolean {
  try {
    return localStorage.getItem(LANGUAGE_KEY) !== null;
  } catch {
    return false;
  }
}

/** The interface language the browser remembers; Japanese unless English was chosen. */
function storedLanguage(): Language {
  try {
    return localStorage.getItem(LANGUAGE_KEY) === 'en' ? 'en' : 'ja';
  } catch {
    // Blocked storage: fall back to the default language.
    return 'ja';
  }
}

/** One part of the catalogue (the app's, the admin console's) in the language asked for. */
export type CatalogueLoader = (lang: Language) => Partial<Messages> | Promise<Partial<Messages>>;

interface Catalogue {
  load: CatalogueLoader;
  loaded: Set<Language>;
}

/**
 * Japanese is the site's default language, English the second; every text comes from the
 * shared catalogues. Only the Japanese texts of the app come with the first page: English
 * and the admin console's texts are downloaded when first needed.
 */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { ja: { translation: jaApp } },
  lng: 'ja',
  fallbackLng: 'ja',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

const catalogues: Catalogue[] = [
  {
    load: (lang) =>
      lang === 'ja' ? jaApp : import('../../shared/messages/en/app').then((module) => module.enApp),
    loaded: new Set(['ja']),
  },
];

/** Downloads (once) every registered part of the catalogue in `lang`. */
export async function loadLanguage(lang: Language): Promise<void> {
  await Promise.all(
    catalogues
      .filter((catalogue) => !catalogue.loaded.has(lang))
      .map(async (catalogue) => {
        i18n.addResourceBundle(lang, 'translation', await catalogue.load(lang), true, true);
        catalogue.loaded.add(lang);
      }),
  );
}

function currentLanguage(): Language {
  return i18n.language === 'en' ? 'en' : 'ja';
}

/**
 * Adds a lazily loaded feature's texts: downloaded now in the current language (the promise
 * settles when they are there) and with any language chosen later.
 */
export function addCatalogue(load: CatalogueLoader): Promise<void> {
  catalogues.push({ load, loaded: new Set() });
  return loadLanguage(currentLanguage());
}

let visitingRegistered = false;

/**
 * The texts of every page but the first (shared/messages/ja/visiting.ts: registration, the OG
 * list and profiles, the OG訪問 pages): not part of the first download; every page the router
 * loads, the bell, the dialogs of the menu and the console wait for this before they render.
 * Settles at once when they are there; a failed download is tried again on the next call.
 */
export function visitingTextsReady(): Promise<void> {
  if (!visitingRegistered) {
    visitingRegistered = true;
    catalogues.push({
      load: (lang) =>
        lang === 'ja'
          ? import('../../shared/messages/ja/visiting').then((module) => module.jaVisiting)
          : import('../../shared/messages/en/visiting').then((module) => module.enVisiting),
      loaded: new Set(),
    });
  }
  return loadLanguage(currentLanguage());
}

function setDocumentLanguage(lang: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/** The latest choice wins when an earlier one is still downloading. */
let requestedLanguage: Language = 'ja';

async function applyLanguage(lang: Language): Promise<void> {
  requestedLanguage = lang;
  try {
    // Again until every part is there: a part registered while the others downloaded (a page
    // the router loads before the first render) asked for the language then shown, not this one.
    while (!catalogues.every((catalogue) => catalogue.loaded.has(lang))) await loadLanguage(lang);
  } catch {
    // Not downloadable now (offline): the interface stays in the language it has.
    return;
  }
  if (requestedLanguage !== lang) return;
  void i18n.changeLanguage(lang);
  setDocumentLanguage(lang);
}

/**
 * Settles once the remembered language can be shown; the app renders after it, so a visitor
 * who chose English never sees a Japanese first paint (Japanese settles at once).
 */
export const languageReady: Promise<void> = applyLanguage(storedLanguage());

/**
 * Shows the site in `lang` without this browser remembering it as its own choice: the
 * account's language on a browser that never chose one (decision 0041).
 */
export function followLanguage(lang: Language): Promise<void> {
  return applyLanguage(lang);
}

/** Switches the interface language, remembers it across visits and updates `<html lang>`. */
export function setLanguage(lang: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_KEY, lang);
  } catch {
    // Blocked storage: the choice lasts for this page only.
  }
  return applyLanguage(lang);
}
