import {
  EMPLOYER_RULE_REFUSAL,
  employerRuleBreach,
  type EmployerRules,
} from '../../shared/schemas/employer-rules';
import { AppError } from '../errors';

/**
 * Refuses a meeting that breaks her employer's rules (shared/schemas/employer-rules.ts, the one
 * check the forms' hints use too) with the rule's own code: her windows, her acceptances and
 * proposals, and the students' requests and bookings all come through here.
 */
export function keepEmployerRules(
  rules: EmployerRules,
  meeting: Parameters<typeof employerRuleBreach>[1],
): void {
  const breach = employerRuleBreach(rules, meeting);
  if (breach) throw new AppError(EMPLOYER_RULE_REFUSAL[breach]);
}
