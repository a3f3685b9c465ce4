import type { GroupSessionCard, GroupSessionView } from '../../shared/schemas/group-sessions';

/** A 座談会 open to every student, three seats left of eight, the reader holding none. */
export function groupSessionCard(overrides: Partial<GroupSessionCard> = {}): GroupSessionCard {
  return {
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
    ...overrides,
  };
}

/** Its page as a student reads it. */
export function groupSessionView(overrides: Partial<GroupSessionView> = {}): GroupSessionView {
  return {
    ...groupSessionCard(),
    description: '商社の一日を話します。',
    meetingPlace: null,
    meetingUrl: null,
    as: 'student',
    waitingCount: 0,
    attendees: null,
    cancelledReason: null,
    ...overrides,
  };
}
