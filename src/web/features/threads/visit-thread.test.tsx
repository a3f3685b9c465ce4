import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Thread, ThreadMessage } from '../../../shared/schemas/threads';
import { renderRoutes, type Answer } from '../../test/render';
import { VisitThread } from './visit-thread';
import type { ThreadAgendaItems } from './thread-agenda';

const REQUEST_ID = '55555555-5555-4555-8555-555555555555';
const API = `/api/visit-requests/${REQUEST_ID}/messages`;

function message(overrides: Partial<ThreadMessage>): ThreadMessage {
  return {
    id: crypto.randomUUID(),
    clientId: crypto.randomUUID(),
    side: 'mentor',
    mine: false,
    body: 'こんにちは',
    masked: false,
    kind: 'message',
    createdAt: '2026-11-20T01:00:00.000Z',
    ...overrides,
  };
}

function thread(overrides: Partial<Thread> = {}): Thread {
  return { messages: [], closedReason: null, masksContacts: true, readAt: null, ...overrides };
}

interface Options {
  /** What POST /messages answers; by default the message as sent, stored. */
  post?: (body: { body: string; clientId: string }) => Answer;
  agenda?: ThreadAgendaItems;
}

function renderThread(data: Thread, { post, agenda }: Options = {}) {
  const rendered = renderRoutes(
    [
      {
        path: '/visit-requests/:id',
        element: (
          <VisitThread
            requestId={REQUEST_ID}
            side="student"
            otherName="佐藤 美咲"
            otherUserId="66666666-6666-4666-8666-666666666666"
            agenda={agenda}
          />
        ),
      },
    ],
    `/visit-requests/${REQUEST_ID}`,
    (url, init) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET' && url === API) return { status: 200, body: data };
      if (method === 'POST' && url === API) {
        const sent = JSON.parse(String(init!.body)) as { body: string; clientId: string };
        return (
          post?.(sent) ?? {
            status: 201,
            body: message({
              ...sent,
              side: 'student',
              mine: true,
              createdAt: new Date().toISOString(),
            }),
          }
        );
      }
      if (method === 'POST' && url === `${API}/read`) return { status: 200, body: { ok: true } };
      return { status: 404, body: { code: 'not-found', message: '' } };
    },
  );
  const posts = () =>
    rendered.fetchMock.mock.calls
      .filter(([url, init]) => init?.method === 'POST' && String(url) === API)
      .map(([, init]) => JSON.parse(String(init!.body)) as { body: string; clientId: string });
  return { ...rendered, posts };
}

afterEach(() => sessionStorage.clear());

