import { useTranslation } from 'react-i18next';
import type { AdminOverview } from '../../../shared/schemas/admin';

/**
 * The visits of the last months on the overview (docs/PRODUCT.md §9): sent → agreed → held →
 * thanked per month of the request, with the alumni's answer rate and median time to answer.
 */
export function VisitFunnel({ visits }: { visits: AdminOverview['visits'] }) {
  const { t } = useTranslation();
  const monthLabel = (month: string) =>
    t('admin.overview.monthLabel', { year: month.slice(0, 4), month: Number(month.slice(5, 7)) });
  return (
    <section className="card" aria-labelledby="admin-visits">
      <h2 id="admin-visits">{t('admin.overview.visitsTitle')}</h2>
      <dl className="admin-totals">
        <div>
          <dt>{t('admin.overview.answerRate')}</dt>
          <dd>
            {visits.answerRate === null
              ? t('admin.none')
              : t('admin.overview.answerRateValue', { value: Math.round(visits.answerRate * 100) })}
            <span className="admin-total-note">{t('admin.overview.answerRateNote')}</span>
          </dd>
        </div>
        <div>
          <dt>{t('admin.overview.medianAnswer')}</dt>
          <dd>
            {visits.medianHoursToAnswer === null
              ? t('admin.none')
              : t('admin.overview.medianAnswerValue', { hours: visits.medianHoursToAnswer })}
          </dd>
        </div>
      </dl>
      {/* On a phone the table is wider than the screen: say so, or the last columns go unseen. */}
      <p id="admin-visits-scroll-hint" className="table-scroll-hint">
        {t('admin.overview.scrollHint')}
      </p>
      <div
        className="admin-table-scroll"
        role="region"
        aria-labelledby="admin-visits-caption"
        aria-describedby="admin-visits-scroll-hint"
        tabIndex={0}
      >
        <table className="admin-table">
          <caption id="admin-visits-caption">
            {t('admin.overview.tableCaption', { title: t('admin.overview.visitsTitle') })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.overview.month')}</th>
              <th scope="col">{t('admin.overview.requested')}</th>
              <th scope="col">{t('admin.overview.accepted')}</th>
              <th scope="col">{t('admin.overview.held')}</th>
              <th scope="col">{t('admin.overview.thanked')}</th>
            </tr>
          </thead>
          <tbody>
            {visits.byMonth.map((row) => (
              <tr key={row.month}>
                <th scope="row" data-label={t('admin.overview.month')}>
                  {monthLabel(row.month)}
                </th>
                <td data-label={t('admin.overview.requested')}>{row.requested}</td>
                <td data-label={t('admin.overview.accepted')}>{row.accepted}</td>
                <td data-label={t('admin.overview.held')}>{row.held}</td>
                <td data-label={t('admin.overview.thanked')}>{row.thanked}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
