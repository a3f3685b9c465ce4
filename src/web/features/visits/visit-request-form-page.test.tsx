import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MentorDetail, MentorViewer } from '../../../shared/schemas/mentors';
import { localSlotOf } from '../../../shared/schemas/visit-requests';
import { renderRoutes, signedInAs, type Answer } from '../../test/render';
import { VisitRequestFormPage } from './visit-request-form-page';
import { NO_RICHER_PROFILE } from '../../test/mentor-data';
import { DESK, deskAnswer } from '../../test/desk-data';

const REQUEST_ID = '33333333-3333-4333-8333-333333333333';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Read once, so that a slot written twice in a test is the same even across midnight. */
const NOW = Date.now();

/** "YYYY-MM-DDTHH:mm" in Japan time, `days` from now at `hour`:00 (ahead of now when `days` > 0). */
function slot(days: number, hour: number): string {
  const day = localSlotOf(new Date(NOW + days * DAY_MS)).slice(0, 10);
  return `${day}T${String(hour).padStart(2, '0')}:00`;
}

function mentor(viewer: Partial<MentorViewer> = {}): MentorDetail {
  return {
    urlParam: 'og1',
    name: '佐藤 美咲',
    universityName: '早稲田大学',
    graduationYear: 2018,
    industry: 'IT・通信 - ソフトウェア',
    company: '株式会社みらいテクノロジーズ',
    message: '気軽に相談してください。',
    iconUrl: null,
    accepting: true,
    lastActive: 'week',
    ...NO_RICHER_PROFILE,
    userId: '00000000-0000-4000-8000-000000000001',
    faculty: null,
    contactEmail: null,
    contactVisibility: 'accepted',
    invitedBy: null,
    heldVisits: 0,
    employerRules: null,
    sharedNoteCount: 0,
    viewer: {
      favourite: false,
      blocked: false,
      openRequestId: null,
      visitUnavailable: null,
      ...viewer,
    },
  };
}

function renderForm({
  detail = mentor(),
  post = { status: 201, body: { id: REQUEST_ID } },
}: { detail?: MentorDetail; post?: Answer } = {}) {
  const rendered = renderRoutes(
    [
      { path: '/mentor/:urlParam/request', element: <VisitRequestFormPage /> },
      { path: '/mentor/:urlParam', element: <p>detail page</p> },
      { path: '/visit-requests/:id', element: <p>request page</p> },
    ],
    '/mentor/og1/request',
    (url, init) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET' && url === '/api/mentors/og1') return { status: 200, body: detail };
      if (method === 'POST' && url === '/api/visit-requests') return post;
      if (method === 'GET' && url === '/api/desk') return deskAnswer();
      if (method === 'GET' && url === '/api/auth/session') return signedInAs('student');
      return { status: 404, body: { code: 'not-found', message: '' } };
    },
  );
  const writes = () =>
    rendered.fetchMock.mock.calls
      .filter(([, init]) => init?.method !== undefined && init.method !== 'GET')
      .map(([url, init]) => ({
        call: `${init!.method} ${String(url)}`,
        body: typeof init!.body === 'string' ? (JSON.parse(init!.body) as unknown) : undefined,
      }));
  return { ...rendered, writes };
}

/** The browser's date-time field gives its whole value at once. */
function setSlot(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(await screen.findByLabelText('目的'), '企業研究');
  await user.type(screen.getByLabelText('メッセージ'), '働き方についてお話を伺えませんか。');
  setSlot('第1希望', slot(3, 10));
  await user.click(screen.getByLabelText('オンライン'));
  await user.click(screen.getByLabelText('安全のためのルールを確認し、守ります'));
}