describe('the thread on a request page', () => {
  it('shows both sides in order, marks where unread begins, and says what was masked', async () => {
    renderThread(
      thread({
        readAt: '2026-11-20T01:30:00.000Z',
        messages: [
          message({ body: '読んだ質問', createdAt: '2026-11-20T01:00:00.000Z' }),
          message({
            side: 'student',
            mine: true,
            body: '自分の返事',
            createdAt: '2026-11-20T01:10:00.000Z',
          }),
          message({
            body: `電話は＊＊＊です`,
            masked: true,
            createdAt: '2026-11-20T02:00:00.000Z',
          }),
        ],
      }),
    );
    const list = await screen.findByRole('list', { name: 'メッセージ' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('読んだ質問'),
      expect.stringContaining('自分の返事'),
      expect.stringContaining('電話は＊＊＊です'),
    ]);
    expect(within(items[0]!).queryByText('ここから未読')).toBeNull();
    expect(within(items[2]!).getByText('ここから未読')).toBeInTheDocument();
    expect(
      within(items[2]!).getByText('承諾前のため、連絡先と思われる部分を伏せました。'),
    ).toBeInTheDocument();
    expect(within(items[1]!).getByText('あなた')).toBeInTheDocument();
    expect(within(items[0]!).getByText('佐藤 美咲')).toBeInTheDocument();
  });

  it('makes https links clickable, and nothing else', async () => {
    renderThread(
      thread({
        messages: [
          message({ body: '資料: https://example.com/guide。旧版は http://example.com/old です' }),
        ],
      }),
    );
    const link = await screen.findByRole('link', { name: 'https://example.com/guide' });
    expect(link).toHaveAttribute('href', 'https://example.com/guide');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(screen.queryByRole('link', { name: /http:\/\// })).toBeNull();
  });

  it('links no URL whose host is not what it reads, and shows a link with its host in ASCII', async () => {
    renderThread(
      thread({
        messages: [
          message({
            body: 'https://accounts.google.com@evil.example/ と https://192.168.0.1/ と https://例え.jp/会議',
          }),
        ],
      }),
    );
    const link = await screen.findByRole('link');
    expect(link).toHaveTextContent('https://xn--r8jz45g.jp/%E4%BC%9A%E8%AD%B0');
    expect(link).toHaveAttribute('href', 'https://xn--r8jz45g.jp/%E4%BC%9A%E8%AD%B0');
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByText(/accounts\.google\.com@evil\.example/)).toBeInTheDocument();
  });

  it('sends with Ctrl+Enter, showing the message at once, and empties the box', async () => {
    const user = userEvent.setup();
    const { posts } = renderThread(thread());
    const box = await screen.findByRole('textbox', { name: 'メッセージを入力' });
    await user.type(box, '一行目{Shift>}{Enter}{/Shift}二行目');
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    expect(box).toHaveValue('');
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toBe('一行目\n二行目');
    const list = await screen.findByRole('list', { name: 'メッセージ' });
    await waitFor(() => expect(within(list).getByText(/一行目/)).toBeInTheDocument());
  });

  it('keeps a failed message with 再送信, which sends it again under the same id', async () => {
    const user = userEvent.setup();
    let fail = true;
    const { posts } = renderThread(thread(), {
      post: (sent) =>
        fail
          ? { status: 503, body: { code: 'unavailable', message: '' } }
          : {
              status: 201,
              body: message({
                ...sent,
                side: 'student',
                mine: true,
                createdAt: new Date().toISOString(),
              }),
            },
    });
    const box = await screen.findByRole('textbox', { name: 'メッセージを入力' });
    await user.type(box, '届きますか');
    await user.click(screen.getByRole('button', { name: '送信' }));
    const retry = await screen.findByRole('button', { name: '再送信' });
    expect(screen.getByText('送信できませんでした。')).toBeInTheDocument();
    // Kept for this tab: a reload would find it.
    expect(sessionStorage.getItem(`threadUnsent:${REQUEST_ID}`)).toContain('届きますか');
    fail = false;
    await user.click(retry);
    await waitFor(() => expect(screen.queryByRole('button', { name: '再送信' })).toBeNull());
    expect(posts()).toHaveLength(2);
    expect(posts()[1]!.clientId).toBe(posts()[0]!.clientId);
    expect(sessionStorage.getItem(`threadUnsent:${REQUEST_ID}`)).toBeNull();
  });

  it('warns before sending what would be masked, while the request is not accepted', async () => {
    const user = userEvent.setup();
    renderThread(thread({ masksContacts: true }));
    const box = await screen.findByRole('textbox', { name: 'メッセージを入力' });
    expect(
      screen.getByText(/連絡先の交換は承諾後に行うのがこのサイトのルールです/),
    ).toBeInTheDocument();
    await user.type(box, '090-1234-5678');
    expect(await screen.findByRole('status')).toHaveTextContent('「＊＊＊」に置き換えられます');
  });

  it('keeps the draft for this tab', async () => {
    const user = userEvent.setup();
    renderThread(thread());
    await user.type(await screen.findByRole('textbox', { name: 'メッセージを入力' }), '下書き');
    expect(sessionStorage.getItem(`threadDraft:${REQUEST_ID}`)).toBe('下書き');
  });

  it('a closed thread is readable, without the box, and says why', async () => {
    renderThread(
      thread({ closedReason: 'ended', messages: [message({ body: 'ありがとうございました' })] }),
    );
    expect(await screen.findByText('ありがとうございました')).toBeInTheDocument();
    expect(screen.getByText(/このやり取りは終了しました/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('marks the thread read once shown', async () => {
    const { fetchMock } = renderThread(thread({ messages: [message({ body: '新着' })] }));
    await screen.findByText('新着');
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) => String(url) === `${API}/read` && init?.method === 'POST',
        ),
      ).toBe(true),
    );
  });

  it('asks again only when the tab is shown again, not on a timer (a read is a read)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { fetchMock } = renderThread(
        thread({ messages: [message({ body: '既読済み', mine: true, side: 'student' })] }),
      );
      await screen.findByText('既読済み');
      const marks = () =>
        fetchMock.mock.calls.filter(
          ([url, init]) => String(url) === `${API}/read` && init?.method === 'POST',
        ).length;
      await waitFor(() => expect(marks()).toBe(1));
      await vi.advanceTimersByTimeAsync(5 * 60_000);
      expect(marks()).toBe(1);
      document.dispatchEvent(new Event('visibilitychange'));
      await waitFor(() => expect(marks()).toBe(2));
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the agenda above the thread', () => {
  const agenda: ThreadAgendaItems = {
    topics: ['industry_research', 'es_review'],
    questions: ['入社の決め手は何でしたか', '若手の一日を\n教えてください', '転勤はありますか'],
  };

  afterEach(() => vi.unstubAllGlobals());

  it('shows the topics and the numbered questions above the messages', async () => {
    renderThread(thread({ messages: [message({ body: 'よろしくお願いします' })] }), { agenda });
    const questions = await screen.findByRole('list', { name: '質問' });
    expect(
      within(questions)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/^質問1 入社の決め手は何でしたか/),
      expect.stringMatching(/^質問2 若手の一日を\n教えてください/),
      expect.stringMatching(/^質問3 転勤はありますか/),
    ]);
    expect(screen.getByText('テーマ：業界研究、ES添削')).toBeVisible();
    // Above the messages.
    const messages = screen.getByRole('list', { name: 'メッセージ' });
    expect(
      questions.compareDocumentPosition(messages) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('starts the message with the question quoted, the writer’s draft kept after it', async () => {
    const user = userEvent.setup();
    const { posts } = renderThread(thread(), { agenda });
    const box = await screen.findByRole('textbox', { name: 'メッセージを入力' });
    await user.type(box, '書きかけ');
    const buttons = screen.getAllByRole('button', { name: 'この質問について書く' });
    expect(buttons).toHaveLength(3);
    expect(buttons[1]).toHaveAccessibleDescription(/^質問2 若手の一日を\s+教えてください$/);
    await user.click(buttons[1]!);
    // One line for the question; the cursor under it, for the writer to go on.
    expect(box).toHaveValue('【質問2】若手の一日を 教えてください\n書きかけ');
    expect(box).toHaveFocus();
    expect((box as HTMLTextAreaElement).selectionStart).toBe(
      '【質問2】若手の一日を 教えてください\n'.length,
    );
    await user.keyboard('私の場合は');
    // Asked twice, the quote is not doubled.
    await user.click(buttons[1]!);
    expect(box).toHaveValue('【質問2】若手の一日を 教えてください\n私の場合は書きかけ');
    await user.click(screen.getByRole('button', { name: '送信' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toBe('【質問2】若手の一日を 教えてください\n私の場合は書きかけ');
  });

  it('is folded on a phone, and opens to a tap', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({ matches: false, media: query }) as MediaQueryList),
    );
    renderThread(thread(), { agenda });
    const summary = await screen.findByText('相談したいこと');
    expect(screen.getByText('質問3件')).toBeVisible();
    expect(screen.getByText('転勤はありますか')).not.toBeVisible();
    await user.click(summary);
    expect(screen.getByText('転勤はありますか')).toBeVisible();
  });

  it('offers no button once the thread is closed, and is absent without an agenda', async () => {
    renderThread(thread({ closedReason: 'ended' }), { agenda });
    expect(await screen.findByText('転勤はありますか')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'この質問について書く' })).toBeNull();
  });

  it('is absent when the student gave no agenda', async () => {
    renderThread(thread(), { agenda: { topics: [], questions: [] } });
    await screen.findByRole('textbox', { name: 'メッセージを入力' });
    expect(screen.queryByText('相談したいこと')).toBeNull();
  });
});

describe('the box to write in, on a touch screen (issue 56)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('tells of Ctrl+Enter only where there is a mouse and so most likely a keyboard', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({ matches: false, media: query }) as MediaQueryList),
    );
    renderThread(thread());
    const box = await screen.findByRole('textbox', { name: 'メッセージを入力' });
    expect(box.getAttribute('placeholder')).not.toMatch(/Ctrl|⌘/);
  });
});
