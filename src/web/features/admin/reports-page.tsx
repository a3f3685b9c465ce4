import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { REPORT_REASONS, RETENTION_DAYS, type ReportReason } from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import {
  REPORT_RESOLUTION_NOTE_MAX_LENGTH,
  REPORT_STATUSES,
  type AdminReport,
  type RegistrationHold,
} from '../../../shared/schemas/safety';
import { SelectField, TextAreaField } from '../../components/form-fields';
import { formatDate } from '../../lib/format';
import {
  adminReportsQuery,
  registrationHoldsQuery,
  reportedThreadQuery,
  useClearHold,
  useReopenReport,
  useResolveReport,
  useSetReportNote,
} from './api';
import { ConfirmDialog, type ConfirmRequest } from '../../components/confirm-dialog';
import { AdminListPage, FilterForm } from './list-parts';
import { useUrlFilters } from '../../lib/use-url-filters';
import { VALIDATION } from '../../../shared/messages/validation-keys';
import './admin.css';

const FILTERS = ['status'] as const;

/**
 * /admin/reports: what users reported, newest first. An admin reads a report, acts on the
 * account in the users page (suspension, deletion), marks the report handled (対応済み) and keeps
 * a note of what was done; the note can change later, and a handled report can be opened again.
 */
export function ReportsPage() {
  const { t } = useTranslation();
  const { filters, setFilter, clear } = useUrlFilters(FILTERS, { status: REPORT_STATUSES });
  const list = useInfiniteQuery(adminReportsQuery(filters));
  const reports = list.data?.pages.flatMap((page) => page.reports) ?? [];
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const filtered = Object.keys(filters).length > 0;

  return (
    <AdminListPage
      title={t('admin.reports.title')}
      lead={t('admin.reports.lead')}
      filters={
        <FilterForm title={t('admin.reports.filtersTitle')} onClear={clear}>
          <SelectField
            label={t('admin.reports.status')}
            placeholder={t('admin.any')}
            value={filters.status ?? ''}
            onChange={(event) => setFilter('status', event.target.value)}
          >
            <option value="open">{t('admin.reports.statusOpen')}</option>
            <option value="resolved">{t('admin.reports.statusResolved')}</option>
          </SelectField>
        </FilterForm>
      }
      list={list}
      count={reports.length}
      empty={filtered ? t('admin.reports.noMatch') : t('admin.reports.empty')}
      shape={{
        kind: 'cards',
        headingId: 'admin-report-list',
        heading: t('admin.reports.listLabel'),
      }}
      afterList={
        <>
          <RegistrationHolds ask={setConfirm} />
          <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
        </>
      }
    >
      {reports.map((report) => (
        <ReportRow key={`${report.id}:${report.status}`} report={report} ask={setConfirm} />
      ))}
    </AdminListPage>
  );
}

/**
 * Addresses whose account went while suspended or under an open report. They cannot
 * register again until an admin clears them here (audited).
 */
function RegistrationHolds({ ask }: { ask: (request: ConfirmRequest) => void }) {
  const { t } = useTranslation();
  const holds = useQuery(registrationHoldsQuery);
  return (
    <section className="card" aria-labelledby="admin-hold-list">
      <h2 id="admin-hold-list">{t('admin.holds.title')}</h2>
      <p>{t('admin.holds.lead', { days: RETENTION_DAYS })}</p>
      {holds.isError ? (
        <p className="notice notice-error" role="alert">
          {t('admin.holds.loadFailed')}
        </p>
      ) : holds.data && holds.data.length === 0 ? (
        <p className="muted">{t('admin.holds.empty')}</p>
      ) : (
        <ul className="admin-list">
          {(holds.data ?? []).map((hold) => (
            <HoldRow key={`${hold.id}:${hold.clearedAt !== null}`} hold={hold} ask={ask} />
          ))}
        </ul>
      )}
    </section>
  );
}

