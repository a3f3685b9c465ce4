import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { VisitRequest } from '../../../shared/schemas/visit-requests';
import { formatConfirmedTime } from '../../lib/meeting-time';
import { renderRoutes } from '../../test/render';
import { noShowClaimData, visitRequestData } from '../../test/visit-data';
import { VisitRequestPage } from './visit-request-page';

/**
 * The request page after the meeting (docs/PRODUCT.md §7): how it went, the お礼, private
 * feedback; an expired request; the reason a late cancellation needs.
 */

const ID = '44444444-4444-4444-8444-444444444444';
const API = `/api/visit-requests/${ID}`;
const HOUR_MS = 60 * 60 * 1000;

function held(overrides: Partial<VisitRequest> = {}): VisitRequest {
  const meetingAt = new Date(Date.now() - 2 * HOUR_MS).toISOString();
  return visitRequestData({
    id: ID,
    status: 'accepted',
    meetingAt,
    preferredSlots: [meetingAt],
    open: false,
    awaiting: null,
    followUp: {
      open: true,
      myOutcome: null,
      otherOutcome: null,
      thankedAt: null,
      myFeedback: null,
      myClaim: null,
      claimAgainstMe: null,
    },
    ...overrides,
  });
}

/**
 * What the server answers a write (`undefined` for the usual { ok: true }); `show` sets what it
 * answers the page's next reading of the request.
 */
type WriteAnswer = (
  url: string,
  show: (now: VisitRequest) => void,
) => { status: number; body: unknown } | undefined;

function renderPage(
  request: VisitRequest,
  path = `/visit-requests/${ID}`,
  answerWrite: WriteAnswer = () => undefined,
) {
  let shown = request;
  const rendered = renderRoutes(
    [
      { path: '/visit-requests/:id', element: <VisitRequestPage /> },
      { path: '/mentors-list', element: <p>list</p> },
    ],
    path,
    (url, init) => {
      const method = init?.method ?? 'GET';
      if (method === 'GET' && url === API) return { status: 200, body: shown };
      if (method === 'GET' && url === `${API}/messages`) {
        return {
          status: 200,
          body: { messages: [], closedReason: null, masksContacts: false, readAt: null },
        };
      }
      const show = (now: VisitRequest) => void (shown = now);
      return answerWrite(url, show) ?? { status: 200, body: { ok: true } };
    },
  );
  const writes = () =>
    rendered.fetchMock.mock.calls
      .filter(([, init]) => init?.method && init.method !== 'GET')
      .filter(([url]) => !String(url).endsWith('/messages/read') && !String(url).endsWith('/seen'))
      .map(([url, init]) => ({
        call: `${init!.method} ${String(url)}`,
        body: JSON.parse(String(init!.body)) as Record<string, unknown>,
      }));
  return { ...rendered, writes };
}

