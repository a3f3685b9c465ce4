import { forwardRef, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../components/form-fields';

/** Daytime and over by 21:00, no alcohol, no private places, contacts on the site, no money. */
export const SAFETY_RULES = ['hours', 'alcohol', 'place', 'contacts', 'money'] as const;

/** The meeting safety rules, shown wherever a meeting is asked for or agreed to. */
export function SafetyRules() {
  const { t } = useTranslation();
  return (
    <section className="safety-rules" aria-labelledby="safety-rules-title">
      <h2 id="safety-rules-title">{t('visits.safety.title')}</h2>
      <p>{t('visits.safety.lead')}</p>
      <ul>
        {SAFETY_RULES.map((rule) => (
          <li key={rule}>{t(`visits.safety.rules.${rule}`)}</li>
        ))}
      </ul>
    </section>
  );
}

/** The rules and the box that confirms them: required to request a visit and to accept one. */
export const SafetyRulesConfirmation = forwardRef<
  HTMLInputElement,
  { errorKey?: string | undefined } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>
>(function SafetyRulesConfirmation(props, ref) {
  const { t } = useTranslation();
  return (
    <>
      <SafetyRules />
      <CheckboxField ref={ref} label={t('visits.safety.confirm')} {...props} />
    </>
  );
});
