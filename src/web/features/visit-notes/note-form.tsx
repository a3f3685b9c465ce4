import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useFieldArray, useForm, useWatch, type FieldError, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { JOB_TYPES, VISIT_NOTE_MAX_LENGTH, VISIT_NOTE_QA_MAX } from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import {
  visitNoteFormSchema,
  noteWords,
  visitNoteLength,
  type VisitNote,
  type VisitNoteForm,
  type VisitNoteForVisit,
} from '../../../shared/schemas/visit-notes';
import { errorMessage } from '../../api/error-message';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ContactMaskWarning } from '../../components/contact-mask-warning';
import { RowListFoot, SelectField, TextAreaField } from '../../components/form-fields';
import { SubmitButton } from '../../components/submit-button';
import { useToast } from '../../components/toast';
import { fieldErrorText } from '../../lib/field-error-text';
import { applyServerFieldErrors } from '../../lib/server-field-errors';
import { useSaveVisitNote, type NoteAbout } from './api';
import { visitNoteDrafts } from './note-draft';
import { goesBackOnSave } from './note-state';
import { SharingPanel } from './sharing-panel';
import { AuthorNameField } from './author-name-field';

type NoteValues = z.output<typeof visitNoteFormSchema>;
type Pair = VisitNoteForm['qa'][number];

const emptyPair = (): Pair => ({ question: '', answer: '' });

/**
 * The form's values for a saved note: one empty pair invites the first question. Whether her
 * name is shown is sent only when she changes it (the API keeps it, or names a new note).
 */
function valuesOf(note: VisitNote): VisitNoteForm {
  return {
    jobType: note.jobType,
    qa: note.qa.length > 0 ? note.qa.map((pair) => ({ ...pair })) : [emptyPair()],
    advice: note.advice,
  };
}

/** A new note starts from the questions she planned to ask (the request's agenda). */
function startingValues({ note, draft }: VisitNoteForVisit): VisitNoteForm {
  if (note) return valuesOf(note);
  const qa = draft.agendaQuestions
    .slice(0, VISIT_NOTE_QA_MAX)
    .map((question) => ({ question, answer: '' }));
  return { jobType: draft.jobType, qa: qa.length > 0 ? qa : [emptyPair()], advice: '' };
}

const written = (pair: Pair) => pair.question.trim() !== '' || pair.answer.trim() !== '';

/**
 * The form's field for a field the API named. The API counts the pairs sent, and blank pairs are
 * not sent, so its pair `n` is the n-th written row; `_` (the note as a whole) has no field.
 */
function noteFieldOf(field: string, rows: readonly Pair[]): Path<VisitNoteForm> | undefined {
  if (field === 'jobType' || field === 'advice') return field;
  const pair = /^qa(?:\.(\d+)(?:\.(question|answer))?)?$/.exec(field);
  if (!pair) return undefined;
  if (pair[1] === undefined) return 'qa.root' as Path<VisitNoteForm>;
  const rowsWritten = rows.flatMap((row, i) => (written(row) ? [i] : []));
  return `qa.${rowsWritten[Number(pair[1])] ?? 0}.${(pair[2] ?? 'question') as keyof Pair}`;
}

/**
 * The note's form, with its sharing panel once it exists. What she types is kept in this tab
 * until it is saved; saving a note the seminar has (or the alumna is reading) asks first, since
 * it goes back to the alumna and leaves the seminar's list until she consents again.
 */
