import { useQuery } from '@tanstack/react-query';
import { lazy, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { gradeName } from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import {
  NEVER_ASKED_DAYS,
  TOP_SHARE_OF_ALUMNI,
  type AdminReach,
  type LeftOutStudent,
  type ReachList,
  type ReachMonth,
} from '../../../shared/schemas/admin-reach';
import { errorMessage } from '../../api/error-message';
import { DashboardSkeleton } from '../../components/skeletons';
import { useDocumentTitle } from '../../lib/document-title';
import { formatDate } from '../../lib/format';
import { universityName } from '../../lib/university-name';
import { adminReachQuery, exportUrls } from './api';
import { ChartCard } from './chart-card';
import './admin.css';

// The drawing loads after the numbers, as on the overview (the chart library is large).
const SpreadDrawing = lazy(() =>
  import('./overview-charts').then((module) => ({ default: module.SpreadDrawing })),
);

/** The chart's table and each list show this many rows until asked for all. */
const TOP_ROWS = 10;
/** The chart's empty stretch (alumni nobody asked) is drawn up to this many bars. */
const MAX_EMPTY_BARS = 300;

/** Where intro's page introduces a student to an alumna (issue 57, point 4). */
export function introduceUrl(studentId: string): string {
  return `${paths.admin}/introductions/new?student=${encodeURIComponent(studentId)}`;
}

function useMonthLabel() {
  const { t } = useTranslation();
  return (month: string) =>
    t('admin.overview.monthLabel', { year: month.slice(0, 4), month: Number(month.slice(5, 7)) });
}

/** The first TOP_ROWS rows until the admin asks for all, and the button that switches. */
function useFirstRows<T>(rows: readonly T[]) {
  const { t } = useTranslation();
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? rows : rows.slice(0, TOP_ROWS);
  const toggle =
    rows.length > TOP_ROWS ? (
      <button
        type="button"
        className="button button-secondary"
        onClick={() => setShowAll((all) => !all)}
      >
        {showAll
          ? t('adminReach.showFewer', { count: TOP_ROWS })
          : t('adminReach.showAll', { count: rows.length })}
      </button>
    ) : null;
  return { shown, toggle };
}

/**
 * /admin/reach 「依頼の偏り」 (docs/PRODUCT.md §9): for this month and the three before it, how
 * the requests spread over the alumni, how many were accepted and how fast they were answered;
 * and who is left out today, with 「紹介する」 beside a student and each list as CSV.
 */
export function ReachPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('adminReach.title'));
  const reach = useQuery(adminReachQuery);

  let body;
  if (reach.isPending) body = <DashboardSkeleton charts={2} />;
  else if (reach.error) {
    body = (
      <p className="notice notice-error" role="alert">
        {t('admin.loadFailed', { message: errorMessage(t, reach.error) })}
      </p>
    );
  } else body = <ReachBody reach={reach.data} />;

  return (
    <div className="stack">
      <h1>{t('adminReach.title')}</h1>
      <p>{t('adminReach.lead')}</p>
      {body}
    </div>
  );
}

