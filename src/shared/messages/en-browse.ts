import type { BrowseMessages } from './ja-browse';

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
