import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { LoadFailedCard } from '../../components/load-failed-card';
import { LoadMore } from '../../components/load-more';
import { RowsSkeleton } from '../../components/skeletons';
import { useDocumentTitle } from '../../lib/document-title';
import { useSession } from '../../lib/session';
import { useUrlFilters } from '../../lib/use-url-filters';
import { NoteCard } from './note-card';
import {
  LinkedFilterChips,
  NOTE_FILTER_VALUES,
  NOTE_FILTERS,
  NoteSearchForm,
  noteSearchPagesQuery,
} from './note-search-filters';
import './visit-notes.css';
import './note-search.css';

/**
 * /visit-notes: the seminar's shared 訪問記録, for students and admins (docs/PRODUCT.md §7a).
 * The conditions live in the address, as the OG list's do; the server filters, orders (newest
 * first) and pages.
 */
export function NoteSearchPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('noteSearch.title'));
  const role = useSession().data?.user?.role;
  const { filters, setFilters, setFilter, clear, search } = useUrlFilters(
    NOTE_FILTERS,
    NOTE_FILTER_VALUES,
  );
  const list = useInfiniteQuery(noteSearchPagesQuery(filters));

  if (list.error && !list.data) {
    return (
      <LoadFailedCard title={t('noteSearch.title')} message={t('noteSearch.failed')}>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void list.refetch()}
        >
          {t('noteSearch.retry')}
        </button>
      </LoadFailedCard>
    );
  }

  const notes = list.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Object.keys(filters).length > 0;
  // Her notes are the ones that name her: the first one says how.
  const mentorName = filters.mentor ? (notes[0]?.mentor.name ?? null) : null;

  return (
    <section className="ns-search">
      <h1>{t('noteSearch.title')}</h1>
      <p className="ns-search-lead">
        {t('noteSearch.lead')}
        {role === 'student' ? (
          <>
            {' '}
            <Link to={paths.myVisitNotes}>{t('noteSearch.myNotes')}</Link>
          </>
        ) : null}
      </p>
      <NoteSearchForm key={search} filters={filters} onApply={(next) => setFilters(next)} />
      <LinkedFilterChips
        filters={filters}
        mentorName={mentorName}
        onRemove={(name) => setFilter(name, '')}
      />
      {list.isPending ? (
        <RowsSkeleton rows={4} />
      ) : notes.length === 0 ? (
        <NoNotes filtered={filtered} onClear={clear} />
      ) : (
        <>
          <Total total={list.data?.pages[0]?.total ?? null} shown={notes.length} />
          <ul className="ns-search-list">
            {notes.map((note) => (
              <li key={note.id}>
                <NoteCard note={note} />
              </li>
            ))}
          </ul>
          {list.isFetchNextPageError ? (
            <p className="notice notice-error" role="alert">
              {t('noteSearch.loadMoreFailed')}
            </p>
          ) : null}
          {list.hasNextPage ? (
            <LoadMore
              loading={list.isFetchingNextPage}
              onLoadMore={() => void list.fetchNextPage()}
              label={t('noteSearch.loadMore')}
              loadingLabel={t('noteSearch.loadingMore')}
            />
          ) : null}
        </>
      )}
    </section>
  );
}

/** 「全 N 件」 from the first page; later pages do not repeat it. */
function Total({ total, shown }: { total: number | null; shown: number }) {
  const { t } = useTranslation();
  return (
    <p className="muted list-total" role="status">
      {total === null
        ? t('noteSearch.showing', { count: shown })
        : t('noteSearch.total', { total })}
    </p>
  );
}

/**
 * Nothing to show: either nothing is shared yet (say where notes come from) or nothing matches
 * the conditions (offer to clear them).
 */
function NoNotes({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  const { t } = useTranslation();
  if (filtered) {
    return (
      <div className="card ns-empty" role="status">
        <h2>{t('noteSearch.noMatchTitle')}</h2>
        <p>{t('noteSearch.noMatchBody')}</p>
        <button type="button" className="button button-secondary" onClick={onClear}>
          {t('noteSearch.clear')}
        </button>
      </div>
    );
  }
  return (
    <div className="card ns-empty" role="status">
      <h2>{t('noteSearch.emptyTitle')}</h2>
      <p>{t('noteSearch.emptyBody')}</p>
    </div>
  );
}
