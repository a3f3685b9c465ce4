import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Quietly } from '../../components/quietly';
import { useOnline } from '../../lib/online';
import { useDayDetails } from '../../lib/day-details-store';
import { visitingTextsReady } from '../../i18n';

// Only for a device that keeps someone's day's details: fetched (and so kept by the service
// worker) while online, when they were saved (features/day-details/api.ts).
const SavedVisits = lazy(() =>
  Promise.all([import('../../features/day-details/saved-visits'), visitingTextsReady()]).then(
    ([module]) => ({ default: module.SavedVisits }),
  ),
);

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
  // Offline or unreachable, the signed-in person's coming visits are still there to read.
  const kept = (useDayDetails()?.visits.length ?? 0) > 0 && reason !== 'pageFailed';
  return (
    <>
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
      {kept ? (
        <Quietly>
          <Suspense fallback={null}>
            <SavedVisits />
          </Suspense>
        </Quietly>
      ) : null}
    </>
  );
}

/**
 * A route that failed to render (its code did not download, most often): offline, the offline
 * page; otherwise that the page could not be shown, with the way out that usually works (after
 * an update, the old version's files are gone and a reload fetches the new ones).
 */
export function RouteError() {
  const online = useOnline();
  // Offline, the page promises to appear once the connection is back: its code is fetched
  // again by loading the page anew (a router does not retry a failed download).
  const wasOffline = useRef(!online);
  useEffect(() => {
    if (!online) wasOffline.current = true;
    else if (wasOffline.current) window.location.reload();
  }, [online]);
  return <OfflinePage reason={online ? 'pageFailed' : 'offline'} />;
}
