import { useTranslation } from 'react-i18next';
import { errorMessage } from '../api/error-message';

/** A failed request, said in the catalogue's words and announced at once. */
export function ErrorNotice({ error, prefix }: { error: unknown; prefix?: string }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p className="notice notice-error" role="alert">
      {prefix ? `${prefix} ` : ''}
      {errorMessage(t, error)}
    </p>
  );
}
