// What a page embeds from here brings its rules with it.
import './visits.css';

/**
 * What other features may use of visits: the alumnus's settings form, on their profile page, and
 * the meeting safety rules with their confirmation, wherever a visit is agreed (予約枠's 自動で承諾).
 * (A barrel brings every module it names into the importer's chunk, so it names only these.)
 */
export { VisitSettingsForm } from './visit-settings-form';
export { SafetyRulesConfirmation } from './safety-rules';
