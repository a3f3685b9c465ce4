import { useTranslation } from 'react-i18next';
import { useOnline } from '../lib/online';
import { NeedsConnection } from './needs-connection';

// Each placeholder, offline: the data waits for the connection, and the page says so instead of
// grey shapes that would never fill (docs/PRODUCT.md §14).

/** Grey shapes where the OG cards will appear, so the page does not jump when they arrive. */
export function MentorListSkeleton({ count = 6 }: { count?: number }) {
  const { t } = useTranslation();
  if (!useOnline()) return <NeedsConnection />;
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{t('app.loading')}</span>
      <ul className="mentor-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className="skeleton-card">
            <span className="skeleton skeleton-avatar" />
            <span className="skeleton-lines">
              <span className="skeleton skeleton-line skeleton-line-title" />
              <span className="skeleton skeleton-line" />
              <span className="skeleton skeleton-line skeleton-line-short" />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A profile page's shape (avatar, name, rows) while it loads. */
export function ProfileSkeleton({ rows = 6 }: { rows?: number }) {
  const { t } = useTranslation();
  if (!useOnline()) return <NeedsConnection />;
  return (
    <section className="card" role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{t('app.loading')}</span>
      <div aria-hidden="true">
        <div className="profile-head">
          <span className="skeleton skeleton-avatar skeleton-avatar-large" />
          <span className="skeleton skeleton-line skeleton-line-title" />
        </div>
        {Array.from({ length: rows }, (_, index) => (
          <span key={index} className="skeleton skeleton-line skeleton-row" />
        ))}
      </div>
    </section>
  );
}

/** A form's shape (labels and fields) while what it edits loads. */
export function FormSkeleton({ fields = 5 }: { fields?: number }) {
  const { t } = useTranslation();
  if (!useOnline()) return <NeedsConnection />;
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{t('app.loading')}</span>
      <div aria-hidden="true">
        {Array.from({ length: fields }, (_, index) => (
          <div key={index} className="skeleton-field">
            <span className="skeleton skeleton-line skeleton-line-short" />
            <span className="skeleton skeleton-input" />
          </div>
        ))}
      </div>
    </div>
  );
}

/** Rows of a history or table while they load. */
export function RowsSkeleton({ rows = 3 }: { rows?: number }) {
  const { t } = useTranslation();
  if (!useOnline()) return <NeedsConnection />;
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{t('app.loading')}</span>
      <ul className="skeleton-rows" aria-hidden="true">
        {Array.from({ length: rows }, (_, index) => (
          <li key={index}>
            <span className="skeleton skeleton-line skeleton-line-title" />
            <span className="skeleton skeleton-line" />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A dashboard's shape (a row of totals, then chart cards) while its numbers load. */
export function DashboardSkeleton({ charts = 4 }: { charts?: number }) {
  const { t } = useTranslation();
  if (!useOnline()) return <NeedsConnection />;
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{t('app.loading')}</span>
      <div className="stack" aria-hidden="true">
        <div className="card skeleton-totals">
          {Array.from({ length: 3 }, (_, index) => (
            <span key={index} className="skeleton skeleton-total" />
          ))}
        </div>
        {Array.from({ length: charts }, (_, index) => (
          <div key={index} className="card">
            <span className="skeleton skeleton-line skeleton-line-title" />
            <span className="skeleton skeleton-chart" />
          </div>
        ))}
      </div>
    </div>
  );
}
