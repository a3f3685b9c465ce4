import { useQuery } from '@tanstack/react-query';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { gradeName } from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import { SIGN_UP_WEEKS, type AdminOverview } from '../../../shared/schemas/admin';
import { industryPartName } from '../../../shared/taxonomy-en';
import { errorMessage } from '../../api/error-message';
import { useDocumentTitle } from '../../lib/document-title';
import { DashboardSkeleton } from '../../components/skeletons';
import { universityName } from '../../lib/university-name';
import { adminOverviewQuery, exportUrls } from './api';
import { ChartCard } from './chart-card';
import { VisitFunnel } from './visit-funnel';
import { UnconfirmedVisits } from './unconfirmed-visits';
import './admin.css';

// The charts' drawings load after the page (the chart library is most of the console's weight).
const CountDrawing = lazy(() =>
  import('./overview-charts').then((module) => ({ default: module.CountDrawing })),
);
const SignUpsDrawing = lazy(() =>
  import('./overview-charts').then((module) => ({ default: module.SignUpsDrawing })),
);

interface CountRow {
  label: string;
  count: number;
}

/** /admin: totals, then each breakdown as a chart with its table, then the CSV exports. */
export function OverviewPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('admin.overview.title'));
  const overview = useQuery(adminOverviewQuery);

  let body;
  if (overview.isPending) body = <DashboardSkeleton />;
  else if (overview.error) {
    body = (
      <p className="notice notice-error" role="alert">
        {t('admin.loadFailed', { message: errorMessage(t, overview.error) })}
      </p>
    );
  } else body = <OverviewBody overview={overview.data} />;

  return (
    <div className="stack">
      <h1>{t('admin.overview.title')}</h1>
      {body}
      <UnconfirmedVisits />
      <ExportLinks />
    </div>
  );
}

/**
 * Mail the site could not send yet. A backlog older than a few minutes, or mail
 * given up on, means the SMTP settings or server need a look.
 */
function OutboxTotals({ outbox }: { outbox: AdminOverview['outbox'] }) {
  const { t } = useTranslation();
  const minutes = Math.floor((outbox.oldestPendingSeconds ?? 0) / 60);
  return (
    <>
      <div>
        <dt>{t('admin.overview.outboxPending')}</dt>
        <dd>
          {t('admin.overview.items', { count: outbox.pending })}
          {minutes >= 5 ? (
            <span className="admin-total-note">
              {t('admin.overview.outboxOldest', { minutes })}
            </span>
          ) : null}
        </dd>
      </div>
      {outbox.failed > 0 ? (
        <div>
          <dt>{t('admin.overview.outboxFailed')}</dt>
          <dd>{t('admin.overview.items', { count: outbox.failed })}</dd>
        </div>
      ) : null}
    </>
  );
}

