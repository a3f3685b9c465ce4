import type { VisitsMessages } from './ja-visits';

/** The English twin of ja-visits.ts. */
export const enVisits: VisitsMessages = {};
