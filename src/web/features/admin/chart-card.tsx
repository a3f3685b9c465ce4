import { Suspense, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A chart for the eye (hidden from screen readers) beside the same numbers as a table, which is
 * the accessible equivalent and shows exact values.
 */
export function ChartCard({
  title,
  wide = false,
  empty = false,
  emptyText,
  lead,
  footer,
  chart,
  headings,
  rows,
}: {
  title: string;
  /** Across the whole row of charts (a time series). */
  wide?: boolean;
  /** Nothing to draw: the card says so instead. */
  empty?: boolean;
  /** What the card says when empty (by default, that there is nothing yet). */
  emptyText?: string;
  /** A line of reading under the heading. */
  lead?: ReactNode;
  /** Under the table (a button to show more rows). */
  footer?: ReactNode;
  chart: ReactNode;
  /** The table's column headings, the rows' own first. */
  headings: string[];
  rows: { key: string; label: ReactNode; cells: ReactNode[] }[];
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section
      className={`card admin-chart-card${wide ? ' admin-chart-wide' : ''}`}
      aria-labelledby={headingId}
    >
      <h2 id={headingId}>{title}</h2>
      {lead}
      {empty ? (
        <p className="muted">{emptyText ?? t('admin.overview.noData')}</p>
      ) : (
        <div className="admin-chart-layout">
          <div className="admin-chart" aria-hidden="true">
            {/* The drawing comes in its own chunk (the chart library is large): the table
                beside it, the numbers, show at once (issue 56). */}
            <Suspense fallback={<span className="skeleton skeleton-chart" />}>{chart}</Suspense>
          </div>
          <table className="admin-data-table">
            <caption className="visually-hidden">
              {t('admin.overview.tableCaption', { title })}
            </caption>
            <thead>
              <tr>
                {headings.map((heading) => (
                  <th key={heading} scope="col">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{row.label}</th>
                  {row.cells.map((cell, i) => (
                    // The columns never move: a cell's place is its identity.
                    <td key={i}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {footer}
        </div>
      )}
    </section>
  );
}
