import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { REPORT_DETAILS_MAX_LENGTH, REPORT_REASONS } from '../../../shared/constants';
import { reportFormSchema } from '../../../shared/schemas/safety';
import { errorMessage } from '../../api/error-message';
import { SelectField, TextAreaField } from '../../components/form-fields';
import { Modal } from '../../components/modal';
import { useToast } from '../../components/toast';
import { useReportUser } from './api';
import { ConsultationDesk } from './consultation-desk';
import { applyServerFieldErrors } from '../../lib/server-field-errors';
import { fieldErrorText } from '../../lib/field-error-text';
import { VALIDATION } from '../../../shared/messages/validation-keys';

type ReportFields = z.input<typeof reportFormSchema>;
type ReportValues = z.output<typeof reportFormSchema>;

export interface ReportDialogProps {
  open: boolean;
  onClose: () => void;
  /** The account reported; absent for a 座談会 post whose author is hidden from the reporter. */
  userId?: string | undefined;
  /** Their name as the page shows it. */
  name: string;
  /** The dialog's title, where it names no one (a post reported by itself). */
  title?: string | undefined;
  /** The visit request the report is about, when made from one. */
  visitRequestId?: string | undefined;
  /** The thread message the report is about, when made from one; the report keeps its words. */
  messageId?: string | undefined;
  /** The 座談会 post the report is about, when made from one; the report keeps its words. */
  groupSessionPostId?: string | undefined;
}

/**
 * A report to the admins: a reason and what happened. Failures show inside the dialog, since a
 * modal keeps everything else (toasts included) inert; the thanks come as a toast once closed.
 */
export function ReportDialog({
  open,
  onClose,
  userId,
  name,
  title,
  visitRequestId,
  messageId,
  groupSessionPostId,
}: ReportDialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const report = useReportUser();
  const defaultValues: Partial<ReportFields> = {
    ...(userId ? { userId } : {}),
    details: '',
    ...(visitRequestId ? { visitRequestId } : {}),
    ...(messageId ? { messageId } : {}),
    ...(groupSessionPostId ? { groupSessionPostId } : {}),
  };
  const form = useForm<ReportFields, unknown, ReportValues>({
    resolver: zodResolver(reportFormSchema),
    defaultValues,
  });
  const details = useWatch({ control: form.control, name: 'details' }) ?? '';
  const errors = form.formState.errors;

  function close() {
    form.reset(defaultValues);
    report.reset();
    onClose();
  }

  const submit = form.handleSubmit(async (values) => {
    try {
      await report.mutateAsync(values);
      close();
      toast.success(t('report.sent'));
    } catch (error) {
      applyServerFieldErrors(error, form.setError);
    }
  });

  return (
    <Modal open={open} onClose={close} title={title ?? t('report.title', { name })}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <p>{t('report.lead')}</p>
        <p className="notice notice-warning">{t('report.urgent')}</p>
        <ConsultationDesk variant="compact" />
        <SelectField
          label={t('report.reason')}
          placeholder={t('report.reasonPlaceholder')}
          required
          errorKey={errors.reason?.message}
          {...form.register('reason')}
        >
          {REPORT_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {t(`reportReasons.${reason}`)}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={t('report.details')}
          hint={t('report.detailsHint')}
          rows={6}
          required
          errorKey={errors.details?.message}
          counter={t('report.detailsCounter', {
            count: details.length,
            max: REPORT_DETAILS_MAX_LENGTH,
          })}
          counterOver={details.length > REPORT_DETAILS_MAX_LENGTH}
          {...form.register('details')}
        />
        {/* The ids come from the page, not from a field: a bad one is shown here. */}
        {errors.userId || errors.visitRequestId ? (
          <p className="notice notice-error" role="alert">
            {fieldErrorText(t, errors.userId?.message ?? VALIDATION.invalid)}
          </p>
        ) : null}
        {report.error ? (
          <p className="notice notice-error" role="alert">
            {t('report.failed', { message: errorMessage(t, report.error) })}
          </p>
        ) : null}
        <div className="button-row safety-dialog-actions">
          <button type="button" className="button button-secondary" onClick={close}>
            {t('report.cancel')}
          </button>
          <button
            type="submit"
            className="button button-danger"
            disabled={report.isPending}
            aria-busy={report.isPending || undefined}
          >
            {report.isPending ? t('report.submitting') : t('report.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
