import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { VisitRequest } from '../../../shared/schemas/visit-requests';
import { setLanguage } from '../../i18n';
import { renderRoutes } from '../../test/render';
import { visitRequestData } from '../../test/visit-data';
import { MeetingDetails } from './meeting-details';

const AHEAD = new Date(Date.now() + 3 * 86_400_000).toISOString();

function booked(overrides: Partial<VisitRequest>): VisitRequest {
  return visitRequestData({ status: 'accepted', meetingAt: AHEAD, ...overrides });
}

function renderDetails(
  request: VisitRequest,
  put = { status: 200, body: { ok: true } as unknown },
) {
  return renderRoutes(
    [{ path: '/', element: <MeetingDetails request={request} /> }],
    '/',
    (url, init) =>
      init?.method === 'PUT' ? put : { status: 404, body: { code: 'not-found', message: '' } },
  );
}

describe('where to meet', () => {
  it('shows the student the online URL as a link named by the host it opens', async () => {
    renderDetails(booked({ meetingUrl: 'https://meet.google.com/abc-defg-hij' }));
    const link = await screen.findByRole('link', { name: 'meet.google.com を開きます' });
    expect(link).toHaveAttribute('href', 'https://meet.google.com/abc-defg-hij');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAttribute('target', '_blank');
    expect(screen.getByText('https://meet.google.com/abc-defg-hij')).toBeVisible();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('names an internationalised host in its ASCII form', async () => {
    renderDetails(booked({ meetingUrl: 'https://例え.jp/room' }));
    const link = await screen.findByRole('link', { name: 'xn--r8jz45g.jp を開きます' });
    expect(link).toHaveAttribute('href', 'https://xn--r8jz45g.jp/room');
  });

  it('links no stored URL whose host is not what it seems', async () => {
    renderDetails(booked({ meetingUrl: 'https://accounts.google.com@evil.example/' }));
    expect(await screen.findByText('https://accounts.google.com@evil.example/')).toBeVisible();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('refuses a URL with a user part on the page, with its own message', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderDetails(booked({ side: 'mentor' }));
    const field = await screen.findByLabelText('オンライン会議のURL');
    await user.type(field, 'https://accounts.google.com@evil.example/');
    await user.click(screen.getByRole('button', { name: '保存する' }));
    expect(
      await screen.findByText(/ユーザー名やパスワード（@ の前の部分）を含むURL/),
    ).toBeVisible();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('tells the student it is not set yet', async () => {
    renderDetails(booked({ meetingFormat: 'in_person' }));
    expect(await screen.findByText(/まだ設定されていません。OGが設定すると/)).toBeVisible();
  });

  it('lets the alumna set an https URL, refusing another scheme on the page', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderDetails(booked({ side: 'mentor' }));
    const field = await screen.findByLabelText('オンライン会議のURL');
    await user.type(field, 'http://meet.example.com/x');
    await user.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('https:// で始まるURLを入力してください。')).toBeVisible();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    await user.clear(field);
    await user.type(field, 'https://meet.example.com/x');
    await user.click(screen.getByRole('button', { name: '保存する' }));
    await waitFor(() => {
      const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
      expect(put && JSON.parse(String(put[1]!.body))).toEqual({
        meetingUrl: 'https://meet.example.com/x',
      });
    });
  });

  it('saves an unchanged place without a request, saying no one was told', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderDetails(
      booked({ side: 'mentor', meetingFormat: 'in_person', meetingPlace: '新宿駅東口のカフェ' }),
    );
    await user.click(await screen.findByRole('button', { name: '待ち合わせ情報を編集' }));
    // Spaces around it are not a change either: the server keeps the place trimmed.
    await user.type(screen.getByLabelText('待ち合わせ場所'), '  ');
    await user.click(screen.getByRole('button', { name: '保存する' }));
    expect(
      await screen.findByText(
        '待ち合わせ情報に変更はありません。相手へのお知らせは送っていません。',
      ),
    ).toBeVisible();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    expect(screen.getByRole('button', { name: '待ち合わせ情報を編集' })).toBeVisible();
  });

  it('shows the alumna the place rule for an in-person visit', async () => {
    renderDetails(booked({ side: 'mentor', meetingFormat: 'in_person' }));
    expect(await screen.findByText(/人目のある公共の場所を指定してください/)).toBeVisible();
  });
});

describe('where to meet in English', () => {
  afterEach(async () => {
    await setLanguage('ja');
  });

  it('says which host the link opens', async () => {
    await setLanguage('en');
    renderDetails(booked({ meetingUrl: 'https://meet.google.com/abc-defg-hij' }));
    expect(await screen.findByRole('link', { name: 'Opens meet.google.com' })).toHaveAttribute(
      'href',
      'https://meet.google.com/abc-defg-hij',
    );
  });

  it('refuses a place naming a refused word while it is typed, and on saving', async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderDetails(booked({ side: 'mentor', meetingFormat: 'in_person' }));
    const field = await screen.findByLabelText('待ち合わせ場所');
    await user.type(field, 'モスバーガー 渋谷店');
    expect(screen.queryByText(/会う場所に指定できません/)).toBeNull();
    await user.clear(field);
    await user.type(field, '駅前の ば ー');
    expect(screen.getByText(/「バー」などお酒を出すお店は/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: '保存する' }));
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('「バー」などお酒を出すお店は'),
    );
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });
});
