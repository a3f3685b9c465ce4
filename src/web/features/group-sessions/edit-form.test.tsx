import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { GroupSessionView } from '../../../shared/schemas/group-sessions';
import { setLanguage } from '../../i18n';
import { view } from '../../test/group-session-data';
import { renderApp, signedInAs, type Answer, type Handler } from '../../test/render';

/** 「内容を編集」 on a 座談会's page (edit-form.tsx), and its attendees' universities in English. */

const ok = (body: unknown, status = 200): Answer => ({ status, body });

function api(role: string, current: () => GroupSessionView, sent: unknown[] = []): Handler {
  return (url, init) => {
    if (url.startsWith('/api/auth/session')) return signedInAs(role);
    if (url === '/api/group-sessions/s1' && init?.method === 'PATCH') {
      sent.push(JSON.parse(String(init.body)));
      return ok(current());
    }
    if (url === '/api/group-sessions/s1') return ok(current());
    if (url === '/api/group-sessions/s1/posts') {
      return ok({ posts: [], canPost: true, closedReason: null });
    }
    return ok({});
  };
}

const hosted = (overrides: Partial<GroupSessionView> = {}) =>
  view({ as: 'host', attendees: [], canJoin: false, seats: 3, seatsLeft: 0, ...overrides });

describe('editing a 座談会 on its page', () => {
  it('lets its alumna give the URL later and add seats, sending only what changed', async () => {
    const sent: unknown[] = [];
    let current = hosted();
    renderApp(
      '/group-sessions/s1',
      api('mentor', () => current, sent),
    );
    await userEvent.click(await screen.findByRole('button', { name: '内容を編集' }));
    const form = screen.getByRole('heading', { name: '座談会の内容を編集' }).closest('form')!;
    expect(
      within(form).getByText(
        '日時・開催形式・参加できる人は変えられません。変える場合は、この座談会を中止して新しく開いてください。',
      ),
    ).toBeVisible();
    const url = within(form).getByRole('textbox', { name: /会議のURL/ });
    const seats = within(form).getByRole('spinbutton', { name: /席数/ });
    expect(seats).toHaveAttribute('min', '3');
    await userEvent.type(url, 'http://meet.example.com/x');
    await userEvent.click(within(form).getByRole('button', { name: '保存する' }));
    // The visits' URL rule, said under the field before anything is sent.
    expect(await within(form).findByText('https:// で始まるURLを入力してください。')).toBeVisible();
    expect(sent).toEqual([]);
    await userEvent.clear(url);
    await userEvent.type(url, 'https://meet.google.com/abc-defg-hij');
    await userEvent.clear(seats);
    await userEvent.type(seats, '5');
    current = hosted({
      seats: 5,
      seatsLeft: 2,
      meetingUrl: 'https://meet.google.com/abc-defg-hij',
    });
    await userEvent.click(within(form).getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('座談会の内容を保存しました。')).toBeVisible();
    expect(sent).toEqual([{ meetingUrl: 'https://meet.google.com/abc-defg-hij', seats: 5 }]);
    expect(screen.queryByRole('heading', { name: '座談会の内容を編集' })).toBeNull();
  });

  it('says why the server refused (fewer seats), and keeps the form open', async () => {
    const refusing: Handler = (url, init) => {
      if (url === '/api/group-sessions/s1' && init?.method === 'PATCH') {
        return { status: 409, body: { code: 'group-session/seats-fewer', message: 'x' } };
      }
      return api('admin', () =>
        hosted({ as: 'admin', meetingFormat: 'in_person', placeKind: 'public' }),
      )(url, init);
    };
    renderApp('/group-sessions/s1', refusing);
    await userEvent.click(await screen.findByRole('button', { name: '内容を編集' }));
    const form = screen.getByRole('heading', { name: '座談会の内容を編集' }).closest('form')!;
    expect(
      within(form).getByText('場所の種類：カフェなど人目のある場所（変えられません）'),
    ).toBeVisible();
    expect(within(form).queryByRole('textbox', { name: /会議のURL/ })).toBeNull();
    await userEvent.type(
      within(form).getByRole('textbox', { name: /待ち合わせ場所/ }),
      '駅前のカフェ',
    );
    await userEvent.click(within(form).getByRole('button', { name: '保存する' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('席数は減らせません');
  });

  it('is offered neither to a student nor once it is held or cancelled', async () => {
    renderApp(
      '/group-sessions/s1',
      api('student', () => view({ mine: { kind: 'seated' }, canJoin: false })),
    );
    expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
    expect(screen.queryByRole('button', { name: '内容を編集' })).toBeNull();
  });

  it('shows a held one’s alumna no edit button', async () => {
    renderApp(
      '/group-sessions/s1',
      api('mentor', () => hosted({ state: 'held' })),
    );
    expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
    expect(screen.queryByRole('button', { name: '内容を編集' })).toBeNull();
  });
});

describe('its attendees in English mode', () => {
  it('names each attendee’s university as the rest of the site does in English', async () => {
    await setLanguage('en');
    try {
      renderApp(
        '/group-sessions/s1',
        api('mentor', () =>
          hosted({
            attendees: [
              {
                studentId: 'a1',
                name: 'Hanako Yamada',
                university: '慶應義塾大学',
                universityNameEn: 'Keio University',
                grade: '3年',
                place: { kind: 'seated' },
                attended: null,
                absence: null,
                safeEnd: null,
              },
              {
                studentId: 'a2',
                name: 'Jiro Sato',
                university: '明治大学',
                universityNameEn: null,
                grade: '2年',
                place: { kind: 'waiting', position: 1 },
                attended: null,
                absence: null,
                safeEnd: null,
              },
            ],
          }),
        ),
      );
      const table = await screen.findByRole('table');
      const [, first, second] = within(table).getAllByRole('row');
      expect(first).toHaveTextContent('Keio University');
      expect(first).not.toHaveTextContent('慶應');
      // No English name given: the Japanese one, as everywhere.
      expect(second).toHaveTextContent('明治大学');
    } finally {
      await setLanguage('ja');
    }
  });
});
