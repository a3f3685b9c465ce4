// What a page embeds from here brings its rules with it.
import './visits.css';

/**
 * What other features may use of visits: the alumnus's settings form, on their profile page; the
 * agenda and the meeting safety rules with their confirmation, which the booking form asks as the
 * request form does (RequestSafety, with the desk's note; 予約枠's 自動で承諾 asks the rules once
 * for every visit it agrees).
 * (A barrel brings every module it names into the importer's chunk, so it names only these.)
 */
export { VisitSettingsForm } from './visit-settings-form';
export { agendaFieldOf, agendaFormFields, emptyAgenda } from './agenda-fields';
export { RequestBasicsFields } from './request-basics';
export { RequestUnavailable } from './request-unavailable';
export { SafetyRules, SafetyRulesConfirmation } from './safety-rules';
export { RequestSafety } from './request-safety';
// Another visit at the same hour: the booking form warns as the request form does (issue 56).
export { isSameHourWarning, SameHourDialog } from './same-hour-dialog';
// Her employer's rules as 予約枠 checks its windows (issue 54, point 9).
export { windowBreach } from './employer-rule-checks';
// Where a no-show claim against a student stands: a 座談会's 欠席 reads the same (decision 0045).
export { ClaimStanding, NoShowAnswerForm } from './no-show-claim';
export { SafeEndAsk } from './safe-end-box';
