import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import type { EmployerRules } from '../../../shared/schemas/employer-rules';

/** The link to 「OG訪問の注意事項」, from the forms, the box and 「困ったときは」. */
export function GuidelinesLink({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Link className="guidelines-link" to={paths.visitGuidelines}>
      {label ?? t('employerRules.guidelinesLink')}
    </Link>
  );
}

/** Her rules as short phrases: オンラインのみ / 対面は社内のみ / 〇時までに終了 / 飲酒なし. */
export function employerRuleTexts(rules: EmployerRules, t: TFunction): string[] {
  return [
    rules.onlineOnly ? t('employerRules.rules.onlineOnly') : null,
    rules.premisesOnly ? t('employerRules.rules.premisesOnly') : null,
    rules.latestEnd ? t('employerRules.rules.latestEnd', { time: rules.latestEnd }) : null,
    rules.noAlcohol ? t('employerRules.rules.noAlcohol') : null,
  ].filter((text): text is string => text !== null);
}

/**
 * 「この先輩の勤務先のルール」, for students: on her page, the request and booking forms and the
 * request itself. Nothing when she recorded none (null). With `guidelines`, the
 * link to the students' page follows (a form that links to it already leaves it out).
 */
export function EmployerRulesBox({
  rules,
  guidelines = true,
}: {
  rules: EmployerRules | null | undefined;
  guidelines?: boolean;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  // The server sends null when she recorded none (hasEmployerRules decides it there).
  if (!rules) return null;
  const texts = employerRuleTexts(rules, t);
  return (
    <section className="employer-rules-box" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('employerRules.boxTitle')}</h2>
      <p>{t('employerRules.boxLead')}</p>
      {texts.length > 0 ? (
        <ul>
          {texts.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : null}
      {rules.deskName ? <p>{t('employerRules.hasDesk', { name: rules.deskName })}</p> : null}
      {guidelines ? (
        <p>
          <GuidelinesLink />
        </p>
      ) : null}
    </section>
  );
}