function ReachBody({ reach }: { reach: AdminReach }) {
  const { t } = useTranslation();
  const monthLabel = useMonthLabel();
  const [params] = useSearchParams();
  const chosen = reach.months.find((m) => m.month === params.get('month'));
  // The current month is the last; an unknown month in the address shows it.
  const month = chosen ?? reach.months.at(-1)!;
  const current = reach.months.at(-1)!.month;

  return (
    <>
      <nav className="admin-nav" aria-label={t('adminReach.monthsLabel')}>
        <ul>
          {reach.months.map(({ month: each }) => (
            <li key={each}>
              <Link
                to={`?month=${each}`}
                className={`admin-nav-link${each === month.month ? ' active' : ''}`}
                aria-current={each === month.month ? 'page' : undefined}
              >
                {each === current ? t('adminReach.thisMonth') : monthLabel(each)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <MonthFigures month={month} />
      <SpreadChart month={month} alumni={reach.alumni} />
      <MonthsTable months={reach.months} />
      <LeftOutList
        list="never-asked"
        title={t('adminReach.neverAskedTitle', { days: NEVER_ASKED_DAYS })}
        lead={t('adminReach.neverAskedLead')}
        total={reach.neverAsked.total}
        headings={[
          t('adminReach.name'),
          t('adminReach.company'),
          t('adminReach.lastAskedAt'),
          t('adminReach.accepting'),
          t('adminReach.registeredAt'),
        ]}
        rows={reach.neverAsked.items.map((mentor) => ({
          key: mentor.userId,
          name: mentor.name,
          cells: [
            mentor.company,
            mentor.lastAskedAt ? formatDate(mentor.lastAskedAt) : t('adminReach.never'),
            mentor.acceptingRequests ? t('adminReach.acceptingOn') : t('adminReach.acceptingOff'),
            formatDate(mentor.registeredAt),
          ],
        }))}
      />
      <StudentList
        list="no-request"
        title={t('adminReach.noRequestTitle')}
        lead={t('adminReach.noRequestLead')}
        students={reach.noRequest}
      />
      <StudentList
        list="no-visit"
        title={t('adminReach.noVisitTitle')}
        lead={t('adminReach.noVisitLead')}
        students={reach.noVisit}
      />
    </>
  );
}

function percent(rate: number): number {
  return Math.round(rate * 100);
}

function MonthFigures({ month }: { month: ReachMonth }) {
  const { t } = useTranslation();
  const monthLabel = useMonthLabel();
  const headingId = useId();
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('adminReach.figuresTitle', { month: monthLabel(month.month) })}</h2>
      <dl className="admin-totals">
        <div>
          <dt>{t('adminReach.requested')}</dt>
          <dd>{t('admin.overview.items', { count: month.requested })}</dd>
        </div>
        <div>
          <dt>{t('adminReach.acceptance')}</dt>
          <dd>
            {month.acceptanceRate === null
              ? t('admin.none')
              : t('adminReach.acceptanceValue', { value: percent(month.acceptanceRate) })}
            <span className="admin-total-note">
              {t('adminReach.acceptanceNote', { agreed: month.agreed, decided: month.decided })}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('adminReach.medianAnswer')}</dt>
          <dd>
            {month.medianHoursToAnswer === null
              ? t('admin.none')
              : t('adminReach.medianAnswerValue', { hours: month.medianHoursToAnswer })}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** The month's requests per alumna: the chart (with the ones nobody asked) and the table. */
function SpreadChart({ month, alumni }: { month: ReachMonth; alumni: number }) {
  const { t } = useTranslation();
  const monthLabel = useMonthLabel();
  const asked = month.perMentor;
  const { shown, toggle } = useFirstRows(asked);
  const notAsked = Math.max(0, alumni - asked.length);
  const bars = [
    ...asked.map((entry) => ({ key: entry.userId, name: entry.name, count: entry.count })),
    ...Array.from({ length: Math.min(notAsked, MAX_EMPTY_BARS) }, (_, i) => ({
      key: `none-${i}`,
      name: '',
      count: 0,
    })),
  ];
  const top = Math.max(1, Math.ceil(Math.max(alumni, asked.length) * TOP_SHARE_OF_ALUMNI));
  const countHeading = t('adminReach.requests');

  return (
    <ChartCard
      title={t('adminReach.spreadTitle', { month: monthLabel(month.month) })}
      wide
      empty={asked.length === 0}
      emptyText={t('adminReach.spreadNone')}
      lead={
        <>
          {month.topFifthShare === null ? null : (
            <p>
              {t('adminReach.topShare', {
                top,
                alumni,
                share: percent(month.topFifthShare),
              })}
            </p>
          )}
          <p className="muted">
            {t('adminReach.spreadLead')} {t('adminReach.notAskedThisMonth', { count: notAsked })}
          </p>
        </>
      }
      headings={[t('adminReach.mentor'), countHeading]}
      rows={shown.map((entry) => ({ key: entry.userId, label: entry.name, cells: [entry.count] }))}
      footer={toggle}
      chart={
        <SpreadDrawing rows={bars} countHeading={countHeading} axisLabel={t('adminReach.mentor')} />
      }
    />
  );
}

/** The four months side by side: sent, accepted, the rate and the median answer. */
function MonthsTable({ months }: { months: ReachMonth[] }) {
  const { t } = useTranslation();
  const monthLabel = useMonthLabel();
  const headingId = useId();
  const captionId = useId();
  const hintId = useId();
  const title = t('adminReach.monthsTableTitle');
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {/* On a phone the table is wider than the screen: say so, as the overview's funnel does. */}
      <p id={hintId} className="table-scroll-hint">
        {t('admin.overview.scrollHint')}
      </p>
      <div
        className="admin-table-scroll"
        role="region"
        aria-labelledby={captionId}
        aria-describedby={hintId}
        tabIndex={0}
      >
        <table className="admin-table">
          <caption id={captionId} className="visually-hidden">
            {t('admin.overview.tableCaption', { title })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('adminReach.month')}</th>
              <th scope="col">{t('adminReach.requested')}</th>
              <th scope="col">{t('adminReach.agreed')}</th>
              <th scope="col">{t('adminReach.acceptance')}</th>
              <th scope="col">{t('adminReach.medianAnswer')}</th>
            </tr>
          </thead>
          <tbody>
            {months.map((month) => (
              <tr key={month.month}>
                <th scope="row">{monthLabel(month.month)}</th>
                <td>{month.requested}</td>
                <td>{month.agreed}</td>
                <td>
                  {month.acceptanceRate === null
                    ? t('admin.none')
                    : t('adminReach.acceptanceValue', { value: percent(month.acceptanceRate) })}
                </td>
                <td>
                  {month.medianHoursToAnswer === null
                    ? t('admin.none')
                    : t('adminReach.medianAnswerValue', { hours: month.medianHoursToAnswer })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function StudentList({
  list,
  title,
  lead,
  students,
}: {
  list: ReachList;
  title: string;
  lead: string;
  students: AdminReach['noRequest'];
}) {
  const { t, i18n } = useTranslation();
  return (
    <LeftOutList
      list={list}
      title={title}
      lead={lead}
      total={students.total}
      headings={[
        t('adminReach.name'),
        t('adminReach.university'),
        t('adminReach.grade'),
        t('adminReach.requests'),
        t('adminReach.lastRequestAt'),
        t('adminReach.registeredAt'),
        t('adminReach.action'),
      ]}
      rows={students.items.map((student: LeftOutStudent) => ({
        key: student.userId,
        name: student.name,
        cells: [
          universityName(student.universityName, student.universityNameEn, i18n.language),
          gradeName(student.grade, i18n.language),
          student.requests,
          student.lastRequestAt ? formatDate(student.lastRequestAt) : t('adminReach.never'),
          formatDate(student.registeredAt),
          <Link
            key="introduce"
            to={introduceUrl(student.userId)}
            className="button button-secondary"
            aria-label={t('adminReach.introduceLabel', { name: student.name })}
          >
            {t('adminReach.introduce')}
          </Link>,
        ],
      }))}
    />
  );
}

/** One list of who is left out: how many, its first rows as a table, and its CSV. */
function LeftOutList({
  list,
  title,
  lead,
  total,
  headings,
  rows,
}: {
  list: ReachList;
  title: string;
  lead: string;
  total: number;
  headings: string[];
  rows: { key: string; name: string; cells: ReactNode[] }[];
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const captionId = useId();
  const { shown, toggle } = useFirstRows(rows);
  return (
    <section className="card reach-list" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {title}{' '}
        <span className="admin-total-note">{t('adminReach.listCount', { count: total })}</span>
      </h2>
      <p className="muted">{lead}</p>
      {rows.length === 0 ? (
        <p>{t('adminReach.listEmpty')}</p>
      ) : (
        <div className="admin-table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
          <table className="admin-table stacked-table">
            <caption id={captionId} className="visually-hidden">
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
              {shown.map((row) => (
                <tr key={row.key}>
                  <th scope="row" className="admin-break" data-label={headings[0]}>
                    {row.name}
                  </th>
                  {row.cells.map((cell, i) => (
                    // The columns never move: a cell's place is its identity.
                    <td key={i} data-label={headings[i + 1]}>
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {toggle ? <p>{toggle}</p> : null}
      {rows.length < total ? (
        <p className="muted">{t('adminReach.listShowing', { shown: rows.length, total })}</p>
      ) : null}
      {total > 0 ? (
        <p>
          <a className="button button-secondary" href={exportUrls.reach(list)} download>
            {t('adminReach.download')}
          </a>
        </p>
      ) : null}
    </section>
  );
}
