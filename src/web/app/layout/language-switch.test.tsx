import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n/index';
import { renderApp, signedOut } from '../../test/render';

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
