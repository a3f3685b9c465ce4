import { onlineManager } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

type Reason = 'offline' | 'unreachable' | 'pageFailed';

const TEXTS = {
  offline: ['network.offlineTitle', 'network.offlineBody'],
  unreachable: ['network.unreachableTitle', 'network.unreachableBody'],
  pageFailed: ['network.pageFailedTitle', 'network.pageFailedBody'],
} as const;

/**
 * Instead of a page that cannot be shown: offline (it appears by itself once the connection is
 * back, as the queries resume), the server did not answer, or the page's code did not load.
 * Never a redirect to the sign-in page, which would tell a signed-in person they were not.
 */
export function OfflinePage({ reason = 'offline' }: { reason?: Reason }) {
  const { t } = useTranslation();
  const [title, body] = TEXTS[reason];
  return (
    <section className="card offline-page">
      <h1>{t(title)}</h1>
      <p role="status">{t(body)}</p>
      <button
        type="button"
        className="button button-secondary"
        onClick={() => window.location.reload()}
      >
        {t('network.retry')}
      </button>
    </section>
  );
}

/**
 * A route that failed to render (its code did not download, most often): offline, the offline
 * page; otherwise that the page could not be shown, with the way out that usually works (after
 * an update, the old version's files are gone and a reload fetches the new ones).
 */
export function RouteError() {
  return <OfflinePage reason={onlineManager.isOnline() ? 'pageFailed' : 'offline'} />;
}
