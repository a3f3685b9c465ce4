import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { VisitRequest } from '../../../shared/schemas/visit-requests';
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
  it('shows the student the online URL as a link once set', async () => {
    renderDetails(booked({ meetingUrl: 'https://meet.example.com/abc' }));
    expect(
      await screen.findByRole('link', { name: 'https://meet.example.com/abc' }),
    ).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('textbox')).toBeNull();
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

  it('shows the alumna the place rule for an in-person visit', async () => {
    renderDetails(booked({ side: 'mentor', meetingFormat: 'in_person' }));
    expect(await screen.findByText(/人目のある公共の場所を指定してください/)).toBeVisible();
  });
});
