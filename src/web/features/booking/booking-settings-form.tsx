import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useMemo } from 'react';
import { useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  AVAILABILITY_RULES_MAX,
  BOOKING_AHEAD_DAYS,
  BOOKING_BUFFER_MINUTES,
  BOOKING_NOTICE_HOURS,
  SLOT_MINUTES,
} from '../../../shared/constants';
import type { EmployerRules } from '../../../shared/schemas/employer-rules';
import { VALIDATION } from '../../../shared/messages/validation-keys';
import {
  bookingSettingsSchema,
  type BookingSettingsForm as BookingSettings,
  type BookingView,
} from '../../../shared/schemas/booking';
import { errorMessage } from '../../api/error-message';
import { CheckboxField, SelectField } from '../../components/form-fields';
import { SubmitButton } from '../../components/submit-button';
import { useToast } from '../../components/toast';
import { fieldErrorText } from '../../lib/field-error-text';
import { applyServerFieldErrors } from '../../lib/server-field-errors';
import { SafetyRulesConfirmation, windowBreach } from '../visits';
import { useSaveBooking } from './api';
import {
  bookingBodyOf,
  formValuesOf,
  newDateRule,
  newDayOff,
  newWeeklyRule,
  type BookingFormValues,
} from './booking-form-values';
import { RuleRows } from './window-rows';

const NOTICE_LABEL = {
  48: 'booking.form.noticeOptions.h48',
  72: 'booking.form.noticeOptions.h72',
  96: 'booking.form.noticeOptions.h96',
  168: 'booking.form.noticeOptions.h168',
} as const satisfies Record<(typeof BOOKING_NOTICE_HOURS)[number], string>;

/**
 * The shared settings, and the meeting rules confirmed when 自動で承諾 is being turned on, as the
 * server asks (checked here too, whatever else is wrong, so she sees it at once).
 */
function settingsSchema(autoAcceptSaved: boolean, employerRules: EmployerRules | null) {
  return bookingSettingsSchema
    .refine((values) => autoAcceptSaved || !values.autoAccept || values.rulesConfirmed === true, {
      message: VALIDATION.autoAcceptRulesRequired,
      path: ['rulesConfirmed'],
      when: () => true,
    })
    .superRefine((values, context) => {
      // As the server: turning booking off is saved whatever her windows, so she can stop at once.
      if (values.bookingEnabled) windowsKeepRules(employerRules, values.rules, context);
    });
}

/**
 * Her windows checked against her employer's rules (issue 54, point 9), each under its own
 * field: the server refuses the same (visit/employer-rule-*), this says where before she saves.
 */
function windowsKeepRules(
  employerRules: EmployerRules | null,
  rules: BookingSettings['rules'],
  context: z.RefinementCtx,
) {
  if (!employerRules) return;
  rules.forEach((rule, i) => {
    if (rule.kind === 'day_off') return;
    const breach = windowBreach(employerRules, rule);
    if (breach) {
      const field = { onlineOnly: 'meetingFormat', premisesOnly: 'placeKind', latestEnd: 'end' }[
        breach
      ];
      context.addIssue({
        code: 'custom',
        path: ['rules', i, field],
        message: VALIDATION.employerRule,
      });
    }
  });
}

const SETTINGS_FIELDS = new Set<string>([
  'bookingEnabled',
  'slotMinutes',
  'noticeHours',
  'aheadDays',
  'bufferMinutes',
  'onHolidays',
  'autoAccept',
  'rulesConfirmed',
]);

/**
 * The form's field for a field the server named: its own names, and a row's field as it is
 * (`rules.0.end`); a row or the list as a whole is said over the lists.
 */
export function bookingFieldOf(field: string): Path<BookingFormValues> | undefined {
  if (SETTINGS_FIELDS.has(field)) return field as Path<BookingFormValues>;
  if (/^rules\.\d+\.\w+$/.test(field)) return field as Path<BookingFormValues>;
  if (/^rules(\.\d+)?$/.test(field)) return 'rules';
  return undefined;
}

/**
 * 予約枠の設定: whether her slots are published, their length, notice, reach, the time kept
 * around her visits, holidays, 自動で承諾, and her weekly windows, one-off dates and days off,
 * saved at once.
 */
