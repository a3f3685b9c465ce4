/**
 * The Japanese texts of browsing the OG list: favourites, who is accepting requests, last active (issue 10): part of the app catalogue (ja-app.ts).
 */
export const jaBrowse = {};

export type BrowseMessages = typeof jaBrowse;
