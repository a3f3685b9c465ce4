import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { personReadingSchema } from '../../../shared/schemas/common';
import { errorMessage } from '../../api/error-message';
import { Modal } from '../../components/modal';
import { ReadingField } from '../../components/reading-field';
import { SubmitButton } from '../../components/submit-button';
import { useToast } from '../../components/toast';
import { applyServerFieldErrors } from '../../lib/server-field-errors';
import { useAnswerNameReading } from './api';
import './accounts.css';

const questionSchema = z.object({ nameReading: personReadingSchema });
type QuestionForm = z.input<typeof questionSchema>;
type QuestionValues = z.output<typeof questionSchema>;

/**
 * Asked once, on the first page after signing in, of an account made before readings were asked
 * for (docs/PRODUCT.md §4). 「あとで」 and closing the dialog alike end the question: the reading
 * stays editable on the profile, and nobody is asked on every page.
 */
export function NameReadingQuestion() {
  const { t } = useTranslation();
  const toast = useToast();
  const answer = useAnswerNameReading();
  const form = useForm<QuestionForm, unknown, QuestionValues>({
    resolver: zodResolver(questionSchema),
    defaultValues: { nameReading: '' },
  });

  const save = form.handleSubmit(async (values) => {
    try {
      await answer.mutateAsync({ nameReading: values.nameReading });
      toast.success(t('nameReading.saved'));
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError)) {
        toast.error(t('nameReading.failed', { message: errorMessage(t, error) }));
      }
    }
  });

  function later() {
    if (answer.isPending) return;
    answer.mutate({ nameReading: null });
  }

  return (
    <Modal open onClose={later} title={t('nameReading.askTitle')}>
      <form onSubmit={(event) => void save(event)} noValidate>
        <p>{t('nameReading.askLead')}</p>
        <ReadingField
          errorKey={form.formState.errors.nameReading?.message}
          {...form.register('nameReading')}
        />
        <div className="stacked-actions">
          <SubmitButton
            pending={answer.isPending}
            label={t('nameReading.save')}
            pendingLabel={t('nameReading.saving')}
          />
          <button
            type="button"
            className="button button-secondary button-block"
            disabled={answer.isPending}
            onClick={later}
          >
            {t('nameReading.later')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