function HoldRow({
  hold,
  ask,
}: {
  hold: RegistrationHold;
  ask: (request: ConfirmRequest) => void;
}) {
  const { t } = useTranslation();
  const clear = useClearHold();
  const headingId = useId();
  const held = hold.clearedAt === null;

  function askClear() {
    ask({
      title: t('admin.holds.clearTitle'),
      body: <p>{t('admin.holds.clearBody', { email: hold.email })}</p>,
      confirmLabel: t('admin.holds.clearConfirm'),
      pendingLabel: t('admin.holds.clearing'),
      tone: 'primary',
      run: async () => {
        await clear.mutateAsync(hold.id);
        return t('admin.holds.cleared', { email: hold.email });
      },
    });
  }

  return (
    <li className="admin-row">
      <div className="admin-row-head">
        <h3 id={headingId} className="admin-row-title admin-break">
          {hold.email}
        </h3>
        <span className={held ? 'badge admin-badge-warning' : 'badge admin-badge-ok'}>
          {held ? t('admin.holds.held') : t('admin.holds.clearedBadge')}
        </span>
        <span className="badge admin-badge-role">
          {hold.reason === 'suspension'
            ? t('admin.holds.reasonSuspension')
            : t('admin.holds.reasonReport')}
        </span>
      </div>
      <dl className="admin-meta">
        <div>
          <dt>{t('admin.holds.label')}</dt>
          <dd>{hold.label}</dd>
        </div>
        <div>
          <dt>{t('admin.holds.createdAt')}</dt>
          <dd>{formatDate(hold.createdAt)}</dd>
        </div>
        {hold.clearedAt ? (
          <div>
            <dt>{t('admin.holds.clearedAt')}</dt>
            <dd>
              {formatDate(hold.clearedAt)}
              {hold.clearedByEmail ? `（${hold.clearedByEmail}）` : ''}
            </dd>
          </div>
        ) : null}
      </dl>
      {held ? (
        <div className="admin-actions">
          <button
            type="button"
            className="button button-secondary"
            aria-describedby={headingId}
            onClick={askClear}
          >
            {t('admin.holds.clear')}
          </button>
        </div>
      ) : null}
    </li>
  );
}

/** A reason by its label; one the catalogue no longer knows is shown as stored. */
function useReasonLabel() {
  const { t } = useTranslation();
  return (reason: string): string =>
    (REPORT_REASONS as readonly string[]).includes(reason)
      ? t(`reportReasons.${reason as ReportReason}`)
      : reason;
}

