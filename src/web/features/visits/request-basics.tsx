import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { VISIT_MESSAGE_MAX_LENGTH, VISIT_PURPOSES } from '../../../shared/constants';
import type { MentorDetail } from '../../../shared/schemas/mentors';
import { ContactMaskWarning } from '../../components/contact-mask-warning';
import { SelectField, TextAreaField } from '../../components/form-fields';
import { AgendaFields, type WithAgenda } from './agenda-fields';

type WithBasics = WithAgenda & { purpose: string; message: string };

/**
 * What every way of asking an alumna for a visit asks alike — the purpose, the message and the
 * agenda — on the request form with proposed times and on the booking of one of her slots. A
 * request is always written before acceptance, so she reads the message masked (§7): the warning
 * says so as it is typed. `message` is the form's watched message (each page keeps its draft).
 */
export function RequestBasicsFields<Form extends WithBasics, Values>({
  form,
  mentor,
  message,
  purposeLabel,
}: {
  form: UseFormReturn<Form, unknown, Values>;
  mentor: Pick<MentorDetail, 'name' | 'topics'>;
  message: string;
  purposeLabel: string;
}) {
  const { t } = useTranslation();
  // Every such form has these fields under these names; the generic paths cannot see them.
  const basics = form as unknown as UseFormReturn<WithBasics>;
  const errors = basics.formState.errors;
  return (
    <>
      <SelectField
        label={purposeLabel}
        placeholder={t('visits.request.purposePlaceholder')}
        required
        errorKey={errors.purpose?.message}
        {...basics.register('purpose')}
      >
        {VISIT_PURPOSES.map((purpose) => (
          <option key={purpose} value={purpose}>
            {t(`visits.purposes.${purpose}`)}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label={t('visits.request.message')}
        hint={t('visits.request.messageHint', { max: VISIT_MESSAGE_MAX_LENGTH })}
        rows={8}
        required
        errorKey={errors.message?.message}
        counter={t('visits.request.counter', {
          count: message.length,
          max: VISIT_MESSAGE_MAX_LENGTH,
        })}
        counterOver={message.length > VISIT_MESSAGE_MAX_LENGTH}
        {...basics.register('message')}
      />
      <ContactMaskWarning text={message} message={t('thread.maskPreviewOther')} />
      <AgendaFields form={form} mentorName={mentor.name} topics={mentor.topics} />
    </>
  );
}