describe('after the meeting', () => {
  it('records 実施済み, then shows it with a way to change it', async () => {
    const { writes } = renderPage(held());
    const section = await screen.findByRole('region', { name: 'OG訪問のあと' });
    await userEvent.click(within(section).getByRole('button', { name: '実施済みにする' }));
    await waitFor(() =>
      expect(writes()).toContainEqual({ call: `POST ${API}/outcome`, body: { outcome: 'held' } }),
    );
  });

  it('shows what the other side recorded', async () => {
    renderPage(held({ side: 'mentor', followUp: { ...held().followUp, otherOutcome: 'held' } }));
    expect(await screen.findByText('山田 太郎さんも実施済みとして記録しています。')).toBeVisible();
  });

  it('offers the student a お礼 template with the alumna’s name, sent once with its id', async () => {
    const { writes } = renderPage(held());
    const box = await screen.findByRole('textbox', { name: /お礼のメッセージ/ });
    expect((box as HTMLTextAreaElement).value).toMatch(/^佐藤 美咲様\n\nお忙しい中/);
    await userEvent.clear(box);
    await userEvent.type(box, 'ありがとうございました。');
    await userEvent.click(screen.getByRole('button', { name: 'お礼を送る' }));
    await waitFor(() => expect(writes().map((w) => w.call)).toContain(`POST ${API}/thanks`));
    const sent = writes().find((w) => w.call === `POST ${API}/thanks`)!;
    expect(sent.body).toMatchObject({ body: 'ありがとうございました。' });
    expect(sent.body.clientId).toEqual(expect.any(String));
  });

  it('offers no お礼 once the alumna has recorded that the student did not come', async () => {
    renderPage(held({ followUp: { ...held().followUp, otherOutcome: 'no_show' } }));
    await screen.findByRole('region', { name: 'OG訪問のあと' });
    expect(screen.queryByRole('button', { name: 'お礼を送る' })).toBeNull();
  });

  it('offers no お礼 to the alumna, nor once sent', async () => {
    renderPage(held({ side: 'mentor' }));
    await screen.findByRole('region', { name: 'OG訪問のあと' });
    expect(screen.queryByRole('button', { name: 'お礼を送る' })).toBeNull();
  });

  it('asks for a rating before sending feedback, then sends it with the comment', async () => {
    const { writes } = renderPage(held());
    const part = await screen.findByRole('group', { name: 'ゼミへのフィードバック（非公開）' });
    await userEvent.click(within(part).getByRole('button', { name: 'フィードバックを送る' }));
    expect(await within(part).findByText('1〜5の評価を選んでください。')).toBeVisible();
    expect(writes()).toEqual([]);
    await userEvent.click(within(part).getByRole('radio', { name: '4' }));
    await userEvent.type(within(part).getByRole('textbox', { name: /コメント/ }), '丁寧でした');
    await userEvent.click(within(part).getByRole('button', { name: 'フィードバックを送る' }));
    await waitFor(() =>
      expect(writes()).toContainEqual({
        call: `PUT ${API}/feedback`,
        body: { rating: 4, comment: '丁寧でした' },
      }),
    );
  });

  it('leads the student to write a visit note once the visit was held, even after it closed', async () => {
    renderPage(held({ followUp: { ...held().followUp, myOutcome: 'held' } }));
    const section = await screen.findByRole('region', { name: 'OG訪問のあと' });
    expect(section).toHaveTextContent('後輩のためにも');
    expect(within(section).getByRole('link', { name: '訪問記録を書く' })).toHaveAttribute(
      'href',
      `/visit-requests/${ID}/note`,
    );
    cleanup();

    renderPage(held({ followUp: { ...held().followUp, open: false, otherOutcome: 'held' } }));
    const closed = await screen.findByRole('region', { name: 'OG訪問のあと' });
    expect(within(closed).getByRole('link', { name: '訪問記録を書く' })).toBeVisible();
  });

  it('offers no visit note before the visit is held, after a no-show, nor to the alumna', async () => {
    renderPage(held());
    await screen.findByRole('region', { name: 'OG訪問のあと' });
    expect(screen.queryByRole('link', { name: '訪問記録を書く' })).toBeNull();
    cleanup();

    renderPage(
      held({ followUp: { ...held().followUp, myOutcome: 'held', otherOutcome: 'no_show' } }),
    );
    await screen.findByRole('region', { name: 'OG訪問のあと' });
    expect(screen.queryByRole('link', { name: '訪問記録を書く' })).toBeNull();
    cleanup();

    renderPage(held({ side: 'mentor', followUp: { ...held().followUp, myOutcome: 'held' } }));
    await screen.findByRole('region', { name: 'OG訪問のあと' });
    expect(screen.queryByRole('link', { name: '訪問記録を書く' })).toBeNull();
  });

  it('is not offered before the meeting', async () => {
    renderPage(held({ followUp: { ...held().followUp, open: false } }));
    await screen.findByRole('heading', { level: 1, name: 'OG訪問の依頼' });
    expect(screen.queryByRole('region', { name: 'OG訪問のあと' })).toBeNull();
  });
});

