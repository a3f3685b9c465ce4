import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GroupSessionView } from '../../../shared/schemas/group-sessions';
import { renderApp, signedInAs } from '../../test/render';

/** What the captures at 375 and 1280 px showed wrong on a 座談会's page (issue 58), held. */

const VIEW: GroupSessionView = {
  id: 's1',
  title: '総合商社の仕事を話します',
  mentor: {
    name: '鈴木 葵',
    company: '丸紅',
    urlParam: 'aoi',
    industryCategory: '商社・流通',
    iconUrl: null,
  },
  topics: ['industry_research'],
  startsAt: '2099-12-10T05:00:00.000Z',
  endsAt: '2099-12-10T06:00:00.000Z',
  signUpClosesAt: '2099-12-09T09:00:00.000Z',
  meetingFormat: 'online',
  placeKind: null,
  seats: 8,
  seatsLeft: 3,
  state: 'open',
  audience: { kind: 'all' },
  mine: { kind: 'none' },
  canJoin: true,
  description: '商社の一日を話します。',
  meetingPlace: null,
  meetingUrl: null,
  as: 'student',
  waitingCount: 0,
  attendees: null,
  cancelledReason: null,
};

describe('a 座談会’s page', () => {
  it('says its sign-up closing time is Japan time, as its start is', async () => {
    renderApp('/group-sessions/s1', (url) => {
      if (url.startsWith('/api/auth/session')) return signedInAs('student');
      return { status: 200, body: VIEW };
    });
    expect(await screen.findByText('申込締切（日本時間）')).toBeInTheDocument();
    expect(screen.getByText('2099年12月9日(水) 18:00')).toBeInTheDocument();
  });
});
