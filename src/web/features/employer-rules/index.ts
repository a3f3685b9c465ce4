// What a page embeds from here brings its rules with it.
import './employer-rules.css';

/**
 * What other features use of her employer's rules (issue 54, point 9): her form (her profile),
 * the students' box, the desks of 「困ったときは」, the link to the guidelines, and the checks the
 * forms apply to their choices.
 */
export { EmployerRulesForm } from './employer-rules-form';
export { EmployerRulesBox, GuidelinesLink } from './employer-rules-box';
export { EmployerDesk, LabourDesk } from './desks';
export { EmployerRuleNote } from './rule-note';
export {
  BREACH_MESSAGE,
  checkEmployerRules,
  endsTooLate,
  minutesOf,
  placeKindBreach,
  typedTimeEndsTooLate,
} from './rules';
