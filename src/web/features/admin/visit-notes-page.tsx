import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { VisitNote } from '../../../shared/schemas/visit-notes';
import { ConfirmDialog, type ConfirmRequest } from '../../components/confirm-dialog';
import { useDocumentTitle } from '../../lib/document-title';
import { formatConfirmedTime } from '../../lib/meeting-time';
import { useUrlFilters } from '../../lib/use-url-filters';
import { MentorLabel, NoteView } from '../visit-notes';
import {
  adminVisitNotePagesQuery,
  useRestoreVisitNote,
  VISIT_NOTE_EXPORTS,
} from '../visit-notes/api';
import { HideNoteDialog } from './hide-note-dialog';
import { FilterForm, PagedListBody } from './list-parts';
import { VisitNoteSummary } from './visit-note-summary';
import './admin.css';

const STATES = ['shared', 'hidden'] as const;
type NoteState = (typeof STATES)[number];
const FILTERS = ['state', 'q'] as const;

const STATE_TEXTS = {
  shared: { label: 'adminNotes.shared', empty: 'adminNotes.emptyShared' },
  hidden: { label: 'adminNotes.hidden', empty: 'adminNotes.emptyHidden' },
} as const;

/**
 * /admin/visit-notes: the seminar's shared 訪問記録 kept healthy (docs/PRODUCT.md §7a). Counts by
 * company and 年度 leading to the search, the exports of the consented notes, and the notes
 * themselves, shared or hidden: a note is hidden with a reason its author reads, or shown again.
 */
export function VisitNotesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('adminNotes.title'));
  const { filters, setFilter, clear } = useUrlFilters(FILTERS, { state: STATES });
  const state: NoteState = filters.state === 'hidden' ? 'hidden' : 'shared';
  const list = useInfiniteQuery(adminVisitNotePagesQuery({ state, q: filters.q }));
  const notes = list.data?.pages.flatMap((page) => page.items) ?? [];
  const [hiding, setHiding] = useState<VisitNote | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);

  return (
    <div className="stack">
      <h1>{t('adminNotes.title')}</h1>
      <p>{t('adminNotes.lead')}</p>
      <VisitNoteSummary />
      <ExportLinks />
      <FilterForm
        title={t('adminNotes.filtersTitle')}
        search={{
          param: 'q',
          label: t('adminNotes.search'),
          hint: t('adminNotes.searchHint'),
          onSearch: (text) => setFilter('q', text),
        }}
        onClear={clear}
      >
        {null}
      </FilterForm>
      <section className="card" aria-labelledby="anotes-list">
        <h2 id="anotes-list">{t('adminNotes.listTitle')}</h2>
        <nav className="admin-nav" aria-label={t('adminNotes.tabsLabel')}>
          <ul>
            {STATES.map((each) => (
              <li key={each}>
                <Link
                  to={`?${new URLSearchParams({ ...filters, state: each }).toString()}`}
                  className={`admin-nav-link${each === state ? ' active' : ''}`}
                  aria-current={each === state ? 'page' : undefined}
                >
                  {t(STATE_TEXTS[each].label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <PagedListBody
          list={list}
          count={notes.length}
          empty={filters.q ? t('adminNotes.noMatch') : t(STATE_TEXTS[state].empty)}
        >
          <ul className="admin-list">
            {notes.map((note) => (
              <NoteRow key={note.id} note={note} onHide={setHiding} ask={setConfirm} />
            ))}
          </ul>
        </PagedListBody>
      </section>
      <HideNoteDialog note={hiding} onClose={() => setHiding(null)} />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </div>
  );
}

/** Plain links: the browser downloads the file with the session cookie (same origin). */
function ExportLinks() {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="anotes-export">
      <h2 id="anotes-export">{t('adminNotes.exportTitle')}</h2>
      <p>{t('adminNotes.exportLead')}</p>
      <div className="button-row">
        <a className="button button-secondary" href={VISIT_NOTE_EXPORTS.csv} download>
          {t('adminNotes.exportCsv')}
        </a>
        <a className="button button-secondary" href={VISIT_NOTE_EXPORTS.markdown} download>
          {t('adminNotes.exportMarkdown')}
        </a>
      </div>
    </section>
  );
}

function NoteRow({
  note,
  onHide,
  ask,
}: {
  note: VisitNote;
  onHide: (note: VisitNote) => void;
  ask: (request: ConfirmRequest) => void;
}) {
  const { t } = useTranslation();
  const restore = useRestoreVisitNote();
  const headingId = useId();
  const company = note.company;

  function askRestore() {
    ask({
      title: t('adminNotes.restoreTitle'),
      body: <p>{t('adminNotes.restoreBody', { company })}</p>,
      confirmLabel: t('adminNotes.restoreConfirm'),
      pendingLabel: t('adminNotes.restoring'),
      tone: 'primary',
      run: async () => {
        await restore.mutateAsync(note.id);
        return t('adminNotes.restored', { company });
      },
    });
  }

  return (
    <li className="admin-row">
      <div className="admin-row-head">
        <h3 id={headingId} className="admin-row-title admin-break">
          {company}
        </h3>
        {note.hidden ? (
          <span className="badge admin-badge-stopped">{t('adminNotes.hidden')}</span>
        ) : (
          <span className="badge admin-badge-ok">{t('adminNotes.shared')}</span>
        )}
      </div>
      <p className="anotes-facts">
        <span>{t('noteView.fiscalYear', { year: note.fiscalYear })}</span>
        <span>
          <MentorLabel note={note} />
        </span>
        {note.sharedAt ? (
          <span>{t('adminNotes.sharedAt', { date: formatConfirmedTime(note.sharedAt) })}</span>
        ) : null}
      </p>
      {note.hidden ? (
        <div className="report-details">
          <p className="report-details-label">
            {t('adminNotes.hiddenReason', { date: formatConfirmedTime(note.hidden.at) })}
          </p>
          <p className="report-details-text">{note.hidden.reason}</p>
          {/* Hiding leaves updatedAt as it was: a later one is the author's rewrite, consented again. */}
          {note.updatedAt > note.hidden.at ? (
            <p className="notice notice-info">
              {t('adminNotes.updatedSinceHidden', { date: formatConfirmedTime(note.updatedAt) })}
            </p>
          ) : null}
        </div>
      ) : null}
      <details className="anotes-details">
        <summary>{t('adminNotes.readNote')}</summary>
        <NoteView note={note} headingLevel={3} />
      </details>
      <div className="admin-actions">
        {note.hidden ? (
          <button
            type="button"
            className="button button-secondary"
            aria-describedby={headingId}
            onClick={askRestore}
          >
            {t('adminNotes.restore')}
          </button>
        ) : (
          <button
            type="button"
            className="button admin-button-warn"
            aria-describedby={headingId}
            onClick={() => onHide(note)}
          >
            {t('adminNotes.hide')}
          </button>
        )}
      </div>
    </li>
  );
}
