import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/document-title';

export function UnauthorizedPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('unauthorized.title'));
  return (
    <section className="card">
      <h1>{t('unauthorized.title')}</h1>
      <p>{t('unauthorized.body')}</p>
      <p>
        <Link className="button button-secondary" to="/">
          {t('app.backHome')}
        </Link>
      </p>
    </section>
  );
}
