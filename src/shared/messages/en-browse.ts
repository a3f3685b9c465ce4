import type { BrowseMessages } from './ja-browse';

/** The English twin of ja-browse.ts. */
export const enBrowse: BrowseMessages = {};
