// What a page embeds from here brings its rules with it.
import './employer-rules.css';

/**
 * What other features use of her employer's rules (issue 54, point 9): the students' box, the
 * desks of 「困ったときは」, the link to the guidelines and the note under a choice she cannot make.
 * Nothing here holds zod (her page is in the OG list's chunk): her form is on her profile
 * (features/mentors), the forms' checks with visits (employer-rule-checks.ts).
 */
export { EmployerRulesBox, GuidelinesLink } from './employer-rules-box';
export { EmployerDesk, LabourDesk } from './desks';
export { EmployerRuleNote } from './rule-note';
export { employerRulesTextsReady } from './texts';
