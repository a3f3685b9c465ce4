import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type {
  GroupSessionPostView,
  GroupSessionThread,
  GroupSessionView,
} from '../../../shared/schemas/group-sessions';
import { view } from '../../test/group-session-data';
import { renderApp, signedInAs, type Answer, type Handler } from '../../test/render';

/** A 座談会's thread on its page (PRODUCT.md §7c). */

const session = view({ mine: { kind: 'seated' }, canJoin: false, description: '' });

function post(overrides: Partial<GroupSessionPostView>): GroupSessionPostView {
  return {
    id: 'p1',
    side: 'mentor',
    authorName: '鈴木 葵',
    authorId: 'mentor-1',
    mine: false,
    body: '当日はカメラをオンにしてください。',
    masked: false,
    createdAt: '2099-12-01T03:00:00.000Z',
    ...overrides,
  };
}

const ok = (body: unknown, status = 200): Answer => ({ status, body });

function api(
  role: string,
  view: GroupSessionView,
  thread: () => GroupSessionThread,
  sent: string[],
): Handler {
  return (url, init) => {
    if (url.startsWith('/api/auth/session')) return signedInAs(role);
    if (url === '/api/group-sessions/s1/posts' && init?.method === 'POST') {
      sent.push(JSON.parse(String(init.body)).body as string);
      return ok(
        post({ id: 'new', side: 'student', authorName: null, authorId: null, mine: true }),
        201,
      );
    }
    if (url === '/api/group-sessions/s1/posts') return ok(thread());
    if (url === '/api/group-sessions/s1') return ok(view);
    return ok({});
  };
}

describe('a 座談会 thread on its page', () => {
  it('shows a student the alumna’s posts by name, others’ questions unnamed, and sends hers', async () => {
    const sent: string[] = [];
    let posts = [
      post({}),
      post({
        id: 'p2',
        side: 'student',
        authorName: null,
        authorId: null,
        body: '残業は？',
        masked: true,
      }),
    ];
    renderApp(
      '/group-sessions/s1',
      api('student', session, () => ({ posts, canPost: true, closedReason: null }), sent),
    );
    const list = await screen.findByRole('list', { name: '参加者への連絡・質問' });
    const [hers, question] = within(list).getAllByRole('listitem');
    expect(hers).toHaveTextContent('鈴木 葵さん（先輩）');
    expect(within(hers!).getByRole('button', { name: 'この投稿を通報する' })).toBeVisible();
    expect(question).toHaveTextContent('参加者の質問');
    expect(question).toHaveTextContent('連絡先と思われる部分を伏せました。');
    // Whoever asked is hidden from her; the question is still reportable (by itself).
    expect(within(question!).getByRole('button', { name: 'この投稿を通報する' })).toBeVisible();

    expect(
      screen.getByText(/座談会では連絡先を交換しないのがこのサイトのルールです/),
    ).toBeVisible();
    const box = screen.getByRole('textbox', { name: 'メッセージ' });
    await userEvent.type(box, '090-1234-5678');
    expect(screen.getByText(/連絡先と思われる部分は「＊＊＊」に置き換えられます/)).toBeVisible();
    await userEvent.clear(box);
    await userEvent.type(box, '一年目の仕事を教えてください');
    posts = [
      ...posts,
      post({
        id: 'new',
        side: 'student',
        authorName: null,
        authorId: null,
        mine: true,
        body: '一年目の仕事を教えてください',
      }),
    ];
    await userEvent.click(screen.getByRole('button', { name: '送信' }));
    expect(await screen.findByText('あなた')).toBeVisible();
    expect(sent).toEqual(['一年目の仕事を教えてください']);
    expect(box).toHaveValue('');
  });

  it('shows its alumna who asked, and offers no box once it is cancelled', async () => {
    renderApp(
      '/group-sessions/s1',
      api(
        'mentor',
        { ...session, as: 'host', mine: { kind: 'none' }, attendees: [], state: 'cancelled' },
        () => ({
          posts: [
            post({
              id: 'p2',
              side: 'student',
              authorName: '山田 花子',
              authorId: 'student-1',
              body: '質問です',
            }),
          ],
          canPost: false,
          closedReason: 'cancelled',
        }),
        [],
      ),
    );
    const list = await screen.findByRole('list', { name: '参加者への連絡・質問' });
    expect(list).toHaveTextContent('山田 花子');
    expect(within(list).getByRole('button', { name: 'この投稿を通報する' })).toBeVisible();
    expect(screen.getByText(/中止になったため、投稿できません/)).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'メッセージ' })).toBeNull();
  });

  it('lets a student report another’s question by itself: the report names no one', async () => {
    const QUESTION = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
    const reports: unknown[] = [];
    const base = api(
      'student',
      session,
      () => ({
        posts: [
          post({
            id: QUESTION,
            side: 'student',
            authorName: null,
            authorId: null,
            body: '失礼な質問',
          }),
          post({ id: 'p3', side: 'student', authorName: null, authorId: null, mine: true }),
        ],
        canPost: true,
        closedReason: null,
      }),
      [],
    );
    renderApp('/group-sessions/s1', (url, init) => {
      if (url === '/api/reports' && init?.method === 'POST') {
        reports.push(JSON.parse(String(init.body)));
        return ok({ id: 'r1' }, 201);
      }
      return base(url, init);
    });
    const list = await screen.findByRole('list', { name: '参加者への連絡・質問' });
    const [question, mine] = within(list).getAllByRole('listitem');
    // Her own post is not hers to report.
    expect(within(mine!).queryByRole('button', { name: 'この投稿を通報する' })).toBeNull();
    await userEvent.click(within(question!).getByRole('button', { name: 'この投稿を通報する' }));
    const dialog = await screen.findByRole('dialog', { name: '参加者の質問を通報' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox'), 'harassment');
    await userEvent.type(within(dialog).getByRole('textbox'), '失礼な言い方でした');
    await userEvent.click(within(dialog).getByRole('button', { name: '通報する' }));
    await screen.findByText(/通報を受け付けました/);
    expect(reports).toEqual([
      { groupSessionPostId: QUESTION, reason: 'harassment', details: '失礼な言い方でした' },
    ]);
  });

  it('is not shown to a student holding no place', async () => {
    renderApp(
      '/group-sessions/s1',
      api(
        'student',
        { ...session, mine: { kind: 'none' }, canJoin: true },
        () => {
          throw new Error('the thread was asked for');
        },
        [],
      ),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: '総合商社の仕事を話します' }),
    ).toBeVisible();
    expect(screen.queryByRole('heading', { name: '参加者への連絡・質問' })).toBeNull();
  });
});
