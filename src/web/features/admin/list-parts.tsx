import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api/error-message';
import { TextField } from '../../components/form-fields';
import { RowsSkeleton } from '../../components/skeletons';
import { useSearchParamText } from '../../lib/use-url-filters';

interface PagedList {
  isPending: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * The body of a paged list: a skeleton while the first page loads, the failure in the
 * catalogue's words, the empty text, or the rows with a count and a "load more" button.
 */
export function PagedListBody({
  list,
  count,
  empty,
  children,
}: {
  list: PagedList;
  count: number;
  empty: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (list.isPending) return <RowsSkeleton rows={4} />;
  if (list.error) {
    return (
      <p className="notice notice-error" role="alert">
        {t('admin.loadFailed', { message: errorMessage(t, list.error) })}
      </p>
    );
  }
  if (count === 0) return <p className="muted">{empty}</p>;
  return (
    <>
      <p className="muted" role="status">
        {t('admin.showing', { count })}
      </p>
      {children}
      {list.hasNextPage ? (
        <div className="load-more">
          <button
            type="button"
            className="button button-secondary"
            disabled={list.isFetchingNextPage}
            aria-busy={list.isFetchingNextPage || undefined}
            onClick={() => void list.fetchNextPage()}
          >
            {list.isFetchingNextPage ? t('admin.loadingMore') : t('admin.loadMore')}
          </button>
        </div>
      ) : null}
    </>
  );
}

/**
 * A list's filter panel: a search box tied to one query parameter (sent when typing pauses
 * or on Enter), the page's selects, and "clear".
 */
export function FilterForm({
  title,
  searchParam,
  searchLabel,
  searchHint,
  onSearch,
  onClear,
  children,
}: {
  title: string;
  searchParam: string;
  searchLabel: string;
  searchHint: string;
  onSearch: (text: string) => void;
  onClear: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [text, setText] = useSearchParamText(searchParam);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(text);
  }

  return (
    <form className="card filter-form" role="search" aria-label={title} onSubmit={submit}>
      <h2 className="filter-title">{title}</h2>
      <TextField
        label={searchLabel}
        hint={searchHint}
        type="search"
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="filter-grid">{children}</div>
      <button type="button" className="button button-secondary" onClick={onClear}>
        {t('admin.clear')}
      </button>
    </form>
  );
}
