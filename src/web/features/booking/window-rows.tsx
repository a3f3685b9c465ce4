import {
  get,
  useFormState,
  useWatch,
  type FieldArrayWithId,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { WINDOW_FORMATS } from '../../../shared/constants';
import { tokyoToday, WINDOW_PLACE_KINDS } from '../../../shared/schemas/booking';
import type { BookingSettingsForm } from '../../../shared/schemas/booking';
import type { EmployerRules } from '../../../shared/schemas/employer-rules';
import { SelectField, TextField } from '../../components/form-fields';
import { EmployerRuleNote } from '../employer-rules';
import type { BookingFormValues, RuleValues } from './booking-form-values';

type Form = UseFormReturn<BookingFormValues, unknown, BookingSettingsForm>;
type RuleField = FieldArrayWithId<BookingFormValues, 'rules'>;

/** Monday first, as a Japanese week is read; the values are the API's (0 = Sunday). */
const WEEKDAYS = [
  [1, 'booking.windows.weekdays.mon'],
  [2, 'booking.windows.weekdays.tue'],
  [3, 'booking.windows.weekdays.wed'],
  [4, 'booking.windows.weekdays.thu'],
  [5, 'booking.windows.weekdays.fri'],
  [6, 'booking.windows.weekdays.sat'],
  [0, 'booking.windows.weekdays.sun'],
] as const;

const FORMAT_LABEL = {
  online: 'booking.windows.formats.online',
  in_person: 'booking.windows.formats.in_person',
  either: 'booking.windows.formats.either',
} as const;

/** The texts of each list: weekly windows, one-off dates, days off. */
const SECTION = {
  weekly: {
    title: 'booking.weekly.title',
    hint: 'booking.weekly.hint',
    row: 'booking.weekly.row',
    remove: 'booking.weekly.remove',
    removeLabel: 'booking.weekly.removeLabel',
    add: 'booking.weekly.add',
    empty: 'booking.weekly.empty',
  },
  date: {
    title: 'booking.dates.title',
    hint: 'booking.dates.hint',
    row: 'booking.dates.row',
    remove: 'booking.dates.remove',
    removeLabel: 'booking.dates.removeLabel',
    add: 'booking.dates.add',
    empty: 'booking.dates.empty',
  },
  day_off: {
    title: 'booking.daysOff.title',
    hint: 'booking.daysOff.hint',
    row: 'booking.daysOff.row',
    remove: 'booking.daysOff.remove',
    removeLabel: 'booking.daysOff.removeLabel',
    add: 'booking.daysOff.add',
    empty: 'booking.daysOff.empty',
  },
} as const;

/** The error key the form holds at a path (the resolver's, or the server's placed there). */
function useErrorAt(form: Form) {
  const { errors } = useFormState({ control: form.control });
  return (path: string): string | undefined =>
    (get(errors, path) as { message?: string } | undefined)?.message;
}

/**
 * When, how and where of a window: from–to in 15-minute steps, online / in person / either, and
 * for in person the kind of place and an optional place text.
 */
function MeetingFields({
  form,
  index,
  employerRules,
}: {
  form: Form;
  index: number;
  employerRules: EmployerRules | null;
}) {
  const { t } = useTranslation();
  // Her employer's rules (issue 54, point 9): in person not offered when online only, a place
  // other than her office not offered when in person is on the premises only, no end after hers.
  const onlineOnly = employerRules?.onlineOnly === true;
  const premisesOnly = employerRules?.premisesOnly === true;
  const latestEnd = employerRules?.latestEnd ?? null;
  const errorAt = useErrorAt(form);
  const name = `rules.${index}` as const;
  const format = useWatch({ control: form.control, name: `${name}.meetingFormat` });
  return (
    <>
      <TextField
        type="time"
        step={900}
        min="08:00"
        max="21:00"
        label={t('booking.windows.start')}
        errorKey={errorAt(`${name}.start`)}
        {...form.register(`${name}.start`)}
      />
      <TextField
        type="time"
        step={900}
        min="08:00"
        max={latestEnd ?? '21:00'}
        label={t('booking.windows.end')}
        errorKey={errorAt(`${name}.end`)}
        {...form.register(`${name}.end`)}
      />
      <SelectField
        label={t('booking.windows.format')}
        errorKey={errorAt(`${name}.meetingFormat`)}
        {...form.register(`${name}.meetingFormat`, {
          // A place chosen before she chose online is not hers to keep (nor to check).
          onChange: (event: { target: { value: string } }) => {
            if (event.target.value !== 'online') return;
            form.setValue(`${name}.placeKind`, null);
            form.setValue(`${name}.meetingPlace`, '');
          },
        })}
      >
        {WINDOW_FORMATS.map((value) => (
          <option key={value} value={value} disabled={onlineOnly && value !== 'online'}>
            {t(FORMAT_LABEL[value])}
          </option>
        ))}
      </SelectField>
      {format && format !== 'online' ? (
        <div className="booking-rule-place">
          <SelectField
            label={t('booking.windows.placeKind')}
            placeholder={t('booking.windows.placeKindPlaceholder')}
            errorKey={errorAt(`${name}.placeKind`)}
            {...form.register(`${name}.placeKind`, {
              setValueAs: (value: string | null) => value || null,
            })}
          >
            {WINDOW_PLACE_KINDS.map((kind) => (
              <option key={kind} value={kind} disabled={premisesOnly && kind !== 'office'}>
                {t(`visits.place.kinds.${kind}`)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('booking.windows.place')}
            placeholder={t('booking.windows.placePlaceholder')}
            autoComplete="off"
            errorKey={errorAt(`${name}.meetingPlace`)}
            {...form.register(`${name}.meetingPlace`)}
          />
        </div>
      ) : null}
    </>
  );
}

/** Under a window's fields: which choices her employer's rules leave out, and why. */
function WindowRuleNotes({ employerRules }: { employerRules: EmployerRules | null }) {
  if (!employerRules) return null;
  return (
    <>
      <EmployerRuleNote
        rules={employerRules}
        breach={employerRules.onlineOnly ? 'onlineOnly' : null}
      />
      <EmployerRuleNote
        rules={employerRules}
        breach={employerRules.premisesOnly ? 'premisesOnly' : null}
      />
      <EmployerRuleNote
        rules={employerRules}
        breach={employerRules.latestEnd ? 'latestEnd' : null}
      />
    </>
  );
}

/** One row: the weekday or the date, then the window's fields (a day off has only its date). */
function RuleRow({
  form,
  index,
  kind,
  legend,
  removeText,
  removeLabel,
  onRemove,
  employerRules,
}: {
  form: Form;
  index: number;
  employerRules: EmployerRules | null;
  kind: RuleValues['kind'];
  legend: string;
  removeText: string;
  removeLabel: string;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const errorAt = useErrorAt(form);
  return (
    <fieldset className="booking-rule">
      <legend>{legend}</legend>
      <div className="booking-rule-fields">
        {kind === 'weekly' ? (
          <SelectField
            label={t('booking.windows.weekday')}
            errorKey={errorAt(`rules.${index}.weekday`)}
            {...form.register(`rules.${index}.weekday`, { valueAsNumber: true })}
          >
            {WEEKDAYS.map(([value, label]) => (
              <option key={value} value={value}>
                {t(label)}
              </option>
            ))}
          </SelectField>
        ) : (
          <TextField
            type="date"
            min={tokyoToday()}
            label={t('booking.windows.day')}
            errorKey={errorAt(`rules.${index}.day`)}
            {...form.register(`rules.${index}.day`)}
          />
        )}
        {kind === 'day_off' ? null : (
          <MeetingFields form={form} index={index} employerRules={employerRules} />
        )}
      </div>
      {kind === 'day_off' ? null : <WindowRuleNotes employerRules={employerRules} />}
      <button
        type="button"
        className="button button-link booking-rule-remove"
        aria-label={removeLabel}
        onClick={onRemove}
      >
        {removeText}
      </button>
    </fieldset>
  );
}

/**
 * The rows of one kind, taken from the form's single list of rules (so the server's
 * `rules.3.end` is the form's own field), with a button to add one.
 */
export function RuleRows({
  form,
  kind,
  fields,
  canAdd,
  onAdd,
  onRemove,
  employerRules,
}: {
  form: Form;
  /** Her employer's rules, which every window keeps. */
  employerRules: EmployerRules | null;
  kind: RuleValues['kind'];
  fields: RuleField[];
  canAdd: boolean;
  onAdd: () => void;
  onRemove: (index: number) => void;
}) {
  const { t } = useTranslation();
  const texts = SECTION[kind];
  const rows = fields
    .map((field, index) => ({ field, index }))
    .filter(({ field }) => field.kind === kind);
  const hintId = `booking-${kind}-hint`;
  return (
    <fieldset className="booking-rules" aria-describedby={hintId}>
      <legend>{t(texts.title)}</legend>
      <p id={hintId} className="field-hint">
        {t(texts.hint)}
      </p>
      {rows.length === 0 ? <p className="muted">{t(texts.empty)}</p> : null}
      {rows.map(({ field, index }, n) => (
        <RuleRow
          key={field.id}
          form={form}
          index={index}
          employerRules={employerRules}
          kind={kind}
          legend={t(texts.row, { n: n + 1 })}
          removeText={t(texts.remove)}
          removeLabel={t(texts.removeLabel, { n: n + 1 })}
          onRemove={() => onRemove(index)}
        />
      ))}
      {canAdd ? (
        <button type="button" className="button button-secondary" onClick={onAdd}>
          {t(texts.add)}
        </button>
      ) : null}
    </fieldset>
  );
}