export function NoteForm({
  about,
  found,
  userId,
}: {
  about: NoteAbout;
  found: VisitNoteForVisit;
  userId: string;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const save = useSaveVisitNote(about);
  // A visit's draft is kept by its id (as it always was); a 座談会's by its own.
  const requestId = about.kind === 'visit' ? about.id : `group-session:${about.id}`;
  const note = found.note;
  const form = useForm<VisitNoteForm, unknown, NoteValues>({
    resolver: zodResolver(visitNoteFormSchema),
    defaultValues: startingValues(found),
  });
  const pairs = useFieldArray({ control: form.control, name: 'qa' });
  const [qa, advice, authorNamed] = useWatch({
    control: form.control,
    name: ['qa', 'advice', 'authorNamed'],
  });
  const [confirming, setConfirming] = useState<NoteValues | null>(null);
  // Her name choice as last saved, until the note read again says it.
  const [savedNamed, setSavedNamed] = useState<boolean | null>(null);
  const errors = form.formState.errors;
  // Read while rendering, so that the form keeps it up to date for the save below.
  const { dirtyFields } = form.formState;

  // A draft left in this tab (a reload, a slip of the finger) comes back over the saved note,
  // as unsaved changes. Then every change she makes is kept until the note is saved.
  useEffect(() => {
    const kept = visitNoteDrafts.read(userId, requestId);
    if (kept) form.reset(kept, { keepDefaultValues: true });
    return form.subscribe({
      formState: { values: true },
      callback: ({ values, name }) => {
        // A reset (after saving, or the restore above) names no field: nothing typed to keep.
        if (name !== undefined) visitNoteDrafts.write(userId, requestId, values);
      },
    });
  }, [form, userId, requestId]);

  const length = visitNoteLength({ qa: qa ?? [], advice: advice ?? '' });
  const words = noteWords({ qa: qa ?? [], advice: advice ?? '' });
  // The note as a whole (empty, or over 3,000 characters): the schema's `_`, or the server's.
  const wholeError =
    (errors as Record<string, FieldError | undefined>)._?.message ?? errors.root?.message;
  const listError = errors.qa?.root?.message ?? errors.qa?.message;

  async function saveNote(values: NoteValues) {
    const rows = form.getValues('qa');
    try {
      const saved = await save.mutateAsync(values);
      setSavedNamed(saved.authorNamed);
      visitNoteDrafts.clear(userId, requestId);
      form.reset(valuesOf(saved));
      toast.success(t('visitNotes.editor.saved'));
    } catch (error) {
      let onTheNote = false;
      const onFields = applyServerFieldErrors(error, form.setError, {
        fieldOf: (field) => noteFieldOf(field, rows),
        // `_`, the note as a whole: said under the counter.
        onUnmapped: (_field, messageKey) => {
          form.setError('root', { message: messageKey });
          onTheNote = true;
        },
      });
      if (!onFields && !onTheNote) {
        toast.error(t('visitNotes.editor.saveFailed', { message: errorMessage(t, error) }));
      }
    }
  }

  const submit = form.handleSubmit((values) => {
    // Whether her name is shown is hers alone: changing only that does not go back to the alumna.
    const wordsChanged = Object.keys(dirtyFields).some((f) => f !== 'authorNamed');
    if (goesBackOnSave(note) && wordsChanged) setConfirming(values);
    else return saveNote(values);
  });

  return (
    <>
      {note ? (
        <SharingPanel
          note={note}
          unsaved={form.formState.isDirty}
          onDeleted={() => {
            visitNoteDrafts.clear(userId, requestId);
            void navigate(paths.myVisitNotes);
          }}
        />
      ) : null}
      <form className="vnote-form" onSubmit={(event) => void submit(event)} noValidate>
        <SelectField
          label={t('visitNotes.editor.jobType')}
          hint={t('visitNotes.editor.jobTypeHint')}
          placeholder={t('visitNotes.editor.jobTypeNone')}
          errorKey={errors.jobType?.message}
          {...form.register('jobType', { setValueAs: (value: string | null) => value || null })}
        >
          {JOB_TYPES.map((jobType) => (
            <option key={jobType} value={jobType}>
              {t(`profileFields.jobTypes.${jobType}`)}
            </option>
          ))}
        </SelectField>

        <fieldset className="field vnote-qa">
          <legend>{t('visitNotes.editor.qaLegend')}</legend>
          <p className="field-hint">{t('visitNotes.editor.qaHint', { max: VISIT_NOTE_QA_MAX })}</p>
          {pairs.fields.map((row, i) => (
            <div key={row.id} className="vnote-pair">
              <TextAreaField
                label={t('visitNotes.editor.question', { n: i + 1 })}
                rows={2}
                errorKey={errors.qa?.[i]?.question?.message}
                {...form.register(`qa.${i}.question`)}
              />
              <TextAreaField
                label={t('visitNotes.editor.answer', { n: i + 1 })}
                rows={4}
                errorKey={errors.qa?.[i]?.answer?.message}
                {...form.register(`qa.${i}.answer`)}
              />
              <button type="button" className="button button-link" onClick={() => pairs.remove(i)}>
                {t('visitNotes.editor.removePair', { n: i + 1 })}
              </button>
            </div>
          ))}
          <RowListFoot
            canAdd={pairs.fields.length < VISIT_NOTE_QA_MAX}
            addLabel={t('visitNotes.editor.addPair')}
            onAdd={() => pairs.append(emptyPair())}
            errorKey={listError}
          />
        </fieldset>

        <TextAreaField
          label={t('visitNotes.editor.advice')}
          hint={t('visitNotes.editor.adviceHint')}
          rows={6}
          errorKey={errors.advice?.message}
          {...form.register('advice')}
        />

        <p
          className={
            length > VISIT_NOTE_MAX_LENGTH ? 'field-counter field-counter-over' : 'field-counter'
          }
          aria-live="polite"
        >
          {t('visitNotes.editor.counter', {
            count: length.toLocaleString('ja-JP'),
            max: VISIT_NOTE_MAX_LENGTH.toLocaleString('ja-JP'),
          })}
        </p>
        <p className="field-error" role="alert" hidden={!wholeError}>
          {fieldErrorText(t, wholeError)}
        </p>
        <ContactMaskWarning text={words} message={t('visitNotes.editor.maskWarning')} />

        <AuthorNameField
          named={authorNamed ?? savedNamed ?? note?.authorNamed ?? true}
          onChange={(named) => form.setValue('authorNamed', named, { shouldDirty: true })}
        />

        <SubmitButton
          pending={save.isPending}
          label={t('visitNotes.editor.save')}
          pendingLabel={t('visitNotes.editor.saving')}
        />
        <p className="field-hint">{t('visitNotes.editor.draftKept')}</p>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('visitNotes.editor.resaveTitle')}
        cancelLabel={t('visitNotes.editor.cancel')}
        confirmLabel={t('visitNotes.editor.resaveConfirm')}
        pendingLabel={t('visitNotes.editor.saving')}
        pending={save.isPending}
        tone="primary"
        onConfirm={() => {
          const values = confirming;
          // The page behind shows how the save went (its fields, a toast): the dialog closes first.
          setConfirming(null);
          if (values) void saveNote(values);
        }}
      >
        <p>
          {t('visitNotes.editor.resaveBody', {
            name: note?.mentor.name ?? t('visitNotes.sharing.theMentor'),
          })}
        </p>
      </ConfirmDialog>
    </>
  );
}
