import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { ConfirmDialog } from '../../components/confirm-dialog';

/**
 * Another visit of hers at the same hour (issue 56): the server answers visit/same-hour, and
 * the request form and the booking form ask here whether she means it; 「それでも送る」 sends it
 * again with sameHourConfirmed. A warning, never a refusal: she may mean to meet both.
 */
export function isSameHourWarning(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'visit/same-hour';
}

export function SameHourDialog({
  open,
  pending,
  onClose,
  onConfirm,
}: {
  open: boolean;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title={t('visits.sameHour.title')}
      cancelLabel={t('visits.sameHour.back')}
      confirmLabel={t('visits.sameHour.confirm')}
      pendingLabel={t('visits.sameHour.sending')}
      pending={pending}
      tone="primary"
      onConfirm={onConfirm}
    >
      <p>{t('errors.visit/same-hour')}</p>
      <p>{t('visits.sameHour.body')}</p>
    </ConfirmDialog>
  );
}
