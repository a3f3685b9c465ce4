import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, signedInAs, type Handler } from '../../test/render';

/**
 * The question asked once after sign-in of an account made before readings were asked for
 * (docs/PRODUCT.md §4), shown by the app's layout on whichever page comes first.
 */

const TITLE = 'お名前のフリガナを教えてください';

/** The OG list's API, a session that asks (until answered), and the answer's PUT. */
function api(puts: unknown[], answer = { status: 200, body: { ok: true } }): Handler {
  let asks = true;
  return (url, init) => {
    if (url.includes('/api/me/name-reading') && init?.method === 'PUT') {
      puts.push(JSON.parse(String(init.body)));
      if (answer.status === 200) asks = false;
      return answer;
    }
    if (url.includes('/api/auth/session')) return signedInAs('student', true, asks);
    if (url.includes('/api/mentors')) return { status: 200, body: { items: [], nextCursor: null } };
    if (url.includes('/api/universities')) return { status: 200, body: [] };
    return { status: 200, body: {} };
  };
}

beforeEach(() => {
  // The privacy notice comes first after signing in; these start after it.
  localStorage.setItem('privacyNoticeSeen', 'true');
});

describe('the question about the フリガナ', () => {
  it('saves the reading typed in hiragana as katakana, and is gone', async () => {
    const puts: unknown[] = [];
    renderApp('/mentors-list', api(puts));
    const dialog = await screen.findByRole('dialog', { name: TITLE });
    await userEvent.type(screen.getByLabelText('フリガナ'), 'やまだ たろう');
    await userEvent.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('フリガナを保存しました。')).toBeVisible();
    expect(puts).toEqual([{ nameReading: 'ヤマダ タロウ' }]);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it('「あとで」 answers null and is not asked again', async () => {
    const puts: unknown[] = [];
    renderApp('/mentors-list', api(puts));
    await screen.findByRole('dialog', { name: TITLE });
    await userEvent.click(screen.getByRole('button', { name: 'あとで' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull());
    expect(puts).toEqual([{ nameReading: null }]);
  });

  it('asks for kana before sending anything', async () => {
    const puts: unknown[] = [];
    renderApp('/mentors-list', api(puts));
    await screen.findByRole('dialog', { name: TITLE });
    await userEvent.type(screen.getByLabelText('フリガナ'), '山田');
    await userEvent.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText(/フリガナは40文字以内のカタカナ/)).toBeVisible();
    expect(puts).toEqual([]);
  });

  it('waits for the privacy notice of a new sign-in', async () => {
    localStorage.removeItem('privacyNoticeSeen');
    renderApp('/mentors-list', api([]));
    await screen.findByRole('dialog', { name: '個人情報の取り扱いについて' });
    expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '確認しました' }));
    expect(await screen.findByRole('dialog', { name: TITLE })).toBeVisible();
  });

  it('is not shown to an account that was asked or gave a reading', async () => {
    renderApp('/mentors-list', (url) =>
      url.includes('/api/auth/session') ? signedInAs('student') : api([])(url, undefined),
    );
    expect(await screen.findByText('まだOGが登録されていません。')).toBeVisible();
    expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull();
  });
});
