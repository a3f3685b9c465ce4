import { forwardRef, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { GuidelinesLink } from '../employer-rules';
import { ConsultationDesk } from '../safety';
import { SafetyRulesConfirmation } from './safety-rules';

/**
 * What a student confirms and is told before she sends a request (the request form, a booked
 * slot): the meeting's safety rules to agree to, then that the desk exists, and that a report is
 * never told to the other side.
 */
export const RequestSafety = forwardRef<
  HTMLInputElement,
  ComponentProps<typeof SafetyRulesConfirmation>
>(function RequestSafety(props, ref) {
  const { t } = useTranslation();
  return (
    <>
      <SafetyRulesConfirmation ref={ref} {...props} />
      <div className="desk-request-note">
        <p>{t('desk.requestNote')}</p>
        <ConsultationDesk variant="compact" />
        <p>
          <GuidelinesLink />
        </p>
      </div>
    </>
  );
});