describe('a no-show claim', () => {
  const claim = noShowClaimData();

  it('is confirmed first, says who is told, and sends the optional reason', async () => {
    const { writes } = renderPage(held({ side: 'mentor' }));
    const section = await screen.findByRole('region', { name: 'OG訪問のあと' });
    await userEvent.click(within(section).getByRole('button', { name: '相手が来なかった' }));
    const dialog = await screen.findByRole('dialog', {
      name: '「相手が来なかった」と記録しますか？',
    });
    expect(dialog).toHaveTextContent('山田 太郎さんに、通知とメールでお知らせします');
    expect(dialog).toHaveTextContent('ゼミの運営者も、この記録と理由を確認します。');
    expect(dialog).toHaveTextContent('90日以内に2回');
    expect(writes()).toEqual([]);
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /理由・状況（任意）/ }),
      '連絡がありませんでした',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: '来なかったと記録する' }));
    await waitFor(() =>
      expect(writes()).toContainEqual({
        call: `POST ${API}/outcome`,
        body: { outcome: 'no_show', reason: '連絡がありませんでした' },
      }),
    );
  });

  it('sends nothing when the dialog is left, nor with a reason too long', async () => {
    const { writes } = renderPage(held());
    await userEvent.click(await screen.findByRole('button', { name: '相手が来なかった' }));
    let dialog = await screen.findByRole('dialog');
    // A student's claim does not pause anything: the dialog does not say it does.
    expect(dialog).not.toHaveTextContent('90日以内に2回');
    await userEvent.click(within(dialog).getByRole('button', { name: 'やめる' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '相手が来なかった' }));
    dialog = await screen.findByRole('dialog');
    const box = within(dialog).getByRole('textbox', { name: /理由・状況（任意）/ });
    await userEvent.click(box);
    await userEvent.paste('あ'.repeat(501));
    await userEvent.click(within(dialog).getByRole('button', { name: '来なかったと記録する' }));
    expect(await within(dialog).findByText('理由は500文字以内で入力してください。')).toBeVisible();
    expect(writes()).toEqual([]);
  });

  it('shows the student the claim with its reason, and takes her answer once, note required', async () => {
    const { writes } = renderPage(
      held({ followUp: { ...held().followUp, otherOutcome: 'no_show', claimAgainstMe: claim } }),
    );
    const part = await screen.findByRole('group', { name: '「来なかった」との報告' });
    expect(part).toHaveTextContent('佐藤 美咲さんから、あなたがこのOG訪問に来なかったと報告');
    expect(part).toHaveTextContent(claim.reason);
    // What it means, until when to answer, that the admins read both sides, what stops at two.
    expect(part).toHaveTextContent('この報告と回答は、ゼミの運営者も読みます。');
    expect(part).toHaveTextContent(
      `${formatConfirmedTime(claim.answerBy)}までに「参加しました」と回答すると、この報告は、ゼミの運営者が双方の言い分を読んで認めた場合にだけ数えられます。`,
    );
    expect(part).toHaveTextContent('期限までに回答がない場合は、そのまま数えられます。');
    expect(part).toHaveTextContent(
      '現在、あなたについて数えられている報告は0回です。直近90日間に2回数えられると、ゼミの運営者が解除するまで新しい依頼を送れなくなります。',
    );
    await userEvent.click(within(part).getByRole('button', { name: '「参加しました」と回答する' }));
    expect(
      await within(part).findByText(
        '参加したときの様子を入力してください（ゼミの運営者が確認します）。',
      ),
    ).toBeVisible();
    expect(writes()).toEqual([]);
    await userEvent.type(
      within(part).getByRole('textbox', { name: /参加したときの様子/ }),
      '13時に受付に伺いました',
    );
    await userEvent.click(within(part).getByRole('button', { name: '「参加しました」と回答する' }));
    await waitFor(() =>
      expect(writes()).toContainEqual({
        call: `POST ${API}/no-show-answer`,
        body: { note: '13時に受付に伺いました' },
      }),
    );
  });

  it('shows the answer once given, to both sides, with no form', async () => {
    const answered = {
      ...claim,
      answer: { note: '13時に受付に伺いました', at: new Date().toISOString() },
    };
    renderPage(held({ followUp: { ...held().followUp, claimAgainstMe: answered } }));
    const part = await screen.findByRole('group', { name: '「来なかった」との報告' });
    expect(part).toHaveTextContent('あなたの回答「参加しました」');
    expect(part).toHaveTextContent('13時に受付に伺いました');
    expect(within(part).queryByRole('textbox')).toBeNull();
    cleanup();

    renderPage(
      held({
        side: 'mentor',
        followUp: { ...held().followUp, myOutcome: 'no_show', myClaim: answered },
      }),
    );
    const theirs = await screen.findByRole('group', { name: '山田 太郎さんからの回答' });
    expect(theirs).toHaveTextContent('山田 太郎さんは「参加しました」と回答しています');
    expect(theirs).toHaveTextContent('13時に受付に伺いました');
  });

  it.each([
    [
      'answered in time: waits for the admins',
      { answer: { note: '伺いました。', at: new Date().toISOString() } },
      'ゼミの運営者が双方の言い分を読んで判断するまで、この報告は数えられません。',
    ],
    [
      'unanswered past its day: counts',
      { counts: true },
      'までに回答がなかったため、この報告は数えられています。',
    ],
    [
      'upheld',
      { decision: 'upheld' as const, counts: true },
      'この報告を認めました。この報告は数えられています。',
    ],
    [
      'dismissed',
      { decision: 'dismissed' as const },
      'この報告を認めませんでした。この報告は数えられません。',
    ],
    [
      'upheld after an admin cleared the visits up to it',
      { decision: 'upheld' as const, cleared: true },
      'この訪問までの報告を解除したため（解除済み）、この報告は数えられません。',
    ],
    [
      'unanswered past its day, about a visit before a clearance',
      { cleared: true },
      'この訪問までの報告を解除したため（解除済み）、この報告は数えられません。',
    ],
  ])('tells the student whether it counts: %s', async (_, overrides, said) => {
    renderPage(
      held({
        noShowsCounted: 1,
        followUp: { ...held().followUp, claimAgainstMe: noShowClaimData(overrides) },
      }),
    );
    const part = await screen.findByRole('group', { name: '「来なかった」との報告' });
    expect(part).toHaveTextContent(said);
    expect(part).toHaveTextContent('現在、あなたについて数えられている報告は1回です。');
  });

  it('keeps a withdrawn claim and the student’s answer readable, with no form', async () => {
    const withdrawn = noShowClaimData({
      answer: { note: '13時に受付に伺いました', at: new Date().toISOString() },
      withdrawnAt: new Date().toISOString(),
    });
    renderPage(held({ followUp: { ...held().followUp, claimAgainstMe: withdrawn } }));
    const part = await screen.findByRole('group', { name: '「来なかった」との報告' });
    expect(part).toHaveTextContent('佐藤 美咲さんはこの報告を取り下げました');
    expect(part).toHaveTextContent('この報告は数えられません。');
    expect(part).toHaveTextContent('13時に受付に伺いました');
    expect(within(part).queryByRole('textbox')).toBeNull();
  });

  it('offers the alumna no second claim once she withdrew hers', async () => {
    renderPage(
      held({
        side: 'mentor',
        followUp: {
          ...held().followUp,
          open: true,
          myOutcome: 'held',
          myClaim: noShowClaimData({ withdrawnAt: new Date().toISOString() }),
        },
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: '記録を変更する' }));
    expect(screen.getByRole('button', { name: '実施済みにする' })).toBeVisible();
    expect(screen.queryByRole('button', { name: '相手が来なかった' })).toBeNull();
    expect(
      screen.getByText(
        'このOG訪問の「来なかった」との報告は取り下げたため、もう一度記録することはできません。',
      ),
    ).toBeVisible();
    expect(screen.getByRole('group', { name: '「来なかった」との報告' })).toHaveTextContent(
      'この報告は取り下げました',
    );
  });

  it('stays on the page after the thread closed', async () => {
    renderPage(held({ followUp: { ...held().followUp, open: false, claimAgainstMe: claim } }));
    expect(await screen.findByRole('group', { name: '「来なかった」との報告' })).toBeVisible();
  });
});

