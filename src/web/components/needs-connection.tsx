import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../shared/paths';
import { useDayDetails } from '../lib/day-details-store';

/**
 * In place of a page's loading placeholder while offline (docs/PRODUCT.md §14): its data waits
 * for the connection, and the page appears by itself once it is back; meanwhile, the way to the
 * coming visits this device keeps, when it keeps some.
 */
export function NeedsConnection() {
  const { t } = useTranslation();
  const kept = (useDayDetails()?.visits.length ?? 0) > 0;
  return (
    <div className="notice notice-warning needs-connection" role="status">
      <p>
        <strong>{t('network.offlineTitle')}</strong>
      </p>
      <p>{t('network.needsConnection')}</p>
      {kept ? (
        <p>
          <Link to={paths.savedVisits}>{t('network.savedVisits')}</Link>
        </p>
      ) : null}
    </div>
  );
}
