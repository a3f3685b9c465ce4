// What a page embeds from here brings its rules with it.
import './visits.css';

/**
 * What other features may use of visits: the alumnus's settings form, on their profile page.
 * (A barrel brings every module it names into the importer's chunk, so it names only this.)
 */
export { VisitSettingsForm } from './visit-settings-form';
