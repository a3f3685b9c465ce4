import type { jaRecommendations } from '../ja/recommendations';

/** English: "Recommended for you" (issue 57), on the OG list and its own page. */
export const enRecommendations: typeof jaRecommendations = {
  recommendations: {
    title: 'Recommended for you',
    lead: 'Mentors chosen from the desired industry and job type in your profile, what you have asked about, your favourites and the visit notes you read. Those who accept requests now and have time come first.',
    seeMore: 'See more recommendations',
    fillIndustry: 'Add your desired industry to your profile to get mentors who match you.',
    fillIndustryLink: 'Edit your profile',
    empty: 'No mentor to recommend right now. Try searching the mentor list.',
    failed: 'Recommendations could not be loaded. Please try again later.',
    backToList: 'Back to the mentor list',
    reasonLabel: 'Why recommended',
    reasons: {
      sameIndustry: 'Same desired industry ({{industry}})',
      sameJobType: 'Same desired job type ({{jobType}})',
      yearsIn: 'Year {{years}} at the company',
      topic: 'Can advise on {{topic}}',
      saved: 'In your favourites',
      readNote: 'You read a visit note about them',
      sameUniversity: 'From your university',
      sameFaculty: 'From your faculty',
      accepting: 'Accepting requests now',
    },
  },
};
