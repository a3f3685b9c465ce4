import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useFieldArray, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { universityInputSchema, type AdminUniversity } from '../../../shared/schemas/admin';
import { errorMessage } from '../../api/error-message';
import { useDocumentTitle } from '../../lib/document-title';
import { TextField } from '../../components/form-fields';
import { RowsSkeleton } from '../../components/skeletons';
import { SubmitButton } from '../../components/submit-button';
import { useToast } from '../../components/toast';
import {
  adminUniversitiesQuery,
  useCreateUniversity,
  useSetUniversityRetired,
  useUpdateUniversity,
} from './api';
import { ConfirmDialog, type ConfirmRequest } from '../../components/confirm-dialog';
import { applyServerFieldErrors } from '../../lib/server-field-errors';
import { fieldErrorText } from '../../lib/field-error-text';
import './admin.css';

/**
 * The form keeps one field per domain (react-hook-form's field arrays hold objects); the
 * shared schema, the one the server applies, then checks the list it becomes.
 */
const universityFormSchema = z
  .object({
    name: z.string(),
    // As the shared schema takes them, so that the pipe below type-checks.
    reading: z.string().optional(),
    nameEn: z.string().nullish(),
    domains: z.array(z.object({ value: z.string() })),
  })
  .transform((form) => ({ ...form, domains: form.domains.map((domain) => domain.value) }))
  .pipe(universityInputSchema);
type UniversityForm = z.input<typeof universityFormSchema>;
type UniversityValues = z.output<typeof universityFormSchema>;

/** The server names fields as the shared schema does (`domains.2`); the form's own names. */
function formField(field: string): FieldPath<UniversityForm> {
  const item = /^domains\.(\d+)/.exec(field);
  if (item) return `domains.${Number(item[1])}.value`;
  if (field === 'domains') return 'domains.root' as FieldPath<UniversityForm>;
  if (field === 'reading' || field === 'nameEn') return field;
  return 'name';
}

/** /admin/universities: the universities students register with, and their mail domains. */
export function UniversitiesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.universities.title'));
  const universities = useQuery(adminUniversitiesQuery);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);

  let body;
  if (universities.isPending) body = <RowsSkeleton rows={4} />;
  else if (universities.error) {
    body = (
      <p className="notice notice-error" role="alert">
        {t('admin.loadFailed', { message: errorMessage(t, universities.error) })}
      </p>
    );
  } else if (universities.data.length === 0) {
    body = <p className="muted">{t('admin.universities.empty')}</p>;
  } else {
    body = (
      <ul className="admin-list">
        {universities.data.map((university) => (
          <UniversityRow key={university.id} university={university} ask={setConfirm} />
        ))}
      </ul>
    );
  }

  return (
    <div className="stack">
      <h1>{t('admin.universities.title')}</h1>
      <p>{t('admin.universities.lead')}</p>
      <section className="card" aria-labelledby="admin-university-add">
        <h2 id="admin-university-add">{t('admin.universities.addTitle')}</h2>
        <UniversityEditor />
      </section>
      <section className="card" aria-labelledby="admin-university-list">
        <h2 id="admin-university-list">{t('admin.universities.listLabel')}</h2>
        {body}
      </section>
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </div>
  );
}

