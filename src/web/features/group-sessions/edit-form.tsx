import { useId, useState } from 'react';
import { useForm, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  GROUP_SESSION_SEATS_MAX,
  groupSessionEditSchema,
  type GroupSessionView,
} from '../../../shared/schemas/group-sessions';
import { errorMessage } from '../../api/error-message';
import { TextField } from '../../components/form-fields';
import { SubmitButton } from '../../components/submit-button';
import { applyServerFieldErrors } from '../../lib/server-field-errors';
import { useEditGroupSession } from './api';
import { SessionAboutFields } from './about-fields';

interface EditValues {
  title: string;
  description: string;
  topics: string[];
  seats: number;
  meetingUrl: string;
  meetingPlace: string;
}

/**
 * 「内容を編集」 on a 座談会's page, for its alumna and the admins until it starts: the place's words
 * or the meeting URL (given later, as the form that opened it promised), what it is called and
 * covers, and more seats. Its time, format and audience are what students signed up for: the form
 * says to cancel and open a new one instead. Only what changed is sent (the server checks it all).
 */
export function GroupSessionEditForm({ view }: { view: GroupSessionView }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const editable = view.state === 'open' || view.state === 'full' || view.state === 'closed';
  if (view.as === 'student' || !editable) return null;
  return (
    <section className="group-session-edit" aria-labelledby={editing ? headingId : undefined}>
      {saved ? (
        <p className="notice notice-success" role="status">
          {t('groupSessions.editing.saved')}
        </p>
      ) : null}
      {editing ? (
        <EditFields
          view={view}
          headingId={headingId}
          onDone={(changed) => {
            setEditing(false);
            setSaved(changed);
          }}
        />
      ) : (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            setSaved(false);
            setEditing(true);
          }}
        >
          {t('groupSessions.editing.open')}
        </button>
      )}
    </section>
  );
}

function EditFields({
  view,
  headingId,
  onDone,
}: {
  view: GroupSessionView;
  headingId: string;
  onDone: (changed: boolean) => void;
}) {
  const { t } = useTranslation();
  const save = useEditGroupSession(view.id);
  const form = useForm<EditValues>({
    defaultValues: {
      title: view.title,
      description: view.description,
      topics: [...view.topics],
      seats: view.seats,
      meetingUrl: view.meetingUrl ?? '',
      meetingPlace: view.meetingPlace ?? '',
    },
  });
  const errors = form.formState.errors;
  const description = useWatch({ control: form.control, name: 'description' }) ?? '';
  const online = view.meetingFormat === 'online';

  async function submit(values: EditValues) {
    const edit = changesOf(view, values);
    const checked = groupSessionEditSchema.safeParse(edit);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        form.setError(String(issue.path[0]) as Path<EditValues>, { message: issue.message });
      }
      return;
    }
    if (Object.keys(checked.data).length === 0) {
      onDone(false);
      return;
    }
    try {
      await save.mutateAsync(checked.data);
      onDone(true);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, { shouldFocus: true });
    }
  }

  return (
    <form onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate>
      <h2 id={headingId}>{t('groupSessions.editing.title')}</h2>
      <p>{t('groupSessions.editing.lead')}</p>
      <p className="notice notice-info">{t('groupSessions.editing.fixed')}</p>
      <SessionAboutFields
        inputs={{
          title: form.register('title'),
          description: form.register('description'),
          topics: form.register('topics'),
        }}
        errors={{
          title: errors.title?.message,
          description: errors.description?.message,
          topics: errors.topics?.message ?? errors.topics?.root?.message,
        }}
        descriptionLength={description.length}
      />
      {online ? (
        <TextField
          label={t('groupSessions.form.meetingUrl')}
          hint={t('groupSessions.form.meetingUrlHint')}
          type="url"
          inputMode="url"
          autoComplete="off"
          errorKey={errors.meetingUrl?.message}
          {...form.register('meetingUrl')}
        />
      ) : (
        <>
          {view.placeKind ? (
            <p className="muted">
              {t('groupSessions.editing.placeKind', {
                kind: t(`groupSessions.placeKinds.${view.placeKind}`),
              })}
            </p>
          ) : null}
          <TextField
            label={t('groupSessions.form.meetingPlace')}
            hint={t('groupSessions.form.meetingPlaceHint')}
            autoComplete="off"
            errorKey={errors.meetingPlace?.message}
            {...form.register('meetingPlace')}
          />
        </>
      )}
      <TextField
        type="number"
        inputMode="numeric"
        min={view.seats}
        max={GROUP_SESSION_SEATS_MAX}
        label={t('groupSessions.form.seats')}
        hint={t('groupSessions.editing.seatsHint', { seats: view.seats })}
        errorKey={errors.seats?.message}
        {...form.register('seats', { valueAsNumber: true })}
      />
      {save.error ? (
        <p className="notice notice-error" role="alert">
          {t('groupSessions.editing.failed', { message: errorMessage(t, save.error) })}
        </p>
      ) : null}
      <SubmitButton
        pending={save.isPending}
        label={t('groupSessions.editing.save')}
        pendingLabel={t('groupSessions.editing.saving')}
      />
      <p className="edit-cancel">
        <button
          type="button"
          className="button button-secondary button-block"
          onClick={() => onDone(false)}
        >
          {t('groupSessions.editing.cancel')}
        </button>
      </p>
    </form>
  );
}

/**
 * What the form changes, field by field: a field left as it was is not sent, nor an empty URL
 * or place that was never given (one given and emptied is sent, and refused: never emptied).
 */
function changesOf(view: GroupSessionView, values: EditValues): Record<string, unknown> {
  const edit: Record<string, unknown> = {};
  if (values.title !== view.title) edit.title = values.title;
  if (values.description !== view.description) edit.description = values.description;
  const topics = values.topics;
  const had: readonly string[] = view.topics;
  if (topics.length !== view.topics.length || topics.some((topic) => !had.includes(topic))) {
    edit.topics = topics;
  }
  if (values.seats !== view.seats) edit.seats = Number.isNaN(values.seats) ? 0 : values.seats;
  const field = view.meetingFormat === 'online' ? 'meetingUrl' : 'meetingPlace';
  const before = view[field] ?? '';
  if (values[field].trim() !== before) {
    edit[field] = values[field];
  }
  return edit;
}
