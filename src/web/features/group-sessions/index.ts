/**
 * What other features may use of 座談会 (issue 58): the cards on her page and on a company's page,
 * loaded lazily with their texts by the pages that show them (their lists are asked for through
 * list-api.ts). A barrel brings every module it names into the importer's chunk, so it names only
 * these.
 */
export { CompanyGroupSessionCards, MentorGroupSessions } from './elsewhere';
export { groupSessionTextsReady } from './texts';
