import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ThreadMessage } from '../../../shared/schemas/threads';
import type { VisitRequest } from '../../../shared/schemas/visit-requests';
import { setLanguage } from '../../i18n';
import { renderRoutes } from '../../test/render';
import { visitRequestData } from '../../test/visit-data';
import { BookedVisit } from './booked-visit';

const AHEAD = new Date(Date.now() + 3 * 86_400_000).toISOString();

/** The fetch the last render answered with. */
let fetchMock: ReturnType<typeof renderRoutes>['fetchMock'];

function renderBooked(overrides: Partial<VisitRequest>, thread?: ThreadMessage[]) {
  const request = visitRequestData({ status: 'accepted', meetingAt: AHEAD, ...overrides });
  ({ fetchMock } = renderRoutes(
    [{ path: '/', element: <BookedVisit request={request} /> }],
    '/',
    (url) =>
      thread && url.endsWith('/messages')
        ? { status: 200, body: { messages: thread, closedReason: null, masksContacts: false } }
        : { status: 404, body: { code: 'not-found', message: '' } },
  ));
  const booked = screen.getByRole('region', {
    name: /OG訪問の日時が決まりました|Your visit is booked/,
  });
  return within(booked)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

/** The steps of the booked visit on the screen now. */
function stepsShown() {
  const booked = screen.getByRole('region', {
    name: /OG訪問の日時が決まりました|Your visit is booked/,
  });
  return within(booked)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

describe('「次にすること」 follows what is done (issue 34, point 12)', () => {
  afterEach(async () => {
    await setLanguage('ja');
  });

  it('asks the student to thank the alumna until she has written in the thread since the answer', async () => {
    const answeredAt = '2026-11-20T03:00:00.000Z';
    const message = (createdAt: string, mine: boolean): ThreadMessage => ({
      id: createdAt,
      clientId: createdAt,
      side: mine ? 'student' : 'mentor',
      mine,
      body: 'よろしくお願いいたします。',
      masked: false,
      kind: 'message',
      createdAt,
    });
    const thank = /お礼と当日の確認の連絡をしましょう/;
    // Before the answer, and the alumna's own message after it, are not her thanks.
    const before = [
      message('2026-11-19T03:00:00.000Z', true),
      message('2026-11-21T00:00:00.000Z', false),
    ];
    renderBooked({ side: 'student', respondedAt: answeredAt }, before);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/messages'))).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stepsShown().join('')).toMatch(thank);
    cleanup();

    renderBooked({ side: 'student', respondedAt: answeredAt }, [
      ...before,
      message('2026-11-20T04:00:00.000Z', true),
    ]);
    await waitFor(() => expect(stepsShown().join('')).not.toMatch(thank));
    expect(stepsShown()[0]).toMatch(/オンライン会議のURL|待ち合わせ場所/);
  });

  it('asks the alumna for the URL only until it is set', () => {
    expect(renderBooked({ side: 'mentor', meetingFormat: 'online' })[0]).toBe(
      '上の欄にオンライン会議のURLを設定してください。学生にはメールでお知らせします。',
    );
  });

  it('stops asking the alumna for the URL once it is set', () => {
    const steps = renderBooked({
      side: 'mentor',
      meetingFormat: 'online',
      meetingUrl: 'https://meet.google.com/abc-defg-hij',
    });
    expect(steps[0]).toBe(
      'オンライン会議のURLは設定済みです。変更したときは、学生にメールでお知らせします。',
    );
    expect(steps.join('')).not.toContain('設定してください');
  });

  it('stops asking for the place once it is set, on both sides', () => {
    const mentor = renderBooked({
      side: 'mentor',
      meetingFormat: 'in_person',
      meetingPlace: '東京駅 丸の内北口',
    });
    expect(mentor[0]).toBe(
      '待ち合わせ場所は設定済みです。変更したときは、学生にメールでお知らせします。',
    );
  });

  it('tells the student where to go once the place is set, not that it will appear', () => {
    const steps = renderBooked({
      side: 'student',
      meetingFormat: 'in_person',
      meetingPlace: '東京駅 丸の内北口',
    });
    expect(steps[1]).toBe(
      '当日は、上に表示されている待ち合わせ場所へ、時間に余裕をもってお越しください。',
    );
    expect(steps.join('')).not.toContain('OGが設定すると');
  });

  it('says the same in English', async () => {
    await setLanguage('en');
    const steps = renderBooked({
      side: 'student',
      meetingFormat: 'online',
      meetingUrl: 'https://meet.google.com/abc-defg-hij',
    });
    expect(steps[1]).toBe('On the day, join with the online meeting link shown above.');
  });
});
