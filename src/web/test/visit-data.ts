import type { VisitRequest } from '../../shared/schemas/visit-requests';

/** A request as the API sends it: pending, from 山田 太郎 to 佐藤 美咲, contacts hidden. */
export function visitRequestData(overrides: Partial<VisitRequest> = {}): VisitRequest {
  const status = overrides.status ?? 'pending';
  const meetingAt = overrides.meetingAt ?? null;
  return {
    id: '44444444-4444-4444-8444-444444444444',
    side: 'student',
    status: 'pending',
    purpose: 'company_research',
    message: '御社の働き方についてお話を伺えませんか。',
    preferredSlots: ['2099-05-09T01:00:00.000Z'],
    bookedUntil: null,
    agendaTopics: [],
    agendaQuestions: [],
    meetingFormat: 'online',
    meetingAt: null,
    meetingPlace: null,
    meetingUrl: null,
    placeKind: null,
    placeOther: null,
    rulesConfirmed: { student: null, mentor: null },
    proposal: null,
    proposalsLeft: 3,
    // As the server says it: a pending request waits for the alumna unless told otherwise.
    awaiting: status === 'pending' ? 'mentor' : null,
    // As the server decides it: waiting, or accepted with the meeting ahead.
    open:
      status === 'pending' ||
      (status === 'accepted' && meetingAt !== null && Date.parse(meetingAt) > Date.now()),
    unseen: false,
    responseMessage: null,
    cancelledBy: null,
    cancelMessage: null,
    createdAt: '2026-11-20T01:00:00.000Z',
    respondedAt: null,
    cancelledAt: null,
    expiredAt: null,
    followUp: {
      open: false,
      myOutcome: null,
      otherOutcome: null,
      thankedAt: null,
      myFeedback: null,
      myClaim: null,
      claimAgainstMe: null,
    },
    requestsStopped: false,
    employerRules: null,
    noShowsCounted: 0,
    student: {
      userId: '55555555-5555-4555-8555-555555555555',
      withdrawn: false,
      name: '山田 太郎',
      universityName: '慶應義塾大学',
      universityNameEn: 'Keio University',
      contactEmail: null,
      grade: '3年',
      faculty: '経済学部',
      department: '経済学科',
      desiredIndustry: null,
      desiredJobType: null,
      selfIntroduction: null,
    },
    mentor: {
      userId: '66666666-6666-4666-8666-666666666666',
      withdrawn: false,
      name: '佐藤 美咲',
      universityName: '早稲田大学',
      universityNameEn: 'Waseda University',
      contactEmail: null,
      urlParam: 'og1',
      graduationYear: 2018,
      company: '株式会社みらいテクノロジーズ',
      iconUrl: null,
    },
    blockedOther: false,
    studentFirstVisit: false,
    safeEnd: null,
    ...overrides,
  };
}

type NoShowClaim = NonNullable<VisitRequest['followUp']['claimAgainstMe']>;

/** A no-show claim filed an hour ago, standing, unanswered and not counted yet. */
export function noShowClaimData(overrides: Partial<NoShowClaim> = {}): NoShowClaim {
  const claimedAt = overrides.claimedAt ?? new Date(Date.now() - 60 * 60 * 1000).toISOString();
  return {
    reason: '受付で30分お待ちしましたが、ご連絡もありませんでした。',
    claimedAt,
    answer: null,
    withdrawnAt: null,
    answerBy: new Date(Date.parse(claimedAt) + 7 * 24 * 60 * 60 * 1000).toISOString(),
    decision: null,
    counts: false,
    cleared: false,
    ...overrides,
  };
}