function OverviewBody({ overview }: { overview: AdminOverview }) {
  const { t, i18n } = useTranslation();
  const pending = overview.invitations.find((row) => row.status === 'pending')?.count ?? 0;
  const statusLabel = {
    pending: t('admin.invitations.statusPending'),
    completed: t('admin.invitations.statusCompleted'),
    expired: t('admin.invitations.statusExpired'),
  } as const;

  return (
    <>
      <section className="card" aria-labelledby="admin-totals">
        <h2 id="admin-totals">{t('admin.overview.totalsTitle')}</h2>
        <dl className="admin-totals">
          <div>
            <dt>{t('admin.overview.studentsTotal')}</dt>
            <dd>{t('admin.overview.people', { count: overview.students.total })}</dd>
          </div>
          <div>
            <dt>{t('admin.overview.mentorsTotal')}</dt>
            <dd>{t('admin.overview.people', { count: overview.mentors.total })}</dd>
          </div>
          <div>
            <dt>{t('admin.overview.pendingTotal')}</dt>
            <dd>{t('admin.overview.items', { count: pending })}</dd>
          </div>
          <div>
            <dt>{t('admin.overview.openReports')}</dt>
            <dd>
              <Link to={`${paths.adminReports}?status=open`}>
                {t('admin.overview.items', { count: overview.openReports })}
              </Link>
            </dd>
          </div>
          <OutboxTotals outbox={overview.outbox} />
        </dl>
      </section>
      <VisitFunnel visits={overview.visits} />
      <div className="admin-charts">
        <CountChart
          title={t('admin.overview.studentsByUniversity')}
          labelHeading={t('admin.overview.university')}
          countHeading={t('admin.overview.count')}
          horizontal
          rows={overview.students.byUniversity.map((row) => ({
            label: universityName(row.universityName, row.universityNameEn, i18n.language),
            count: row.count,
          }))}
        />
        <CountChart
          title={t('admin.overview.studentsByGrade')}
          labelHeading={t('admin.overview.grade')}
          countHeading={t('admin.overview.count')}
          rows={overview.students.byGrade.map((row) => ({
            label: gradeName(row.grade, i18n.language),
            count: row.count,
          }))}
        />
        <CountChart
          title={t('admin.overview.mentorsByIndustry')}
          labelHeading={t('admin.overview.industry')}
          countHeading={t('admin.overview.count')}
          horizontal
          rows={overview.mentors.byIndustryCategory.map((row) => ({
            label: industryPartName(row.category, i18n.language),
            count: row.count,
          }))}
        />
        <CountChart
          title={t('admin.overview.mentorsByYear')}
          labelHeading={t('admin.overview.graduationYear')}
          countHeading={t('admin.overview.count')}
          rows={overview.mentors.byGraduationYear.map((row) => ({
            label: t('admin.overview.yearLabel', { year: row.year }),
            count: row.count,
          }))}
        />
        <CountChart
          title={t('admin.overview.invitationsByStatus')}
          labelHeading={t('admin.overview.status')}
          countHeading={t('admin.overview.invitationCount')}
          rows={overview.invitations.map((row) => ({
            label: statusLabel[row.status],
            count: row.count,
          }))}
        />
        <SignUpsChart weeks={overview.signUpsPerWeek} />
      </div>
    </>
  );
}

/** One breakdown: a bar per label, with its table. */
function CountChart({
  title,
  labelHeading,
  countHeading,
  rows,
  horizontal = false,
}: {
  title: string;
  labelHeading: string;
  countHeading: string;
  rows: CountRow[];
  /** Bars across, for long category names. */
  horizontal?: boolean;
}) {
  return (
    <ChartCard
      title={title}
      empty={rows.every((row) => row.count === 0)}
      headings={[labelHeading, countHeading]}
      rows={rows.map((row) => ({ key: row.label, label: row.label, cells: [row.count] }))}
      chart={<CountDrawing rows={rows} horizontal={horizontal} countHeading={countHeading} />}
    />
  );
}

/** YYYY-MM-DD (a Monday, Japan time) as 2026/11/16, and 11/16 on the axis. */
function weekDate(weekStart: string, short = false): string {
  const [year, month, day] = weekStart.split('-');
  return short ? `${Number(month)}/${Number(day)}` : `${year}/${month}/${day}`;
}

function SignUpsChart({ weeks }: { weeks: AdminOverview['signUpsPerWeek'] }) {
  const { t } = useTranslation();
  const students = t('admin.overview.students');
  const mentors = t('admin.overview.mentors');
  const data = weeks.map((week) => ({ ...week, label: weekDate(week.weekStart, true) }));

  return (
    <ChartCard
      title={t('admin.overview.signUpsPerWeek', { weeks: SIGN_UP_WEEKS })}
      wide
      headings={[t('admin.overview.week'), students, mentors]}
      rows={weeks.map((week) => ({
        key: week.weekStart,
        label: t('admin.overview.weekOf', { date: weekDate(week.weekStart) }),
        cells: [week.students, week.mentors],
      }))}
      chart={<SignUpsDrawing data={data} students={students} mentors={mentors} />}
    />
  );
}

/** Plain links: the browser downloads the file with the session cookie (same origin). */
function ExportLinks() {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="admin-export">
      <h2 id="admin-export">{t('admin.export.title')}</h2>
      <p>{t('admin.export.lead')}</p>
      <div className="button-row">
        <a className="button button-secondary" href={exportUrls.students} download>
          {t('admin.export.students')}
        </a>
        <a className="button button-secondary" href={exportUrls.mentors} download>
          {t('admin.export.mentors')}
        </a>
        <a className="button button-secondary" href={exportUrls.visits} download>
          {t('admin.export.visits')}
        </a>
      </div>
    </section>
  );
}