describe('/mentor/:urlParam/request', () => {
  it('says why a request cannot be sent, and links to the request already open', async () => {
    renderForm({
      detail: mentor({ visitUnavailable: 'already-open', openRequestId: REQUEST_ID }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('このOGへの依頼が進行中です。');
    expect(screen.getByRole('link', { name: '進行中の依頼を見る' })).toHaveAttribute(
      'href',
      `/visit-requests/${REQUEST_ID}`,
    );
    expect(screen.getByRole('link', { name: 'キャンセル' })).toHaveAttribute('href', '/mentor/og1');
    expect(screen.queryByRole('button', { name: '依頼を送信する' })).toBeNull();
    expect(screen.queryByLabelText('目的')).toBeNull();
  });

  it('says the alumna has paused requests, with no link to an open one', async () => {
    renderForm({ detail: mentor({ visitUnavailable: 'not-accepting' }) });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '現在、OG訪問の依頼を受け付けていません。',
    );
    expect(screen.queryByRole('link', { name: '進行中の依頼を見る' })).toBeNull();
    expect(screen.queryByRole('button', { name: '依頼を送信する' })).toBeNull();
  });

  it('says her requests are stopped after two no-shows, with the desk to reach', async () => {
    renderForm({ detail: mentor({ visitUnavailable: 'no-show-limit' }) });
    const notice = (
      await screen.findByText(/直近90日間に2回、OG訪問に来なかったとの報告が数えられたため/)
    ).parentElement!;
    expect(notice).toHaveAttribute('role', 'status');
    expect(await within(notice).findByRole('link', { name: DESK.email })).toHaveAttribute(
      'href',
      `mailto:${DESK.email}`,
    );
    expect(screen.queryByRole('button', { name: '依頼を送信する' })).toBeNull();
  });

  it('shows every missing answer in Japanese and sends nothing', async () => {
    const user = userEvent.setup();
    const { writes } = renderForm();
    expect(
      await screen.findByText('佐藤 美咲さんにOG訪問を依頼します。返答はメールでお知らせします。'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: '依頼を送信する' }));

    expect(await screen.findByText('訪問の目的を選択してください。')).toBeVisible();
    expect(screen.getByLabelText('目的')).toHaveAccessibleDescription(
      '訪問の目的を選択してください。',
    );
    expect(screen.getByLabelText('メッセージ')).toHaveAccessibleDescription(
      expect.stringContaining('メッセージを入力してください。'),
    );
    // Empty rows are skipped; with none filled in, the first asks for one.
    expect(screen.getByLabelText('第1希望')).toHaveAccessibleDescription(
      '希望日時を1つ以上入力してください。',
    );
    expect(screen.getByRole('group', { name: '面談の形式' })).toHaveTextContent(
      '面談の形式を選択してください。',
    );
    expect(
      screen.getByLabelText('安全のためのルールを確認し、守ります'),
    ).toHaveAccessibleDescription('安全のためのルールを確認し、チェックを入れてください。');
    expect(writes()).toEqual([]);
  });

  it('refuses a meeting starting at 21:00 as late at night', async () => {
    const user = userEvent.setup();
    const { writes } = renderForm();
    await fillValidForm(user);
    setSlot('第1希望', slot(3, 21));
    await user.click(screen.getByRole('button', { name: '依頼を送信する' }));
    expect(
      await screen.findByText(
        '面談の開始時刻は8:00〜20:00の間で指定してください（深夜の面談はできません）。',
      ),
    ).toBeVisible();
    expect(screen.getByLabelText('第1希望')).toHaveAttribute('aria-invalid', 'true');
    expect(writes()).toEqual([]);
  });

  it('refuses a time that has passed and the same time twice', async () => {
    const user = userEvent.setup();
    const { writes } = renderForm();
    await fillValidForm(user);
    setSlot('第1希望', slot(-1, 10));
    await user.click(screen.getByRole('button', { name: '希望日時を追加' }));
    setSlot('第2希望', slot(5, 14));
    await user.click(screen.getByRole('button', { name: '希望日時を追加' }));
    setSlot('第3希望', slot(5, 14));
    await user.click(screen.getByRole('button', { name: '依頼を送信する' }));
    expect(await screen.findByText('過去の日時は指定できません。')).toBeVisible();
    expect(screen.getByLabelText('第2希望')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('第3希望')).toHaveAccessibleDescription(
      '同じ日時が重複しています。',
    );
    expect(writes()).toEqual([]);
  });

  it('adds up to three slots and removes any but the first', async () => {
    const user = userEvent.setup();
    renderForm();
    const add = await screen.findByRole('button', { name: '希望日時を追加' });
    expect(screen.getByLabelText('第1希望')).toBeRequired();
    expect(screen.queryByRole('button', { name: '第1希望を削除' })).toBeNull();

    await user.click(add);
    await user.click(add);
    expect(screen.getByLabelText('第2希望')).not.toBeRequired();
    expect(screen.getByLabelText('第3希望')).toBeVisible();
    expect(screen.queryByRole('button', { name: '希望日時を追加' })).toBeNull();

    setSlot('第2希望', slot(4, 9));
    setSlot('第3希望', slot(6, 15));
    await user.click(screen.getByRole('button', { name: '第2希望を削除' }));
    expect(screen.queryByLabelText('第3希望')).toBeNull();
    // The third slot moved up into the second place, its value with it.
    expect(screen.getByLabelText('第2希望')).toHaveValue(slot(6, 15));
    expect(screen.getByRole('button', { name: '希望日時を追加' })).toBeVisible();
  });

  it('posts the exact request, its agenda with it, and opens it', async () => {
    const user = userEvent.setup();
    const { writes, router } = renderForm({
      detail: { ...mentor(), topics: ['es_review', 'interview_practice'] },
    });
    await user.selectOptions(await screen.findByLabelText('目的'), 'ES添削');
    await user.type(screen.getByLabelText('メッセージ'), '  ESを見ていただけませんか。 ');
    expect(screen.getByText('17 / 1000 文字')).toBeVisible();
    setSlot('第1希望', slot(3, 10));
    await user.click(screen.getByRole('button', { name: '希望日時を追加' }));
    setSlot('第2希望', slot(10, 20));
    await user.click(screen.getByLabelText('対面'));
    // The agenda (issue 37, point 5): a topic of hers, a question and the ES examples.
    await user.click(screen.getByRole('checkbox', { name: '面接練習' }));
    await user.type(screen.getByLabelText('質問1'), '志望動機の書き方を教えてください。');
    await user.click(screen.getByRole('button', { name: 'ESの質問例を入れる' }));
    await user.click(screen.getByLabelText('安全のためのルールを確認し、守ります'));
    await user.click(screen.getByRole('button', { name: '依頼を送信する' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/visit-requests/${REQUEST_ID}`),
    );
    expect(screen.getByText('request page')).toBeVisible();
    expect(
      screen.getByText('依頼を送信しました。佐藤 美咲さんからの返答をお待ちください。'),
    ).toBeVisible();
    expect(writes()).toEqual([
      {
        call: 'POST /api/visit-requests',
        body: {
          mentorUrlParam: 'og1',
          purpose: 'es_review',
          message: 'ESを見ていただけませんか。',
          preferredSlots: [slot(3, 10), slot(10, 20)],
          meetingFormat: 'in_person',
          agendaTopics: ['interview_practice'],
          agendaQuestions: [
            '志望動機の書き方を教えてください。',
            '私のESの志望動機で、伝わりにくいところがあれば教えてください。',
            '学生時代に力を入れたことは、どのように書くと伝わりやすいでしょうか。',
            'ESを読む側として、印象に残るのはどのような内容ですか。',
          ],
          safetyRulesConfirmed: true,
        },
      },
    ]);
  });

  it('keeps the message through a reload, for this student and this alumna, until it is sent', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(await screen.findByLabelText('メッセージ'), 'ESを見ていただけませんか。');
    // A reload: the page opens afresh in the same tab.
    cleanup();
    renderForm();
    expect(await screen.findByLabelText('メッセージ')).toHaveValue('ESを見ていただけませんか。');
    expect(screen.getByText('14 / 1000 文字')).toBeVisible();

    await user.selectOptions(screen.getByLabelText('目的'), 'ES添削');
    setSlot('第1希望', slot(3, 10));
    await user.click(screen.getByLabelText('オンライン'));
    await user.click(screen.getByLabelText('安全のためのルールを確認し、守ります'));
    await user.click(screen.getByRole('button', { name: '依頼を送信する' }));
    expect(await screen.findByText('request page')).toBeVisible();

    // Sent: the next request to her starts empty.
    cleanup();
    renderForm();
    expect(await screen.findByLabelText('メッセージ')).toHaveValue('');
  });

  it('warns while typing that the alumna will read contact details masked', async () => {
    const user = userEvent.setup();
    renderForm();
    const box = await screen.findByLabelText('メッセージ');
    await user.type(box, 'ESを見ていただけませんか。');
    expect(screen.queryByText(/相手には「＊＊＊」と表示されます/)).toBeNull();
    await user.type(box, '電話090-1234-5678');
    expect(await screen.findByRole('status')).toHaveTextContent(
      '連絡先と思われる部分は相手には「＊＊＊」と表示されます',
    );
  });

  it('shows the server refusing a second open request in a toast and stays', async () => {
    const user = userEvent.setup();
    const { writes, router } = renderForm({
      post: { status: 409, body: { code: 'visit/already-open', message: '' } },
    });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: '依頼を送信する' }));

    const toasts = screen.getByRole('region', { name: '通知' });
    expect(
      await within(toasts).findByText(
        '依頼を送信できませんでした。このOGへの依頼が既に進行中です。返信をお待ちいただくか、依頼を取り消してから送り直してください。',
      ),
    ).toBeVisible();
    expect(writes()).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/mentor/og1/request');
    expect(screen.getByRole('button', { name: '依頼を送信する' })).toBeEnabled();
  });
});

describe('the 相談窓口 in the request form', () => {
  it('tells the student the desk exists and that a report is never told to the other side', async () => {
    renderForm();
    const note = (await screen.findByText(/いつでも相談窓口に相談できます。/)).closest('div')!;
    expect(note).toHaveTextContent('通報したことが相手の方に伝わることはありません。');
    expect(await within(note).findByText(DESK.name)).toBeVisible();
    expect(within(note).getByRole('link', { name: /soudan@career/ })).toBeVisible();
  });
});