function UniversityRow({
  university,
  ask,
}: {
  university: AdminUniversity;
  ask: (request: ConfirmRequest) => void;
}) {
  const { t } = useTranslation();
  const setRetired = useSetUniversityRetired();
  const [editing, setEditing] = useState(false);
  const headingId = useId();
  const retired = university.retiredAt !== null;
  const name = university.name;

  function askRetired(next: boolean) {
    ask(
      next
        ? {
            title: t('admin.universities.retireTitle'),
            body: <p>{t('admin.universities.retireBody', { name })}</p>,
            confirmLabel: t('admin.universities.retireConfirm'),
            pendingLabel: t('admin.universities.retiring'),
            run: async () => {
              await setRetired.mutateAsync({ id: university.id, retired: true });
              return t('admin.universities.retired', { name });
            },
          }
        : {
            title: t('admin.universities.restoreTitle'),
            body: <p>{t('admin.universities.restoreBody', { name })}</p>,
            confirmLabel: t('admin.universities.restoreConfirm'),
            pendingLabel: t('admin.universities.restoring'),
            tone: 'primary',
            run: async () => {
              await setRetired.mutateAsync({ id: university.id, retired: false });
              return t('admin.universities.restored', { name });
            },
          },
    );
  }

  if (editing) {
    return (
      <li className="admin-row">
        <h3 className="admin-row-title">{t('admin.universities.editTitle', { name })}</h3>
        <UniversityEditor university={university} onDone={() => setEditing(false)} />
      </li>
    );
  }

  return (
    <li className="admin-row">
      <div className="admin-row-head">
        <h3 id={headingId} className="admin-row-title">
          {name}
        </h3>
        <span className={retired ? 'badge badge-muted' : 'badge admin-badge-ok'}>
          {retired ? t('admin.universities.statusRetired') : t('admin.universities.statusOpen')}
        </span>
      </div>
      <dl className="admin-meta">
        <div className="admin-meta-wide">
          <dt>{t('admin.universities.domains')}</dt>
          <dd>
            <ul className="admin-domains">
              {university.domains.map((domain) => (
                <li key={domain} className="code">
                  {domain}
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <div>
          <dt>{t('admin.universities.students')}</dt>
          <dd>{t('admin.universities.people', { count: university.studentCount })}</dd>
        </div>
        <div>
          <dt>{t('admin.universities.mentors')}</dt>
          <dd>{t('admin.universities.people', { count: university.mentorCount })}</dd>
        </div>
      </dl>
      <div className="admin-actions">
        <button
          type="button"
          className="button button-secondary"
          aria-describedby={headingId}
          onClick={() => setEditing(true)}
        >
          {t('admin.universities.edit')}
        </button>
        {retired ? (
          <button
            type="button"
            className="button button-secondary"
            aria-describedby={headingId}
            onClick={() => askRetired(false)}
          >
            {t('admin.universities.restore')}
          </button>
        ) : (
          <button
            type="button"
            className="button admin-button-warn"
            aria-describedby={headingId}
            onClick={() => askRetired(true)}
          >
            {t('admin.universities.retire')}
          </button>
        )}
      </div>
    </li>
  );
}

/** Adds a university, or (given one) edits its name and domains. */
function UniversityEditor({
  university,
  onDone,
}: {
  university?: AdminUniversity;
  onDone?: () => void;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const create = useCreateUniversity();
  const update = useUpdateUniversity();
  const pending = create.isPending || update.isPending;
  const domainsHintId = useId();
  const empty: UniversityForm = { name: '', reading: '', nameEn: '', domains: [{ value: '' }] };
  const form = useForm<UniversityForm, unknown, UniversityValues>({
    resolver: zodResolver(universityFormSchema),
    defaultValues: university
      ? {
          name: university.name,
          reading: university.reading,
          nameEn: university.nameEn ?? '',
          domains: university.domains.map((value) => ({ value })),
        }
      : empty,
  });
  const domains = useFieldArray({ control: form.control, name: 'domains' });
  const errors = form.formState.errors;
  const listError = errors.domains?.root?.message ?? errors.domains?.message;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = university
        ? await update.mutateAsync({ id: university.id, body: values })
        : await create.mutateAsync(values);
      toast.success(
        t(university ? 'admin.universities.saved' : 'admin.universities.added', {
          name: saved.name,
        }),
      );
      if (onDone) onDone();
      else form.reset(empty);
    } catch (error) {
      toast.error(t('admin.universities.saveFailed', { message: errorMessage(t, error) }));
      applyServerFieldErrors(error, form.setError, { fieldOf: formField });
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={t('admin.universities.name')}
        required
        autoComplete="off"
        errorKey={errors.name?.message}
        {...form.register('name')}
      />
      <TextField
        label={t('admin.universities.reading')}
        hint={t('admin.universities.readingHint')}
        autoComplete="off"
        errorKey={errors.reading?.message}
        {...form.register('reading')}
      />
      <TextField
        label={t('admin.universities.nameEn')}
        hint={t('admin.universities.nameEnHint')}
        autoComplete="off"
        lang="en"
        errorKey={errors.nameEn?.message}
        {...form.register('nameEn')}
      />
      <fieldset className="plain-fieldset admin-domain-fieldset" aria-describedby={domainsHintId}>
        <legend className="admin-legend">{t('admin.universities.domains')}</legend>
        <p id={domainsHintId} className="field-hint">
          {t('admin.universities.domainsHint')}
        </p>
        {domains.fields.map((field, index) => {
          const itemError = errors.domains?.[index];
          return (
            <div key={field.id} className="admin-domain-row">
              <TextField
                label={t('admin.universities.domainLabel', { number: index + 1 })}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                inputMode="url"
                errorKey={itemError?.message ?? itemError?.value?.message}
                {...form.register(`domains.${index}.value`)}
              />
              <button
                type="button"
                className="button button-secondary admin-domain-remove"
                aria-label={t('admin.universities.removeDomain', { number: index + 1 })}
                disabled={domains.fields.length === 1}
                onClick={() => domains.remove(index)}
              >
                {t('admin.universities.remove')}
              </button>
            </div>
          );
        })}
        <p className="field-error" role="alert" hidden={!listError}>
          {fieldErrorText(t, listError)}
        </p>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => domains.append({ value: '' })}
        >
          {t('admin.universities.addDomain')}
        </button>
      </fieldset>
      <div className="admin-form-actions">
        <SubmitButton
          pending={pending}
          label={university ? t('admin.universities.save') : t('admin.universities.add')}
          pendingLabel={
            university ? t('admin.universities.saving') : t('admin.universities.adding')
          }
        />
        {onDone ? (
          <button type="button" className="button button-secondary button-block" onClick={onDone}>
            {t('admin.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
