import type { MentorCard } from '../../shared/schemas/mentors';

/** Issue 17's additions to a card, none given: what an older profile answers. */
export const NO_RICHER_PROFILE = {
  universityNameEn: null,
  nameReading: null,
  jobType: null,
  joinedYear: null,
  topics: [],
  topicsNote: null,
} satisfies Pick<
  MentorCard,
  'universityNameEn' | 'nameReading' | 'jobType' | 'joinedYear' | 'topics' | 'topicsNote'
>;
