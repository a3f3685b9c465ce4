import type { MentorCard } from '../../shared/schemas/mentors';

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
