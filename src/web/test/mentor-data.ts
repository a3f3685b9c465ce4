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
