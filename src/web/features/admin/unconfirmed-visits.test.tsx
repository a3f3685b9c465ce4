import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import { renderApp } from '../../test/render';
import { adminApi, ok } from '../../test/admin-data';

/**
 * 「確認が取れていない訪問」 on the console's overview (docs/PRODUCT.md §9): a quiet list of the
 * date and the two names, no alarm.
 */

function overviewWith(list: unknown) {
  return renderApp(
    '/admin',
    adminApi((url) => (url.pathname === '/api/admin/visits/unconfirmed' ? ok(list) : undefined)),
  );
}

afterEach(async () => {
  await setLanguage('ja');
});

describe('確認が取れていない訪問', () => {
  it('lists each visit by its date and the two names, quietly', async () => {
    overviewWith({
      items: [
        {
          meetingAt: '2026-12-10T05:00:00.000Z',
          studentName: '山田 花子',
          mentorName: '佐藤 美咲',
        },
        { meetingAt: '2026-12-09T05:00:00.000Z', studentName: null, mentorName: '鈴木 一美' },
      ],
      more: false,
    });
    const section = await screen.findByRole('region', { name: '確認が取れていない訪問' });
    const rows = await within(section).findAllByRole('row');
    // The time as the reader's zone shows it.
    expect(rows.slice(1).map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^2026\/12\/10 \d\d:\d\d山田 花子佐藤 美咲$/),
      expect.stringMatching(/^2026\/12\/09 \d\d:\d\d退会したユーザー鈴木 一美$/),
    ]);
    // Not an alarm: nothing in it is shown as an error or a warning.
    expect(section.querySelector('.notice-error, .notice-warning, .badge')).toBeNull();
    expect(within(section).queryByRole('alert')).toBeNull();
  });

  it('says so when every visit is confirmed, in English too', async () => {
    await setLanguage('en');
    overviewWith({ items: [], more: false });
    const section = await screen.findByRole('region', { name: 'Visits not yet confirmed' });
    expect(
      await within(section).findByText('Every visit asked about has been confirmed.'),
    ).toBeVisible();
  });
});