export function BookingSettingsForm({
  view,
  employerRules = null,
}: {
  view: BookingView;
  /** Her employer's rules, which her windows keep (null: none recorded, or not read). */
  employerRules?: EmployerRules | null;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveBooking();
  const resolver = useMemo(
    () => zodResolver(settingsSchema(view.autoAccept, employerRules)),
    [view.autoAccept, employerRules],
  );
  const form = useForm<BookingFormValues, unknown, BookingSettings>({
    resolver,
    defaultValues: formValuesOf(view),
  });
  const rules = useFieldArray({ control: form.control, name: 'rules' });
  const autoAccept = useWatch({ control: form.control, name: 'autoAccept' });
  const turningOnAutoAccept = autoAccept === true && !view.autoAccept;
  const errors = form.formState.errors;
  const listError = errors.rules?.root?.message ?? errors.rules?.message;
  const canAdd = rules.fields.length < AVAILABILITY_RULES_MAX;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(
        bookingBodyOf(values, values.autoAccept && !view.autoAccept),
      );
      form.reset(formValuesOf(saved));
      toast.success(
        saved.misfits.length > 0 ? t('booking.form.savedWithMisfits') : t('booking.form.saved'),
      );
    } catch (error) {
      const placed = applyServerFieldErrors(error, form.setError, {
        fieldOf: bookingFieldOf,
        shouldFocus: true,
      });
      toast.error(
        placed
          ? t('booking.form.checkFields')
          : t('booking.form.failed', { message: errorMessage(t, error) }),
      );
    }
  });

  const rowsProps = {
    form,
    employerRules,
    fields: rules.fields,
    canAdd,
    onRemove: rules.remove,
  };

  return (
    <form className="booking-form" onSubmit={(event) => void submit(event)} noValidate>
      <CheckboxField
        label={t('booking.form.publish')}
        errorKey={errors.bookingEnabled?.message}
        aria-describedby="booking-publish-hint"
        {...form.register('bookingEnabled')}
      />
      <p id="booking-publish-hint" className="field-hint booking-checkbox-hint">
        {t('booking.form.publishHint')}
      </p>

      <div className="booking-choices">
        <SelectField
          label={t('booking.form.slotMinutes')}
          errorKey={errors.slotMinutes?.message}
          {...form.register('slotMinutes', { valueAsNumber: true })}
        >
          {SLOT_MINUTES.map((minutes) => (
            <option key={minutes} value={minutes}>
              {t('booking.form.minutes', { count: minutes })}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('booking.form.notice')}
          hint={t('booking.form.noticeHint')}
          errorKey={errors.noticeHours?.message}
          {...form.register('noticeHours', { valueAsNumber: true })}
        >
          {BOOKING_NOTICE_HOURS.map((hours) => (
            <option key={hours} value={hours}>
              {t(NOTICE_LABEL[hours])}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('booking.form.ahead')}
          errorKey={errors.aheadDays?.message}
          {...form.register('aheadDays', { valueAsNumber: true })}
        >
          {BOOKING_AHEAD_DAYS.map((days) => (
            <option key={days} value={days}>
              {t('booking.form.aheadOption', { count: days })}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('booking.form.buffer')}
          hint={t('booking.form.bufferHint')}
          errorKey={errors.bufferMinutes?.message}
          {...form.register('bufferMinutes', { valueAsNumber: true })}
        >
          {BOOKING_BUFFER_MINUTES.map((minutes) => (
            <option key={minutes} value={minutes}>
              {minutes === 0
                ? t('booking.form.bufferNone')
                : t('booking.form.minutes', { count: minutes })}
            </option>
          ))}
        </SelectField>
      </div>

      <CheckboxField
        label={t('booking.form.onHolidays')}
        errorKey={errors.onHolidays?.message}
        {...form.register('onHolidays')}
      />

      <RuleRows
        {...rowsProps}
        kind="weekly"
        onAdd={() => rules.append(newWeeklyRule(form.getValues('rules')))}
      />
      <RuleRows {...rowsProps} kind="date" onAdd={() => rules.append(newDateRule())} />
      <RuleRows {...rowsProps} kind="day_off" onAdd={() => rules.append(newDayOff())} />
      {canAdd ? null : (
        <p className="notice notice-info">
          {t('booking.windows.maxReached', { max: AVAILABILITY_RULES_MAX })}
        </p>
      )}
      <p className="field-error" role="alert" hidden={!listError}>
        {fieldErrorText(t, listError)}
      </p>

      <CheckboxField
        label={t('booking.form.autoAccept')}
        errorKey={errors.autoAccept?.message}
        aria-describedby="booking-auto-accept-hint"
        {...form.register('autoAccept')}
      />
      <p id="booking-auto-accept-hint" className="field-hint booking-checkbox-hint">
        {t('booking.form.autoAcceptHint')}
      </p>
      {turningOnAutoAccept ? (
        <div className="booking-auto-accept-rules">
          <p>{t('booking.form.autoAcceptRules')}</p>
          <SafetyRulesConfirmation
            errorKey={errors.rulesConfirmed?.message}
            {...form.register('rulesConfirmed')}
          />
        </div>
      ) : null}

      <SubmitButton
        pending={save.isPending}
        label={t('booking.form.save')}
        pendingLabel={t('booking.form.saving')}
      />
    </form>
  );
}
