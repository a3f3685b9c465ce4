import type { GroupSessionCard, GroupSessionView } from '../../shared/schemas/group-sessions';

/** A 座談会 as the web tests' fake server answers it: a card, and its page's view. */

export function card(overrides: Partial<GroupSessionCard> = {}): GroupSessionCard {
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
    topics: ['industry_research', 'es_review'],
    startsAt: '2099-12-10T09:00:00.000Z',
    endsAt: '2099-12-10T10:00:00.000Z',
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

export function view(overrides: Partial<GroupSessionView> = {}): GroupSessionView {
  return {
    ...card(),
    description: '商社の一日と、選考で聞かれたことを話します。',
    meetingPlace: null,
    meetingUrl: null,
    as: 'student',
    waitingCount: 0,
    attendees: null,
    cancelledReason: null,
    after: null,
    ...overrides,
  };
}
