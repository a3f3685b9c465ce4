import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { VISIT_NOTE_HIDE_REASON_MAX_LENGTH } from '../../../shared/constants';
import { visitNoteHideSchema, type VisitNote } from '../../../shared/schemas/visit-notes';
import { errorMessage } from '../../api/error-message';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TextAreaField } from '../../components/form-fields';
import { useToast } from '../../components/toast';
import { applyServerFieldErrors } from '../../lib/server-field-errors';
import { useHideVisitNote } from '../visit-notes/api';

type HideForm = z.input<typeof visitNoteHideSchema>;
type HideValues = z.output<typeof visitNoteHideSchema>;

/**
 * 「非表示にする」: the reason is required, since the student who wrote the note is told it (and
 * the audit log keeps it). Kept mounted by the page, so the dialog outlives the row it hides.
 */
export function HideNoteDialog({ note, onClose }: { note: VisitNote | null; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const hide = useHideVisitNote();
  const form = useForm<HideForm, unknown, HideValues>({
    resolver: zodResolver(visitNoteHideSchema),
    defaultValues: { reason: '' },
  });
  const reason = useWatch({ control: form.control, name: 'reason' }) ?? '';
  const company = note?.company ?? '';

  function close() {
    hide.reset();
    form.reset({ reason: '' });
    onClose();
  }

  const submit = form.handleSubmit(async (values) => {
    if (!note) return;
    try {
      await hide.mutateAsync({ id: note.id, reason: values.reason });
      close();
      toast.success(t('adminNotes.hideDone', { company }));
    } catch (error) {
      applyServerFieldErrors(error, form.setError, { shouldFocus: true });
    }
  });

  return (
    <ConfirmDialog
      open={note !== null}
      onClose={close}
      title={t('adminNotes.hideTitle')}
      cancelLabel={t('admin.cancel')}
      confirmLabel={t('adminNotes.hideConfirm')}
      pendingLabel={t('adminNotes.hiding')}
      pending={hide.isPending}
      onConfirm={() => void submit()}
    >
      <p>{t('adminNotes.hideBody', { company })}</p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <TextAreaField
          label={t('adminNotes.reasonLabel')}
          hint={t('adminNotes.reasonHint')}
          rows={4}
          counter={t('adminNotes.reasonCounter', {
            count: [...reason].length,
            max: VISIT_NOTE_HIDE_REASON_MAX_LENGTH,
          })}
          counterOver={[...reason].length > VISIT_NOTE_HIDE_REASON_MAX_LENGTH}
          errorKey={form.formState.errors.reason?.message}
          {...form.register('reason')}
        />
      </form>
      {hide.error && !form.formState.errors.reason ? (
        <p className="notice notice-error" role="alert">
          {t('admin.actionFailed', { message: errorMessage(t, hide.error) })}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