describe('an expired request', () => {
  it('tells the student and leads to other alumni', async () => {
    renderPage(visitRequestData({ id: ID, status: 'expired', open: false, awaiting: null }));
    expect(
      await screen.findByText(/佐藤 美咲さんから期限までにお返事がなかったため/),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'ほかのOGを探す' })).toHaveAttribute(
      'href',
      '/mentors-list',
    );
  });
});

describe('a request whose times all passed after an answer', () => {
  it('says so rather than blaming the alumna', async () => {
    renderPage(
      visitRequestData({
        id: ID,
        status: 'expired',
        open: false,
        awaiting: null,
        respondedAt: '2026-11-20T01:00:00.000Z',
      }),
    );
    expect(
      await screen.findByText(/候補の日時がすべて過ぎたため、この依頼は期限切れになりました。/),
    ).toBeVisible();
    expect(screen.queryByText(/お返事がなかったため/)).toBeNull();
  });
});

describe('cancelling within 24 hours', () => {
  function soon(): VisitRequest {
    const meetingAt = new Date(Date.now() + 5 * HOUR_MS).toISOString();
    return visitRequestData({
      id: ID,
      status: 'accepted',
      meetingAt,
      preferredSlots: [meetingAt],
      open: true,
      awaiting: null,
    });
  }

  it('opens from the reminder’s link and asks for a reason before sending', async () => {
    const { writes } = renderPage(soon(), `/visit-requests/${ID}?cancel=1`);
    const dialog = await screen.findByRole('dialog', { name: 'OG訪問の予定を取り消しますか？' });
    expect(dialog).toHaveTextContent('OG訪問の24時間前を過ぎています');
    await userEvent.click(within(dialog).getByRole('button', { name: '取り消す' }));
    expect(
      await within(dialog).findByText(
        '前日以降のキャンセルには理由を入力してください。相手に表示されます。',
      ),
    ).toBeVisible();
    expect(writes()).toEqual([]);
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /取り消しの理由（必須）/ }),
      '体調不良のため',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: '取り消す' }));
    await waitFor(() =>
      expect(writes()).toContainEqual({
        call: `POST ${API}/cancel`,
        body: { message: '体調不良のため' },
      }),
    );
  });
});

