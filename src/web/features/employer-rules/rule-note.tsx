import { useTranslation } from 'react-i18next';
import type { EmployerRuleBreach, EmployerRules } from '../../../shared/schemas/employer-rules';

/**
 * Why a choice is not offered to her, said where it would have been: 「勤務先のルール（オンライン
 * のみ）のため、対面は選べません。」 and the like. Nothing without a breach.
 */
export function EmployerRuleNote({
  rules,
  breach,
}: {
  rules: EmployerRules | null | undefined;
  breach: EmployerRuleBreach | null;
}) {
  const { t } = useTranslation();
  if (!rules || !breach) return null;
  return (
    <p className="field-hint employer-rule-note" role="note">
      {t(`employerRules.breach.${breach}`, { time: rules.latestEnd ?? '' })}
    </p>
  );
}
