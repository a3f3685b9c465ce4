import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ja } from '../../../shared/messages/ja';
import { useDocumentTitle } from '../../app/guards';

/** A screen that a later issue fills; it says plainly that it is not finished. */
export function PlaceholderPage({ titleKey }: { titleKey: keyof typeof ja.placeholder }) {
  const { t } = useTranslation();
  const title = t(`placeholder.${titleKey}`);
  useDocumentTitle(title);
  return (
    <section className="card">
      <h1>{title}</h1>
      <p className="notice notice-info">{t('app.unfinished')}</p>
      <p>
        <Link to="/">{t('app.backHome')}</Link>
      </p>
    </section>
  );
}
