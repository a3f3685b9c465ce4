import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import type { VisitRequest, VisitRequestList } from '../../../shared/schemas/visit-requests';
import { formatDate } from '../../lib/format';
import { renderRoutes, signedInAs } from '../../test/render';
import { visitRequestData } from '../../test/visit-data';
import { VisitRequestsPage } from './visit-requests-page';

function visitRequest(id: string, overrides: Partial<VisitRequest> = {}): VisitRequest {
  return visitRequestData({ id, side: 'mentor', ...overrides });
}

function renderList(role: 'student' | 'mentor', list: VisitRequestList) {
  return renderRoutes(
    [{ path: '/visit-requests', element: <VisitRequestsPage /> }],
    '/visit-requests',
    (url) => {
      if (url === '/api/auth/session') return signedInAs(role);
      if (url === '/api/visit-requests') return { status: 200, body: list };
      return { status: 404, body: { code: 'not-found', message: '' } };
    },
  );
}

describe('/visit-requests', () => {
  it('points a student without requests to the OG list', async () => {
    renderList('student', { items: [], awaitingReply: 0 });
    expect(await screen.findByRole('heading', { name: '送った依頼' })).toBeVisible();
    expect(
      await screen.findByText(
        'まだ依頼を送っていません。OG一覧から、話を聞きたいOGに依頼してみましょう。',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'OG一覧を見る' })).toHaveAttribute(
      'href',
      '/mentors-list',
    );
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('tells an alumna without requests so, with no link to the list', async () => {
    renderList('mentor', { items: [], awaitingReply: 0 });
    expect(await screen.findByText('まだ依頼はありません。')).toBeVisible();
    expect(screen.getByRole('heading', { name: '届いた依頼' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'OG一覧を見る' })).toBeNull();
  });

  it("lists an alumna's requests with those awaiting her answer counted", async () => {
    const first = '77777777-7777-4777-8777-777777777777';
    const second = '88888888-8888-4888-8888-888888888888';
    const third = '99999999-9999-4999-8999-999999999999';
    renderList('mentor', {
      awaitingReply: 2,
      items: [
        visitRequest(first),
        visitRequest(second, {
          purpose: 'es_review',
          meetingFormat: 'in_person',
          student: { ...visitRequest(second).student, name: '鈴木 花子', grade: '4年' },
        }),
        visitRequest(third, { status: 'accepted', meetingAt: '2099-05-09T23:00:00.000Z' }),
      ],
    });
    expect(await screen.findByText('返答待ち 2件')).toBeVisible();
    expect(screen.getByRole('heading', { name: '届いた依頼' })).toBeVisible();

    const rows = within(screen.getByRole('list')).getAllByRole('link');
    expect(rows.map((row) => row.getAttribute('href'))).toEqual([
      `/visit-requests/${first}`,
      `/visit-requests/${second}`,
      `/visit-requests/${third}`,
    ]);
    expect(rows[0]).toHaveTextContent(
      `返答待ち山田 太郎さん（慶應義塾大学・3年）企業研究・オンライン / 依頼日：${formatDate('2026-11-20T01:00:00.000Z')}`,
    );
    expect(rows[1]).toHaveTextContent('鈴木 花子さん（慶應義塾大学・4年）');
    expect(rows[1]).toHaveTextContent('ES添削・対面');
    expect(rows[2]).toHaveTextContent('承諾済み');
    expect(rows[2]).toHaveTextContent('日時：2099年5月10日(日) 08:00');
  });

  it("lists a student's requests by alumna and company", async () => {
    const id = '77777777-7777-4777-8777-777777777777';
    renderList('student', {
      awaitingReply: 0,
      items: [visitRequest(id, { side: 'student', status: 'declined' })],
    });
    const row = await screen.findByRole('link', {
      name: /佐藤 美咲さん（株式会社みらいテクノロジーズ）/,
    });
    expect(row).toHaveAttribute('href', `/visit-requests/${id}`);
    expect(row).toHaveTextContent('辞退');
    expect(screen.getByRole('heading', { name: '送った依頼' })).toBeVisible();
    expect(screen.queryByText(/返答待ち \d+件/)).toBeNull();
  });

  it("marks a student's requests with news and those awaiting her answer", async () => {
    const answered = '77777777-7777-4777-8777-777777777777';
    const proposed = '88888888-8888-4888-8888-888888888888';
    const quiet = '99999999-9999-4999-8999-999999999999';
    renderList('student', {
      awaitingReply: 2,
      items: [
        visitRequest(answered, { side: 'student', status: 'accepted', unseen: true }),
        visitRequest(proposed, {
          side: 'student',
          awaiting: 'student',
          proposal: { times: ['2099-05-09T10:00:00.000Z'], by: 'mentor', message: null },
        }),
        visitRequest(quiet, { side: 'student' }),
      ],
    });
    expect(await screen.findByText('確認が必要な依頼 2件')).toBeVisible();
    const rows = within(screen.getByRole('list')).getAllByRole('link');
    expect(rows[0]).toHaveTextContent(/^承諾済み新着佐藤 美咲さん/);
    expect(rows[1]).toHaveTextContent(/^日時調整中あなたの返答待ち佐藤 美咲さん/);
    expect(rows[2]).toHaveTextContent(/^返答待ち佐藤 美咲さん/);
  });

  it("lists a graduated alumna's requests from her student days under their own heading", async () => {
    const received = '77777777-7777-4777-8777-777777777777';
    const sent = '88888888-8888-4888-8888-888888888888';
    renderList('mentor', {
      awaitingReply: 0,
      items: [visitRequest(received), visitRequest(sent, { side: 'student', status: 'declined' })],
    });
    const sentList = await screen.findByRole('region', { name: '学生時代に送った依頼' });
    const receivedList = screen.getByRole('region', { name: '届いた依頼' });
    expect(within(receivedList).getByRole('link')).toHaveAttribute(
      'href',
      `/visit-requests/${received}`,
    );
    expect(within(sentList).getByRole('link')).toHaveAttribute('href', `/visit-requests/${sent}`);
    expect(within(sentList).getByRole('link')).toHaveTextContent(
      '佐藤 美咲さん（株式会社みらいテクノロジーズ）',
    );
    expect(within(receivedList).queryByText(/佐藤 美咲/)).toBeNull();
  });

  it('tells an alumna she has received none while listing those she sent as a student', async () => {
    const sent = '88888888-8888-4888-8888-888888888888';
    renderList('mentor', {
      awaitingReply: 0,
      items: [visitRequest(sent, { side: 'student', status: 'expired' })],
    });
    expect(await screen.findByText('まだ依頼はありません。')).toBeVisible();
    const sentList = screen.getByRole('region', { name: '学生時代に送った依頼' });
    expect(within(sentList).getByRole('link')).toHaveTextContent('期限切れ');
  });

  it.each([
    ['student', 'mentor'],
    ['mentor', 'student'],
  ] as const)(
    'shows 実施済み on a held visit to the %s, in every list, unless either side reported a no-show',
    async (role, markedBy) => {
      const held = '77777777-7777-4777-8777-777777777777';
      const disputed = '88888888-8888-4888-8888-888888888888';
      const agreed = '99999999-9999-4999-8999-999999999999';
      const side = role === 'student' ? 'student' : 'mentor';
      const outcome = (mine: 'held' | 'no_show' | null, other: 'held' | 'no_show' | null) => ({
        ...visitRequestData({ id: held }).followUp,
        myOutcome: markedBy === role ? mine : other,
        otherOutcome: markedBy === role ? other : mine,
      });
      const past = '2026-05-09T01:00:00.000Z';
      renderList(role, {
        awaitingReply: 0,
        items: [
          visitRequest(held, {
            side,
            status: 'accepted',
            meetingAt: past,
            followUp: outcome('held', null),
          }),
          visitRequest(disputed, {
            side,
            status: 'accepted',
            meetingAt: past,
            followUp: outcome('held', 'no_show'),
          }),
          visitRequest(agreed, { side, status: 'accepted', meetingAt: '2099-05-09T01:00:00.000Z' }),
        ],
      });
      const rows = within(await screen.findByRole('list')).getAllByRole('link');
      expect(rows[0]).toHaveTextContent(/^実施済み/);
      expect(rows[1]).toHaveTextContent(/^承諾済み/);
      expect(rows[2]).toHaveTextContent(/^承諾済み/);
    },
  );

  it('says the list could not be read', async () => {
    renderRoutes(
      [{ path: '/visit-requests', element: <VisitRequestsPage /> }],
      '/visit-requests',
      (url) =>
        url === '/api/auth/session'
          ? signedInAs('mentor')
          : { status: 500, body: { code: 'internal', message: '' } },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '依頼の読み込みに失敗しました。再読み込みしてください。',
    );
  });
});

describe('/visit-requests in English', () => {
  afterEach(async () => {
    await setLanguage('ja');
  });

  it("names the student's university and grade in English", async () => {
    await setLanguage('en');
    const id = '77777777-7777-4777-8777-777777777777';
    renderList('mentor', { awaitingReply: 1, items: [visitRequest(id)] });
    const row = await screen.findByRole('link', { name: /山田 太郎/ });
    expect(row).toHaveTextContent('Keio University, 3rd year');
    expect(row).not.toHaveTextContent('慶應義塾大学');
  });

  it('says Held and heads the requests sent as a student in English', async () => {
    await setLanguage('en');
    const held = '77777777-7777-4777-8777-777777777777';
    const sent = '88888888-8888-4888-8888-888888888888';
    renderList('mentor', {
      awaitingReply: 0,
      items: [
        visitRequest(held, {
          status: 'accepted',
          meetingAt: '2026-05-09T01:00:00.000Z',
          followUp: { ...visitRequestData({ id: held }).followUp, myOutcome: 'held' },
        }),
        visitRequest(sent, { side: 'student', status: 'declined' }),
      ],
    });
    expect(
      await screen.findByRole('region', { name: 'Requests you sent as a student' }),
    ).toBeVisible();
    const received = screen.getByRole('region', { name: 'Requests received' });
    expect(within(received).getByRole('link')).toHaveTextContent(/^Held/);
  });
});
