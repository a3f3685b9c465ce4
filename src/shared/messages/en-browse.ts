import type { BrowseMessages, jaProfileFields } from './ja-browse';

/** The English twin of ja-browse.ts. */
export const enBrowse: BrowseMessages = {
  browse: {
    accepting: 'Accepting requests',
    notAccepting: 'Not accepting requests',
    lastActive: {
      day: 'Signed in within the last day',
      week: 'Signed in within the last week',
      month: 'Signed in within the last month',
      older: 'Not signed in for over a month',
    },
    narrowTitle: 'Narrow down',
    acceptingOnly: 'Only alumni accepting requests',
    favouritesOnly: 'Favourites only',
    favouriteMarker: 'Favourite',
    addFavourite: 'Add to favourites',
    favourited: 'In favourites',
    favouriteFailed: 'Could not update your favourites. Please try again in a moment.',
    noFavourites:
      'You have no favourite alumni yet. Add one with "Add to favourites" on an alumna\'s page.',
  },
};

/** The English twin of jaProfileFields (issue 17). */
export const enProfileFields: typeof jaProfileFields = {
  profileFields: {
    jobType: 'Job type',
    joinedYear: 'Year joined',
    topics: 'Can advise on',
    topicsNote: 'Can advise on (in your own words)',
    nameReading: 'Name reading (kana)',
    jobTypes: {
      sales: 'Sales',
      planning_marketing: 'Planning and marketing',
      corporate: 'Corporate functions (HR, finance, general affairs)',
      engineering: 'Engineering and technical',
      research: 'Research and development',
      specialist: 'Professional (legal, medical and similar)',
      service: 'Retail and service',
      creative: 'Creative',
      consulting: 'Consulting',
      public_service: 'Public service and non-profits',
      other: 'Other',
    },
    topicLabels: {
      industry_research: 'Industry research',
      es_review: 'Application form (ES) review',
      interview_practice: 'Interview practice',
      career_advice: 'Career advice',
      working_life: 'Life as a working adult',
      regional_jobs: 'Working outside the big cities',
      study_abroad: 'Studying abroad',
      women_careers: "Women's careers",
      work_and_family: 'Balancing work and family',
      career_change: 'Changing jobs',
    },
  },
};
