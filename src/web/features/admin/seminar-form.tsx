import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { seminarInputSchema, type Seminar } from '../../../shared/schemas/seminar';
import { errorMessage } from '../../api/error-message';
import { TextField } from '../../components/form-fields';
import { SubmitButton } from '../../components/submit-button';
import { useToast } from '../../components/toast';
import { applyServerFieldErrors } from '../../lib/server-field-errors';
import { useSetSeminar } from '../seminar/api';

type SeminarFields = z.input<typeof seminarInputSchema>;
type SeminarValues = z.output<typeof seminarInputSchema>;

const EMPTY: Seminar = { name: '', leaderName: '' };

/** The seminar's name and its teacher's or admin's, as every invitation names them. */
export function SeminarForm({ seminar }: { seminar: Seminar | null }) {
  const { t } = useTranslation();
  const toast = useToast();
  const save = useSetSeminar();
  const form = useForm<SeminarFields, unknown, SeminarValues>({
    resolver: zodResolver(seminarInputSchema),
    defaultValues: seminar ?? EMPTY,
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      form.reset(saved.seminar ?? EMPTY);
      toast.success(t(saved.seminar ? 'admin.seminar.saved' : 'admin.seminar.cleared'));
    } catch (error) {
      toast.error(t('admin.seminar.saveFailed', { message: errorMessage(t, error) }));
      applyServerFieldErrors(error, form.setError);
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <TextField
        label={t('admin.seminar.name')}
        hint={t('admin.seminar.nameHint')}
        autoComplete="off"
        errorKey={errors.name?.message}
        {...form.register('name')}
      />
      <TextField
        label={t('admin.seminar.leaderName')}
        hint={t('admin.seminar.leaderNameHint')}
        autoComplete="off"
        errorKey={errors.leaderName?.message}
        {...form.register('leaderName')}
      />
      <p className="field-hint">{t('admin.seminar.clearHint')}</p>
      <div className="admin-form-actions">
        <SubmitButton
          pending={save.isPending}
          label={t('admin.seminar.save')}
          pendingLabel={t('admin.seminar.saving')}
        />
      </div>
    </form>
  );
}
