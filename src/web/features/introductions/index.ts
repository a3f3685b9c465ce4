/**
 * What other features may use of introductions (紹介, decision 0044): the link on a visit's page,
 * the note on the request form, her setting on /mentor-profile. (A barrel brings every module it
 * names into the importer's chunk, so it names only what others embed.)
 */
export { IntroduceLink, IntroducedRequestNote } from './introduce-link';
export { IntroductionSettingsSection } from './introduction-settings';
