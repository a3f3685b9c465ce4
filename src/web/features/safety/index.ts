/** What other features may use of safety: the report and block actions a page embeds. */
export { SafetyActions } from './safety-actions';
export { ReportDialog } from './report-dialog';
