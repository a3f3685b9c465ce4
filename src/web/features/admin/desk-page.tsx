import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DESK_NOTE_MAX_LENGTH } from '../../../shared/constants';
import { deskInputSchema, foldPhone, type ConsultationDesk } from '../../../shared/schemas/desk';
import { errorMessage } from '../../api/error-message';
import { HalfWidthField, TextAreaField, TextField } from '../../components/form-fields';
import { FormSkeleton } from '../../components/skeletons';
import { SubmitButton } from '../../components/submit-button';
import { useToast } from '../../components/toast';
import { useDocumentTitle } from '../../lib/document-title';
import { applyServerFieldErrors } from '../../lib/server-field-errors';
import { ConsultationDesk as DeskPreview } from '../safety';
import { deskQuery } from '../safety/desk-api';
import { useSetDesk } from './api';
import './admin.css';

type DeskFields = z.input<typeof deskInputSchema>;
type DeskValues = z.output<typeof deskInputSchema>;

const EMPTY: ConsultationDesk = { name: '', email: '', phone: '', hours: '', note: '' };

/**
 * /admin/desk: the seminar's 相談窓口 (docs/PRODUCT.md §8), which the site shows on every request
 * page, in the report dialog, in the 前日確認 and in the footer; beside the form, how it looks.
 */
export function DeskPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.desk.title'));
  const answer = useQuery(deskQuery);

  let body;
  if (answer.isPending) body = <FormSkeleton fields={5} />;
  else if (answer.error) {
    body = (
      <p className="notice notice-error" role="alert">
        {t('admin.loadFailed', { message: errorMessage(t, answer.error) })}
      </p>
    );
  } else body = <DeskForm desk={answer.data.desk ?? EMPTY} />;

  return (
    <div className="stack">
      <h1>{t('admin.desk.title')}</h1>
      <p>{t('admin.desk.lead')}</p>
      {answer.data && !answer.data.desk ? (
        <p className="notice notice-info">{t('admin.desk.unsetLead')}</p>
      ) : null}
      <section className="card" aria-labelledby="admin-desk-form">
        <h2 id="admin-desk-form">{t('admin.desk.formTitle')}</h2>
        {body}
      </section>
      <section className="card" aria-labelledby="admin-desk-preview">
        <h2 id="admin-desk-preview">{t('admin.desk.previewTitle')}</h2>
        <DeskPreview />
      </section>
    </div>
  );
}

function DeskForm({ desk }: { desk: ConsultationDesk }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSetDesk();
  const form = useForm<DeskFields, unknown, DeskValues>({
    resolver: zodResolver(deskInputSchema),
    defaultValues: desk,
  });
  const note = useWatch({ control: form.control, name: 'note' }) ?? '';
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      // The form shows what was stored (folded digits, trimmed text).
      form.reset(saved.desk ?? EMPTY);
      toast.success(t(saved.desk ? 'admin.desk.saved' : 'admin.desk.cleared'));
    } catch (error) {
      toast.error(t('admin.desk.saveFailed', { message: errorMessage(t, error) }));
      applyServerFieldErrors(error, form.setError);
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <p className="field-hint">{t('admin.desk.clearHint')}</p>
      <TextField
        label={t('admin.desk.name')}
        hint={t('admin.desk.nameHint')}
        autoComplete="off"
        errorKey={errors.name?.message}
        {...form.register('name')}
      />
      {/* The rule concerns both fields: said once, above them both (issue 56). */}
      <fieldset className="plain-fieldset desk-contact" aria-describedby="desk-contact-rule">
        <legend>{t('admin.desk.contactLegend')}</legend>
        <p id="desk-contact-rule" className="field-hint">
          {t('admin.desk.contactRule')}
        </p>
        <HalfWidthField
          label={t('admin.desk.email')}
          type="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          errorKey={errors.email?.message}
          {...form.register('email')}
        />
        <HalfWidthField
          label={t('admin.desk.phone')}
          fold={foldPhone}
          hint={t('admin.desk.phoneHint')}
          type="tel"
          autoComplete="off"
          errorKey={errors.phone?.message}
          {...form.register('phone')}
        />
      </fieldset>
      <TextField
        label={t('admin.desk.hours')}
        hint={t('admin.desk.hoursHint')}
        autoComplete="off"
        errorKey={errors.hours?.message}
        {...form.register('hours')}
      />
      <TextAreaField
        label={t('admin.desk.note')}
        hint={t('admin.desk.noteHint')}
        rows={3}
        errorKey={errors.note?.message}
        counter={t('admin.desk.noteCounter', { count: note.length, max: DESK_NOTE_MAX_LENGTH })}
        counterOver={note.length > DESK_NOTE_MAX_LENGTH}
        {...form.register('note')}
      />
      <div className="admin-form-actions">
        <SubmitButton
          pending={save.isPending}
          label={t('admin.desk.save')}
          pendingLabel={t('admin.desk.saving')}
        />
      </div>
    </form>
  );
}
