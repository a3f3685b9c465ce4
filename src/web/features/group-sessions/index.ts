/**
 * What other features may use of 座談会 (issue 58): the cards on her page and on a company's page,
 * which those pages load lazily (each asks for its list and, only when there is one, its texts).
 * A barrel brings every module it names into the importer's chunk, so it names only these.
 */
export { CompanyGroupSessionCards, MentorGroupSessions, SuggestedGroupSessions } from './elsewhere';
