import type { MentorCard } from '../../shared/schemas/mentors';

/** Issue 17's optional profile parts, none given: what an older profile answers. */
export const NO_RICHER_PROFILE = {
  nameReading: null,
  jobType: null,
  joinedYear: null,
  topics: [],
  topicsNote: null,
} satisfies Pick<MentorCard, 'nameReading' | 'jobType' | 'joinedYear' | 'topics' | 'topicsNote'>;