describe('an after-visit action from a page opened before the request changed', () => {
  /** The server's 409 for `path`: refused, with the visit as it is now (and read so after). */
  function staleAt(path: string, code: string, current: VisitRequest): WriteAnswer {
    return (url, show) => {
      if (url !== `${API}/${path}`) return undefined;
      show(current);
      return { status: 409, body: { code, message: '', current } };
    };
  }
  const CHANGED = 'この依頼は、画面を開いている間に状態が変わっていました。';

  it('shows the thanks already sent from another tab, with the calm notice and no error', async () => {
    const user = userEvent.setup();
    const thanked = held({ followUp: { ...held().followUp, thankedAt: new Date().toISOString() } });
    renderPage(held(), undefined, staleAt('thanks', 'visit/already-thanked', thanked));
    await screen.findByRole('textbox', { name: /お礼のメッセージ/ });
    await user.click(screen.getByRole('button', { name: 'お礼を送る' }));

    expect(await screen.findByRole('status')).toHaveTextContent(CHANGED);
    expect(screen.getByText('お礼を送りました。')).toBeVisible();
    expect(screen.queryByRole('textbox', { name: /お礼のメッセージ/ })).toBeNull();
    expect(screen.queryByText(/お礼を送れませんでした/)).toBeNull();
  });

  it('takes the answer form away when the claim was withdrawn meanwhile', async () => {
    const user = userEvent.setup();
    const claim = noShowClaimData({ reason: '来ませんでした。' });
    const withdrawn = held({ followUp: { ...held().followUp, otherOutcome: 'held' } });
    renderPage(
      held({ followUp: { ...held().followUp, otherOutcome: 'no_show', claimAgainstMe: claim } }),
      undefined,
      staleAt('no-show-answer', 'visit/no-show-not-claimed', withdrawn),
    );
    const part = await screen.findByRole('group', { name: '「来なかった」との報告' });
    await user.type(
      within(part).getByRole('textbox', { name: /参加したときの様子/ }),
      '13時に受付に伺いました',
    );
    await user.click(within(part).getByRole('button', { name: '「参加しました」と回答する' }));

    expect(await screen.findByRole('status')).toHaveTextContent(CHANGED);
    expect(screen.queryByRole('group', { name: '「来なかった」との報告' })).toBeNull();
    expect(screen.queryByText(/回答を送れませんでした/)).toBeNull();
  });
});
