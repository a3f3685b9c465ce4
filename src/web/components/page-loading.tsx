import { useTranslation } from 'react-i18next';

export function PageLoading({ label }: { label?: string } = {}) {
  const { t } = useTranslation();
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label ?? t('app.loading')}</span>
    </div>
  );
}
