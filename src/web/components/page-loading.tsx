import { useTranslation } from 'react-i18next';
import { useOnline } from '../lib/online';
import { NeedsConnection } from './needs-connection';

export function PageLoading({ label }: { label?: string } = {}) {
  const { t } = useTranslation();
  // Offline, what is loading waits for the connection: the page says so, not a spinner.
  if (!useOnline()) return <NeedsConnection />;
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label ?? t('app.loading')}</span>
    </div>
  );
}
