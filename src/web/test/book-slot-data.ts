import type { MeetingFormat } from '../../shared/constants';
import type { OpenSlot } from '../../shared/schemas/booking';
import type { MentorDetail, MentorViewer } from '../../shared/schemas/mentors';
import { NO_RICHER_PROFILE } from './mentor-data';

/** An alumna's page as a student who may ask her sees it, in the booking tests. */
export function bookableMentor(
  extra: Partial<MentorDetail> = {},
  viewer: Partial<MentorViewer> = {},
): MentorDetail {
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
    ...extra,
    viewer: {
      favourite: false,
      blocked: false,
      openRequestId: null,
      visitUnavailable: null,
      ...viewer,
    },
  };
}

/**
 * An open slot starting at a Japan time, "YYYY-MM-DDTHH:mm", as the API sends it (UTC ISO),
 * `minutes` long.
 */
export function openSlot(
  tokyo: string,
  formats: MeetingFormat[] = ['online', 'in_person'],
  minutes = 60,
): OpenSlot {
  const start = new Date(`${tokyo}:00+09:00`);
  return {
    start: start.toISOString(),
    end: new Date(start.getTime() + minutes * 60_000).toISOString(),
    formats,
  };
}
