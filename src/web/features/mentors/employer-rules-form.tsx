import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { VALIDATION } from '../../../shared/messages/validation-keys';
import {
  EMPLOYER_DESK_CONTACT_MAX_LENGTH,
  EMPLOYER_DESK_NAME_MAX_LENGTH,
  employerRulesSchema,
  hasEmployerRules,
  type EmployerRules,
} from '../../../shared/schemas/employer-rules';
import { errorMessage } from '../../api/error-message';
import {
  CheckboxField,
  RadioGroupField,
  SelectField,
  TextField,
} from '../../components/form-fields';
import { SubmitButton } from '../../components/submit-button';
import { useToast } from '../../components/toast';
import { applyServerFieldErrors } from '../../lib/server-field-errors';
import { useSaveEmployerRules } from './employer-rules-api';

/**
 * The end times she may choose, on the half hour: 9:00 (an hour from the site's earliest start)
 * to 20:30 (21:00 is the site's own rule, 指定なし).
 */
const LATEST_END_CHOICES: readonly string[] = Array.from({ length: 24 }, (_, i) => {
  const minutes = 9 * 60 + i * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${minutes % 60 === 0 ? '00' : '30'}`;
});

/** オンラインのみ and 対面は社内のみ exclude each other: one choice of three. */
const FORMATS = ['none', 'onlineOnly', 'premisesOnly'] as const;
const FORMAT_LABEL = {
  none: 'employerRules.formatNone',
  onlineOnly: 'employerRules.formatOnlineOnly',
  premisesOnly: 'employerRules.formatPremisesOnly',
} as const;

/**
 * The form's values as its controls hold them, turned into the shared rules (an empty field is
 * "not recorded", null) and checked by the shared schema, as the server checks them.
 */
const formSchema = z
  .object({
    format: z.enum(FORMATS),
    latestEnd: z.string(),
    noAlcohol: z.boolean(),
    deskName: z.string(),
    deskContact: z.string(),
  })
  .superRefine((value, context) => {
    // A contact without a name would show no desk to students (hasEmployerRules asks the name).
    if (value.deskContact.trim() !== '' && value.deskName.trim() === '') {
      context.addIssue({
        code: 'custom',
        path: ['deskName'],
        message: VALIDATION.employerDeskNameRequired,
      });
    }
    if (value.deskName.trim().length > EMPLOYER_DESK_NAME_MAX_LENGTH) {
      context.addIssue({ code: 'custom', path: ['deskName'], message: VALIDATION.deskNameTooLong });
    }
  })
  .transform((value): EmployerRules => ({
    onlineOnly: value.format === 'onlineOnly',
    premisesOnly: value.format === 'premisesOnly',
    latestEnd: value.latestEnd === '' ? null : value.latestEnd,
    noAlcohol: value.noAlcohol,
    deskName: value.deskName.trim() === '' ? null : value.deskName.trim(),
    deskContact: value.deskContact.trim() === '' ? null : value.deskContact.trim(),
  }))
  .pipe(employerRulesSchema);
type RulesForm = z.input<typeof formSchema>;

function formValuesOf(rules: EmployerRules): RulesForm {
  return {
    format: rules.onlineOnly ? 'onlineOnly' : rules.premisesOnly ? 'premisesOnly' : 'none',
    latestEnd: rules.latestEnd ?? '',
    noAlcohol: rules.noAlcohol,
    deskName: rules.deskName ?? '',
    deskContact: rules.deskContact ?? '',
  };
}

/**
 * 「勤務先のOG訪問ルール」 on her own profile (issue 54, point 9): how visits take place, the end
 * time, no alcohol and her employer's desk, saved on their own; her slots, acceptances and
 * proposals then keep them and students read them.
 */
export function EmployerRulesForm({ rules }: { rules: EmployerRules }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveEmployerRules();
  const form = useForm<RulesForm, unknown, EmployerRules>({
    resolver: zodResolver(formSchema),
    defaultValues: formValuesOf(rules),
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      form.reset(formValuesOf(saved.employerRules));
      toast.success(
        hasEmployerRules(saved.employerRules)
          ? t('employerRules.saved')
          : t('employerRules.savedNone'),
      );
    } catch (error) {
      toast.error(t('employerRules.failed', { message: errorMessage(t, error) }));
      applyServerFieldErrors(error, form.setError, {
        fieldOf: (field) =>
          (field === 'onlineOnly' || field === 'premisesOnly'
            ? 'format'
            : field) as keyof RulesForm,
      });
    }
  });

  return (
    <section aria-labelledby="employer-rules-title" className="employer-rules-settings">
      <h2 id="employer-rules-title">{t('employerRules.title')}</h2>
      <p>{t('employerRules.lead')}</p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <RadioGroupField
          legend={t('employerRules.format')}
          errorKey={errors.format?.message}
          options={FORMATS.map((format) => ({ value: format, label: t(FORMAT_LABEL[format]) }))}
          inputProps={form.register('format')}
        />
        <SelectField
          label={t('employerRules.latestEnd')}
          hint={t('employerRules.latestEndHint')}
          errorKey={errors.latestEnd?.message}
          {...form.register('latestEnd')}
        >
          <option value="">{t('employerRules.latestEndNone')}</option>
          {LATEST_END_CHOICES.map((time) => (
            <option key={time} value={time}>
              {t('employerRules.latestEndOption', { time })}
            </option>
          ))}
        </SelectField>
        <CheckboxField
          label={t('employerRules.noAlcohol')}
          errorKey={errors.noAlcohol?.message}
          {...form.register('noAlcohol')}
        />
        <fieldset
          className="plain-fieldset employer-desk-fields"
          aria-describedby="employer-desk-hint"
        >
          <legend>{t('employerRules.deskTitle')}</legend>
          <p id="employer-desk-hint" className="field-hint">
            {t('employerRules.deskHint')}
          </p>
          <TextField
            label={t('employerRules.deskName')}
            placeholder={t('employerRules.deskNamePlaceholder')}
            autoComplete="off"
            errorKey={errors.deskName?.message}
            {...form.register('deskName')}
          />
          <TextField
            label={t('employerRules.deskContact')}
            placeholder={t('employerRules.deskContactPlaceholder')}
            // Longer cannot be typed (the server refuses it too, under the field).
            maxLength={EMPLOYER_DESK_CONTACT_MAX_LENGTH}
            autoComplete="off"
            errorKey={errors.deskContact?.message}
            {...form.register('deskContact')}
          />
        </fieldset>
        <SubmitButton
          pending={save.isPending}
          label={t('employerRules.save')}
          pendingLabel={t('employerRules.saving')}
        />
      </form>
    </section>
  );
}
