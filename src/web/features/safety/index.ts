// What a page embeds from here brings its rules with it.
import './safety.css';

/**
 * What other features may use of safety: the report and block actions a page embeds, and the
 * seminar's 相談窓口 wherever a page names it.
 */
export { SafetyActions } from './safety-actions';
export { ReportDialog } from './lazy-report-dialog';
export { ConsultationDesk } from './consultation-desk';
