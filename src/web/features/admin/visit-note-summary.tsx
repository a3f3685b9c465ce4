import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import type { VisitNoteSummary as Summary } from '../../../shared/schemas/visit-notes';
import { errorMessage } from '../../api/error-message';
import { RowsSkeleton } from '../../components/skeletons';
import { visitNoteSummaryQuery } from '../visit-notes/api';

/** The seminar's search of shared notes, narrowed as a count's row says. */
function searchLink(filter: { company: string } | { year: string }): string {
  return `${paths.visitNotes}?${new URLSearchParams(filter).toString()}`;
}

/**
 * How many notes are shared, hidden and waiting for the alumna, then the shared ones by company
 * and by 年度 (the seminar's cohorts): each count opens the search narrowed to its row.
 */
export function VisitNoteSummary() {
  const { t } = useTranslation();
  const summary = useQuery(visitNoteSummaryQuery);
  if (summary.isPending) {
    return (
      <section className="card">
        <RowsSkeleton rows={3} />
      </section>
    );
  }
  if (summary.error) {
    return (
      <p className="notice notice-error" role="alert">
        {t('admin.loadFailed', { message: errorMessage(t, summary.error) })}
      </p>
    );
  }
  return <SummaryBody summary={summary.data} />;
}

function SummaryBody({ summary }: { summary: Summary }) {
  const { t } = useTranslation();
  const items = (count: number) => t('adminNotes.items', { count });
  return (
    <>
      <section className="card" aria-labelledby="anotes-summary">
        <h2 id="anotes-summary">{t('adminNotes.summaryTitle')}</h2>
        <dl className="admin-totals">
          <div>
            <dt>{t('adminNotes.shared')}</dt>
            <dd>{items(summary.shared)}</dd>
          </div>
          <div>
            <dt>{t('adminNotes.hidden')}</dt>
            <dd>{items(summary.hidden)}</dd>
          </div>
          <div>
            <dt>{t('adminNotes.waiting')}</dt>
            <dd>{items(summary.waiting)}</dd>
          </div>
        </dl>
      </section>
      <div className="admin-charts">
        <CountTable
          id="anotes-by-company"
          title={t('adminNotes.byCompany')}
          heading={t('adminNotes.company')}
          rows={summary.byCompany.map((row) => ({
            key: row.company,
            label: row.company,
            count: row.count,
            to: searchLink({ company: row.company }),
          }))}
        />
        <CountTable
          id="anotes-by-year"
          title={t('adminNotes.byYear')}
          heading={t('adminNotes.year')}
          rows={summary.byYear.map((row) => ({
            key: String(row.fiscalYear),
            label: t('adminNotes.yearLabel', { year: row.fiscalYear }),
            count: row.count,
            to: searchLink({ year: String(row.fiscalYear) }),
          }))}
        />
      </div>
    </>
  );
}

function CountTable({
  id,
  title,
  heading,
  rows,
}: {
  id: string;
  title: string;
  heading: string;
  rows: { key: string; label: string; count: number; to: string }[];
}) {
  const { t } = useTranslation();
  return (
    <section className="card admin-chart-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {rows.length === 0 ? (
        <p className="muted">{t('adminNotes.noCounts')}</p>
      ) : (
        <table className="admin-data-table">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{heading}</th>
              <th scope="col">{t('adminNotes.count')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className="admin-break">
                  {row.label}
                </th>
                <td>
                  <Link
                    to={row.to}
                    aria-label={t('adminNotes.countLink', { label: row.label, count: row.count })}
                  >
                    {t('adminNotes.items', { count: row.count })}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
