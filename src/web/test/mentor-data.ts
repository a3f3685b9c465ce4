import { NO_EMPLOYER_RULES } from '../../shared/schemas/employer-rules';
import type { MentorCard, MentorProfile } from '../../shared/schemas/mentors';

/** The richer profile's parts of a card, none given: what an older profile answers. */
export const NO_RICHER_PROFILE = {
  universityNameEn: null,
  nameReading: null,
  jobType: null,
  joinedYear: null,
  topics: [],
  topicsNote: null,
  earliestSlot: null,
} satisfies Pick<
  MentorCard,
  | 'universityNameEn'
  | 'nameReading'
  | 'jobType'
  | 'joinedYear'
  | 'topics'
  | 'topicsNote'
  | 'earliestSlot'
>;

/** A card as the OG list answers it: 早稲田大学 2016年卒, 受付中, company and the rest overridable. */
export function mentorCard(
  urlParam: string,
  name: string,
  extra: Partial<MentorCard> = {},
): MentorCard {
  return {
    urlParam,
    name,
    universityName: '早稲田大学',
    graduationYear: 2016,
    industry: 'IT・通信 - ソフトウェア',
    company: '株式会社サンプル',
    message: 'よろしくお願いします。',
    iconUrl: null,
    accepting: true,
    lastActive: null,
    ...NO_RICHER_PROFILE,
    ...extra,
  };
}

/** An alumna's own profile as /api/mentors/me answers it: 慶應義塾大学 2015年卒, the rest overridable. */
export function ownMentorProfile(extra: Partial<MentorProfile> = {}): MentorProfile {
  return {
    ...mentorCard('u1', '山田 花子', {
      universityName: '慶應義塾大学',
      graduationYear: 2015,
      industry: '金融・保険 - 証券',
      company: '野村證券',
      message: '気軽にどうぞ',
    }),
    universityId: 'keio',
    faculty: null,
    companyReading: null,
    contactEmail: 'og@example.com',
    contactEmailConfirmed: true,
    heldVisits: 0,
    employerRules: NO_EMPLOYER_RULES,
    visitSettings: {
      contactVisibility: 'signed_in',
      acceptingRequests: true,
      monthlyRequestLimit: null,
      requestsThisMonth: 0,
      autoPaused: false,
    },
    ...extra,
  };
}
