import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MENTOR_TOPICS } from '../../../shared/constants';
import {
  GROUP_SESSION_DESCRIPTION_MAX_LENGTH,
  GROUP_SESSION_TITLE_MAX_LENGTH,
} from '../../../shared/schemas/group-sessions';
import { TextAreaField, TextField } from '../../components/form-fields';
import { CheckboxesField } from './checkboxes-field';

/**
 * What a 座談会 is called and covers (its title, description and topics): the fields of the form
 * that opens one and of the one that edits it, each form's own inputs and errors passed in.
 */
export function SessionAboutFields({
  inputs,
  errors,
  descriptionLength,
}: {
  inputs: Record<'title' | 'description' | 'topics', UseFormRegisterReturn>;
  errors: Partial<Record<'title' | 'description' | 'topics', string | undefined>>;
  descriptionLength: number;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t('groupSessions.form.name')}
        placeholder={t('groupSessions.form.namePlaceholder')}
        maxLength={GROUP_SESSION_TITLE_MAX_LENGTH * 2}
        autoComplete="off"
        errorKey={errors.title}
        {...inputs.title}
      />
      <TextAreaField
        label={t('groupSessions.form.description')}
        hint={t('groupSessions.form.descriptionHint')}
        rows={5}
        errorKey={errors.description}
        counter={t('groupSessions.form.descriptionCounter', {
          count: descriptionLength,
          max: GROUP_SESSION_DESCRIPTION_MAX_LENGTH,
        })}
        counterOver={descriptionLength > GROUP_SESSION_DESCRIPTION_MAX_LENGTH}
        {...inputs.description}
      />
      <CheckboxesField
        legend={t('groupSessions.form.topics')}
        hint={t('groupSessions.form.topicsHint')}
        errorKey={errors.topics}
        options={MENTOR_TOPICS.map((topic) => ({
          value: topic,
          label: t(`profileFields.topicLabels.${topic}`),
        }))}
        inputProps={inputs.topics}
      />
    </>
  );
}