function ReportRow({
  report,
  ask,
}: {
  report: AdminReport;
  ask: (request: ConfirmRequest) => void;
}) {
  const { t } = useTranslation();
  const resolve = useResolveReport();
  const reopen = useReopenReport();
  const setNote = useSetReportNote();
  const reasonLabel = useReasonLabel();
  const headingId = useId();
  // The note is typed inside the confirmation dialog, read when the admin confirms.
  const noteRef = useRef('');
  const label = report.reported.label;
  const open = report.status === 'open';

  function askResolve() {
    noteRef.current = '';
    ask({
      title: t('admin.reports.resolveTitle'),
      body: (
        <>
          <p>{t('admin.reports.resolveBody', { label })}</p>
          <ResolutionNoteField noteRef={noteRef} />
        </>
      ),
      confirmLabel: t('admin.reports.resolveConfirm'),
      pendingLabel: t('admin.reports.resolving'),
      tone: 'primary',
      run: async () => {
        const text = noteRef.current.trim();
        await resolve.mutateAsync({ id: report.id, body: text ? { note: text } : {} });
        return t('admin.reports.resolved', { label });
      },
    });
  }

  function askNote() {
    noteRef.current = report.note ?? '';
    ask({
      title: t('admin.reports.noteTitle'),
      body: (
        <>
          <p>{t('admin.reports.noteBody', { label })}</p>
          <ResolutionNoteField
            noteRef={noteRef}
            initial={report.note ?? ''}
            label={t('admin.reports.noteEditLabel')}
          />
        </>
      ),
      confirmLabel: t('admin.reports.noteConfirm'),
      pendingLabel: t('admin.reports.noteSaving'),
      tone: 'primary',
      run: async () => {
        await setNote.mutateAsync({ id: report.id, body: { note: noteRef.current.trim() } });
        return t('admin.reports.noteSaved', { label });
      },
    });
  }

  function askReopen() {
    ask({
      title: t('admin.reports.reopenTitle'),
      body: <p>{t('admin.reports.reopenBody', { label })}</p>,
      confirmLabel: t('admin.reports.reopenConfirm'),
      pendingLabel: t('admin.reports.reopening'),
      tone: 'primary',
      run: async () => {
        await reopen.mutateAsync(report.id);
        return t('admin.reports.reopened', { label });
      },
    });
  }

  return (
    <li className="admin-row">
      <div className="admin-row-head">
        <h3 id={headingId} className="admin-row-title">
          {label}
        </h3>
        <span className={open ? 'badge admin-badge-warning' : 'badge admin-badge-ok'}>
          {open ? t('admin.reports.statusOpen') : t('admin.reports.statusResolved')}
        </span>
        <span className="badge admin-badge-role">{reasonLabel(report.reason)}</span>
        {report.reported.id === null ? (
          <span className="badge badge-muted">{t('admin.reports.reportedWithdrawn')}</span>
        ) : report.reported.suspended ? (
          <span className="badge admin-badge-stopped">{t('admin.reports.reportedSuspended')}</span>
        ) : null}
      </div>
      <dl className="admin-meta">
        <div>
          <dt>{t('admin.reports.reporter')}</dt>
          <dd>
            {report.reporter ? (
              <>
                {report.reporter.label}
                <br />
                <span className="admin-break">{report.reporter.email}</span>
              </>
            ) : (
              t('admin.reports.reporterWithdrawn')
            )}
          </dd>
        </div>
        <div>
          <dt>{t('admin.reports.reportedAt')}</dt>
          <dd>{formatDate(report.createdAt)}</dd>
        </div>
        {report.visit ? (
          <div className="admin-meta-wide">
            <dt>{t('admin.reports.visitRequest')}</dt>
            <dd>
              <VisitLabel visit={report.visit} />
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="report-details">
        <p className="report-details-label">{t('admin.reports.details')}</p>
        <p className="report-details-text">{report.details}</p>
      </div>
      {report.messageBody !== null ? (
        <div className="report-details">
          <p className="report-details-label">{t('admin.reports.message')}</p>
          <p className="report-details-text">{report.messageBody}</p>
        </div>
      ) : null}
      {report.visit ? <ReportedThread reportId={report.id} /> : null}
      {report.reported.email ? (
        <p className="admin-row-link">
          <Link
            to={`${paths.adminUsers}?${new URLSearchParams({ q: report.reported.email }).toString()}`}
            aria-describedby={headingId}
          >
            {t('admin.reports.openUser')}
          </Link>
        </p>
      ) : null}
      <dl className="admin-meta">
        {report.resolution ? (
          <>
            <div>
              <dt>{t('admin.reports.resolvedAt')}</dt>
              <dd>{formatDate(report.resolution.resolvedAt)}</dd>
            </div>
            <div>
              <dt>{t('admin.reports.resolvedBy')}</dt>
              <dd>{report.resolution.resolvedBy?.email ?? t('admin.reports.resolverWithdrawn')}</dd>
            </div>
          </>
        ) : null}
        <div className="admin-meta-wide">
          <dt>{t('admin.reports.note')}</dt>
          <dd className="report-details-text">{report.note ?? t('admin.reports.noNote')}</dd>
        </div>
      </dl>
      <div className="admin-actions">
        {open ? (
          <button
            type="button"
            className="button button-primary"
            aria-describedby={headingId}
            onClick={askResolve}
          >
            {t('admin.reports.resolve')}
          </button>
        ) : null}
        <button
          type="button"
          className="button button-secondary"
          aria-describedby={headingId}
          onClick={askNote}
        >
          {report.note === null ? t('admin.reports.editNote') : t('admin.reports.changeNote')}
        </button>
        {open ? null : (
          <button
            type="button"
            className="button button-secondary"
            aria-describedby={headingId}
            onClick={askReopen}
          >
            {t('admin.reports.reopen')}
          </button>
        )}
      </div>
    </li>
  );
}

/**
 * The request a report is about, as people know it: 「山田 花子さん と 佐藤 美咲さんの OG訪問
 * （2026/12/03 14:00）」, or the day it was sent while no time is agreed. Never its id.
 */
function VisitLabel({ visit }: { visit: NonNullable<AdminReport['visit']> }) {
  const { t } = useTranslation();
  const person = (name: string | null) =>
    name === null ? t('admin.reports.visitWithdrawn') : t('admin.reports.visitPerson', { name });
  const names = { student: person(visit.studentName), mentor: person(visit.mentorName) };
  return visit.meetingAt
    ? t('admin.reports.visitLabel', { ...names, date: formatDate(visit.meetingAt) })
    : t('admin.reports.visitRequestedLabel', { ...names, date: formatDate(visit.requestedAt) });
}

/**
 * The conversation the report is about, shown only when the admin asks (docs/PRODUCT.md §8):
 * each reading is written to the audit log.
 */
function ReportedThread({ reportId }: { reportId: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const thread = useQuery({ ...reportedThreadQuery(reportId), enabled: shown });
  if (!shown) {
    return (
      <div className="report-thread">
        <button type="button" className="button button-secondary" onClick={() => setShown(true)}>
          {t('admin.reports.showThread')}
        </button>
        <p className="field-hint">{t('admin.reports.threadAudited')}</p>
      </div>
    );
  }
  return (
    <section className="report-thread" aria-label={t('admin.reports.thread')}>
      <p className="report-details-label">{t('admin.reports.thread')}</p>
      {thread.isPending ? (
        <p className="muted">{t('app.loading')}</p>
      ) : thread.error ? (
        <p className="notice notice-error" role="alert">
          {t('admin.reports.threadFailed')}
        </p>
      ) : thread.data.messages.length === 0 ? (
        <p className="muted">{t('admin.reports.threadEmpty')}</p>
      ) : (
        <ol className="report-thread-messages">
          {thread.data.messages.map((message) => (
            <li key={message.id}>
              <p className="report-thread-meta">
                {t(`admin.reports.threadSide.${message.side}`)} ・ {formatDate(message.createdAt)}
              </p>
              <p className="report-details-text">{message.body}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The note in the confirmation, with its own counter; the row reads it on confirm. */
function ResolutionNoteField({
  noteRef,
  initial = '',
  label,
}: {
  noteRef: RefObject<string>;
  initial?: string;
  label?: string;
}) {
  const { t } = useTranslation();
  // Each confirmation starts from the note as it is (the ask sets the ref to the same).
  const [text, setText] = useState(initial);
  const over = text.trim().length > REPORT_RESOLUTION_NOTE_MAX_LENGTH;
  return (
    <TextAreaField
      label={label ?? t('admin.reports.noteLabel')}
      hint={t('admin.reports.noteHint')}
      rows={4}
      value={text}
      errorKey={over ? VALIDATION.reportNoteTooLong : undefined}
      counter={t('admin.reports.noteCounter', {
        count: text.trim().length,
        max: REPORT_RESOLUTION_NOTE_MAX_LENGTH,
      })}
      counterOver={over}
      onChange={(event) => {
        setText(event.target.value);
        noteRef.current = event.target.value;
      }}
    />
  );
}
