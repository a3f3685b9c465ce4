import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, waitFor } from '@testing-library/react';
import { setLanguage } from '../../i18n/index';
import { renderApp, signedInAs, signedOut, type Handler } from '../../test/render';

async function openMenu(name: string) {
  await userEvent.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog');
}

describe('language switch', () => {
  afterEach(() => {
    setLanguage('ja');
  });

  it('shows the site in English once chosen and remembers the choice', async () => {
    renderApp('/login', () => signedOut);
    expect(await screen.findByRole('heading', { name: 'ログイン' })).toBeVisible();

    const menu = await openMenu('メニューを開く');
    const group = within(menu).getByRole('group', { name: '表示言語' });
    expect(within(group).getByRole('button', { name: '日本語' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(within(group).getByRole('button', { name: 'English' }));

    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send login link' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toBeInTheDocument();
    expect(within(menu).getByRole('group', { name: 'Language' })).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'English' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(localStorage.getItem('lang')).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('switches back to Japanese', async () => {
    setLanguage('en');
    renderApp('/login', () => signedOut);
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeVisible();

    const menu = await openMenu('Open menu');
    await userEvent.click(within(menu).getByRole('button', { name: '日本語' }));

    expect(await screen.findByRole('heading', { name: 'ログイン' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ログインリンクを送信' })).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: '日本語' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(localStorage.getItem('lang')).toBe('ja');
    expect(document.documentElement.lang).toBe('ja');
  });
});

/** The OG list's API for a student whose account chose `language`; PUTs of the language kept. */
function accountApi(language: 'ja' | 'en' | null, puts: unknown[]): Handler {
  let account = language;
  return (url, init) => {
    if (url.includes('/api/me/language') && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { language: 'ja' | 'en' };
      puts.push(body);
      account = body.language;
      return { status: 200, body: { ok: true } };
    }
    if (url.includes('/api/auth/session')) return signedInAs('student', true, false, account);
    if (url.includes('/api/mentors')) return { status: 200, body: { items: [], nextCursor: null } };
    if (url.includes('/api/universities')) return { status: 200, body: [] };
    return { status: 200, body: {} };
  };
}

describe("the account's language (decision 0041)", () => {
  afterEach(async () => {
    await setLanguage('ja');
  });

  it('is told the choice made in the menu while signed in', async () => {
    const puts: unknown[] = [];
    renderApp('/mentors-list', accountApi('ja', puts));
    const menu = await openMenu('メニューを開く');
    await userEvent.click(within(menu).getByRole('button', { name: 'English' }));
    expect(await within(menu).findByRole('group', { name: 'Language' })).toBeInTheDocument();
    await waitFor(() => expect(puts).toEqual([{ language: 'en' }]));
    // The session read again says English now: the page stays English.
    expect(within(menu).getByRole('button', { name: 'English' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('shows a browser that never chose the language the person chose on another device', async () => {
    const puts: unknown[] = [];
    renderApp('/mentors-list', accountApi('en', puts));
    expect(await screen.findByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(puts).toEqual([]);
    // Followed, not made this browser's own choice: a later choice elsewhere reaches it too.
    expect(localStorage.getItem('lang')).toBeNull();
  });

  it('keeps the language chosen in this browser when the account chose another elsewhere', async () => {
    await setLanguage('en');
    const puts: unknown[] = [];
    renderApp('/mentors-list', accountApi('ja', puts));
    expect(await screen.findByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(document.documentElement.lang).toBe('en');
    expect(puts).toEqual([]);
  });

  it('tells an account that has no choice yet the one this browser made before', async () => {
    await setLanguage('en');
    const puts: unknown[] = [];
    renderApp('/mentors-list', accountApi(null, puts));
    await waitFor(() => expect(puts).toEqual([{ language: 'en' }]));
    expect(await screen.findByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });

  it('leaves an account with no choice alone when this browser made none either', async () => {
    const puts: unknown[] = [];
    renderApp('/mentors-list', accountApi(null, puts));
    expect(await screen.findByRole('button', { name: 'メニューを開く' })).toBeInTheDocument();
    expect(puts).toEqual([]);
  });

  it('tells the account a choice made before signing in, rather than undoing it', async () => {
    const puts: unknown[] = [];
    renderApp('/login', () => signedOut);
    const menu = await openMenu('メニューを開く');
    await userEvent.click(within(menu).getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    cleanup();

    renderApp('/mentors-list', accountApi('ja', puts));
    await waitFor(() => expect(puts).toEqual([{ language: 'en' }]));
    expect(await screen.findByRole('button', { name: 'Open menu' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });
});
