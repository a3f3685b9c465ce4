import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Language } from '../../../shared/constants';
import type { SessionResponse, SessionUser } from '../../../shared/schemas/auth';
import { apiRequest } from '../../api/client';
import { followLanguage, i18n, languageChosenHere, setLanguage } from '../../i18n';
import { sessionQuery } from '../../lib/session';

/**
 * The language follows the person, not only the browser (decision 0041): the account keeps the
 * one last chosen, mails and pushes are written in it, and a browser that never chose one shows
 * it. A browser keeps a choice made on it: the person chose it there.
 */

/** Set while a choice made in this browser has not reached the account (signed out, offline). */
const UNSENT_KEY = 'lang-unsent';

function markUnsent(unsent: boolean) {
  try {
    if (unsent) localStorage.setItem(UNSENT_KEY, '1');
    else localStorage.removeItem(UNSENT_KEY);
  } catch {
    // Blocked storage: the choice reaches the account only while signed in.
  }
}

function isUnsent(): boolean {
  try {
    return localStorage.getItem(UNSENT_KEY) === '1';
  } catch {
    return false;
  }
}

/** Choices on their way to the account: meanwhile a session read before them is not obeyed. */
let sending = 0;

async function tellAccount(queryClient: QueryClient, language: Language): Promise<void> {
  sending += 1;
  queryClient.setQueryData<SessionResponse>(sessionQuery.queryKey, (old) =>
    old?.user ? { ...old, user: { ...old.user, language } } : old,
  );
  try {
    await apiRequest('/api/me/language', { method: 'PUT', body: { language } });
    markUnsent(false);
  } catch {
    // Told again on the next page that knows the session.
    markUnsent(true);
  } finally {
    sending -= 1;
  }
}

/** The menu's choice: shown at once, kept by this browser, and told to the account. */
export function chooseLanguage(
  queryClient: QueryClient,
  language: Language,
  signedIn: boolean,
): void {
  void setLanguage(language);
  if (signedIn) void tellAccount(queryClient, language);
  else markUnsent(true);
}

function shownLanguage(): Language {
  return i18n.language === 'en' ? 'en' : 'ja';
}

/**
 * Once the session is known: a choice this browser made signed out (or could not send) goes
 * to the account, as does a choice made here before the account had one; a browser that never
 * chose shows the account's, made on another device.
 */
export function useAccountLanguage(user: SessionUser | null | undefined): void {
  const queryClient = useQueryClient();
  const language = user?.language;
  useEffect(() => {
    if (language === undefined || sending > 0) return;
    const shown = shownLanguage();
    const chosenHere = languageChosenHere();
    if (isUnsent() || (language === null && chosenHere)) {
      if (language === shown) markUnsent(false);
      else void tellAccount(queryClient, shown);
    } else if (language !== null && !chosenHere && language !== shown) {
      void followLanguage(language);
    }
  }, [language, queryClient]);
}
