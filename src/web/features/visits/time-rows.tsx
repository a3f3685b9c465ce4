import { useId } from 'react';
import { useFieldArray, type UseFormRegisterReturn, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { VISIT_MAX_SLOTS } from '../../../shared/constants';
import { meetingTimeSchema } from '../../../shared/schemas/visit-requests';
import { VALIDATION } from '../../../shared/messages/validation-keys';
import { TextField } from '../../components/form-fields';

/**
 * One to three meeting times typed as rows of date-time fields: a student's preferred slots, or
 * the times one side proposes at once. A field array edits rows; the API takes the list.
 */

/** A row of the list, as react-hook-form's field array keeps it. */
export type TimeRow = { value: string };

/**
 * The rows as the shared schema checks the list, each error under its own row. A row left empty
 * is skipped (one was added and then not needed); at least one time is needed (`required`).
 */
export function timeRowsSchema(required: string) {
  return (
    z
      .array(z.object({ value: z.string().trim() }))
      .max(VISIT_MAX_SLOTS)
      // On the array itself, so the rows are checked even while other fields are wrong.
      .superRefine((rows, context) => {
        const seen = new Set<string>();
        rows.forEach((row, i) => {
          if (!row.value) return;
          const checked = meetingTimeSchema.safeParse(row.value);
          const message = checked.success
            ? seen.has(row.value) && VALIDATION.visitSlotDuplicate
            : checked.error.issues[0]?.message;
          if (message) context.addIssue({ code: 'custom', path: [i, 'value'], message });
          seen.add(row.value);
        });
        if (seen.size === 0) {
          context.addIssue({ code: 'custom', path: [0, 'value'], message: required });
        }
      })
      .transform((rows) => rows.filter((row) => row.value !== '').map((row) => row.value))
  );
}

/** The API's field for the list (`preferredSlots.1`, or the list as a whole) as its row's field. */
export function rowFieldOf(listField: string, field: string, rowsName: string): string | null {
  const row = new RegExp(`^${listField}(?:\\.(\\d+))?$`).exec(field);
  // The list as a whole (say, two equal times) is shown on the first row.
  return row ? `${rowsName}.${row[1] ?? 0}.value` : null;
}

/** The rows, with a button to add one while fewer than three and to remove any but the first. */
export function TimeRowsField({
  legend,
  hint,
  rowLabel,
  removeLabel,
  addLabel,
  rows,
  register,
  errorOf,
  onAdd,
  onRemove,
}: {
  legend: string;
  hint: string;
  rowLabel: (n: number) => string;
  removeLabel: (n: number) => string;
  addLabel: string;
  rows: { id: string }[];
  register: (index: number) => UseFormRegisterReturn;
  errorOf: (index: number) => string | undefined;
  onAdd: () => void;
  onRemove: (index: number) => void;
}) {
  const hintId = useId();
  return (
    <fieldset className="field slot-list" aria-describedby={hintId}>
      <legend>{legend}</legend>
      <p id={hintId} className="field-hint">
        {hint}
      </p>
      {rows.map((row, i) => (
        <div key={row.id} className="slot-row">
          <TextField
            type="datetime-local"
            label={rowLabel(i + 1)}
            required={i === 0}
            step={900}
            errorKey={errorOf(i)}
            {...register(i)}
          />
          {i > 0 && (
            <button type="button" className="button button-link" onClick={() => onRemove(i)}>
              {removeLabel(i + 1)}
            </button>
          )}
        </div>
      ))}
      {rows.length < VISIT_MAX_SLOTS && (
        <button type="button" className="button button-secondary" onClick={onAdd}>
          {addLabel}
        </button>
      )}
    </fieldset>
  );
}

/** A form with the rows of a proposal (the alumna's first answer, or a later proposal). */
type WithProposedTimes = { proposedTimes: TimeRow[] };

/** The times one side proposes at once (the other side accepts one of them). */
export function ProposedTimesField<Form extends WithProposedTimes, Values>({
  form,
}: {
  form: UseFormReturn<Form, unknown, Values>;
}) {
  const { t } = useTranslation();
  // Every such form has the rows under this one name; the generic paths cannot see it.
  const rowsForm = form as unknown as UseFormReturn<WithProposedTimes>;
  const rows = useFieldArray({ control: rowsForm.control, name: 'proposedTimes' });
  const errors = rowsForm.formState.errors.proposedTimes;
  return (
    <TimeRowsField
      legend={t('visits.proposal.times')}
      hint={`${t('visits.proposal.timesHint')} ${t('visits.request.slotsHint')}`}
      rowLabel={(n) => t('visits.proposal.timeLabel', { n })}
      removeLabel={(n) => t('visits.proposal.removeTime', { n })}
      addLabel={t('visits.proposal.addTime')}
      rows={rows.fields}
      register={(i) => rowsForm.register(`proposedTimes.${i}.value`)}
      errorOf={(i) => errors?.[i]?.value?.message}
      onAdd={() => rows.append({ value: '' })}
      onRemove={rows.remove}
    />
  );
}
