import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useFieldArray, useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  REPLY_TEMPLATE_TITLE_MAX_LENGTH,
  REPLY_TEMPLATES_MAX,
  THREAD_MESSAGE_MAX_LENGTH,
} from '../../../shared/constants';
import { replyTemplatesSchema } from '../../../shared/schemas/threads';
import { errorMessage } from '../../api/error-message';
import { ContactMaskWarning } from '../../components/contact-mask-warning';
import { TextAreaField, TextField } from '../../components/form-fields';
import { SubmitButton } from '../../components/submit-button';
import { useToast } from '../../components/toast';
import { applyServerFieldErrors } from '../../lib/server-field-errors';
import { fieldErrorText } from '../../lib/field-error-text';
import { replyTemplatesQuery, useSaveReplyTemplates } from './api';

type TemplatesForm = z.input<typeof replyTemplatesSchema>;
type TemplatesValues = z.output<typeof replyTemplatesSchema>;

/**
 * On an alumnus's /profile: よくある返信, the texts they put into a thread with one choice
 * (docs/PRODUCT.md §7). Saved as a whole list.
 */
export function ReplyTemplatesSection() {
  const { t } = useTranslation();
  const templates = useQuery(replyTemplatesQuery);
  return (
    <section id="reply-templates" className="card" aria-labelledby="reply-templates-title">
      <h2 id="reply-templates-title">{t('replyTemplates.title')}</h2>
      <p>{t('replyTemplates.description')}</p>
      {templates.isPending ? (
        <p className="muted">{t('app.loading')}</p>
      ) : templates.error ? (
        <p className="notice notice-error" role="alert">
          {t('replyTemplates.loadFailed')}
        </p>
      ) : (
        <TemplatesForm initial={templates.data.templates} />
      )}
    </section>
  );
}

function TemplatesForm({ initial }: { initial: TemplatesForm['templates'] }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSaveReplyTemplates();
  const form = useForm<TemplatesForm, unknown, TemplatesValues>({
    resolver: zodResolver(replyTemplatesSchema),
    defaultValues: { templates: initial },
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'templates' });
  // An error of the list itself (too many), not of one reply.
  const listError =
    form.formState.errors.templates?.root?.message ?? form.formState.errors.templates?.message;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      form.reset(saved);
      toast.success(t('replyTemplates.saved'));
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError)) {
        toast.error(`${t('replyTemplates.saveFailed')} ${errorMessage(t, error)}`);
      }
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      {fields.length === 0 && <p className="muted">{t('replyTemplates.empty')}</p>}
      <ol className="reply-templates">
        {fields.map((field, index) => (
          <TemplateFields key={field.id} form={form} index={index} onRemove={() => remove(index)} />
        ))}
      </ol>
      {listError ? (
        <p className="notice notice-error" role="alert">
          {fieldErrorText(t, listError)}
        </p>
      ) : null}
      <div className="button-row">
        <button
          type="button"
          className="button button-secondary"
          disabled={fields.length >= REPLY_TEMPLATES_MAX}
          onClick={() => append({ title: '', body: '' })}
        >
          {t('replyTemplates.add')}
        </button>
        <SubmitButton
          pending={save.isPending}
          label={t('replyTemplates.save')}
          pendingLabel={t('thread.sending')}
        />
      </div>
    </form>
  );
}

function TemplateFields({
  form,
  index,
  onRemove,
}: {
  form: UseFormReturn<TemplatesForm, unknown, TemplatesValues>;
  index: number;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const errors = form.formState.errors.templates?.[index];
  const body = form.watch(`templates.${index}.body`) ?? '';
  return (
    <li className="reply-template">
      <TextField
        label={t('replyTemplates.name')}
        placeholder={t('replyTemplates.namePlaceholder')}
        maxLength={REPLY_TEMPLATE_TITLE_MAX_LENGTH * 2}
        errorKey={errors?.title?.message}
        {...form.register(`templates.${index}.title`)}
      />
      <TextAreaField
        label={t('replyTemplates.body')}
        rows={4}
        errorKey={errors?.body?.message}
        counter={t('thread.count', { count: body.length, max: THREAD_MESSAGE_MAX_LENGTH })}
        counterOver={body.length > THREAD_MESSAGE_MAX_LENGTH}
        {...form.register(`templates.${index}.body`)}
      />
      {/* Saved as typed; sent before a request is accepted, masked as any message (§7). */}
      <ContactMaskWarning text={body} message={t('replyTemplates.maskPreview')} />
      <button type="button" className="button button-link" onClick={onRemove}>
        {t('replyTemplates.remove')}
      </button>
    </li>
  );
}
