import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../api/error-message';
import { TextField } from '../../components/form-fields';
import { LoadMore } from '../../components/load-more';
import { RowsSkeleton } from '../../components/skeletons';
import { useDocumentTitle } from '../../lib/document-title';
import { useSearchParamText } from '../../lib/use-url-filters';

interface PagedList {
  isPending: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}

/**
 * How a console list lays out its rows: a table (one card per row at phone widths, see
 * `.stacked-table`) under a caption, or cards under a heading.
 */
export type ListShape =
  | { kind: 'table'; captionId: string; caption: string; columns: readonly string[] }
  | { kind: 'cards'; headingId: string; heading: string };

/**
 * The frame every console list shares (audit log, feedback, users, invitations, reports): the
 * page's heading and title, its lead, its filters, the rows in their shape through
 * `PagedListBody`, and what the page adds before or after the list. The rows are the page's own.
 */
export function AdminListPage({
  title,
  lead,
  filters,
  beforeList,
  afterList,
  list,
  count,
  empty,
  shape,
  children,
}: {
  title: string;
  lead?: string;
  filters: ReactNode;
  beforeList?: ReactNode;
  afterList?: ReactNode;
  list: PagedList;
  count: number;
  empty: string;
  shape: ListShape;
  children: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="stack">
      <h1>{title}</h1>
      {lead ? <p>{lead}</p> : null}
      {filters}
      {beforeList}
      {shape.kind === 'table' ? (
        <div className="card">
          <PagedListBody list={list} count={count} empty={empty}>
            <div
              className="admin-table-scroll"
              role="region"
              aria-labelledby={shape.captionId}
              tabIndex={0}
            >
              <table className="admin-table stacked-table">
                <caption id={shape.captionId}>{shape.caption}</caption>
                <thead>
                  <tr>
                    {shape.columns.map((column) => (
                      <th key={column} scope="col">
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>{children}</tbody>
              </table>
            </div>
          </PagedListBody>
        </div>
      ) : (
        <section className="card" aria-labelledby={shape.headingId}>
          <h2 id={shape.headingId}>{shape.heading}</h2>
          <PagedListBody list={list} count={count} empty={empty}>
            <ul className="admin-list">{children}</ul>
          </PagedListBody>
        </section>
      )}
      {afterList}
    </div>
  );
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
        <LoadMore
          loading={list.isFetchingNextPage}
          onLoadMore={() => void list.fetchNextPage()}
          label={t('admin.loadMore')}
          loadingLabel={t('admin.loadingMore')}
        />
      ) : null}
    </>
  );
}

/**
 * A list's tabs as links that set `?tab=` (the list reads it back from the address), the open
 * one marked for assistive technology.
 */
export function ListTabs<Tab extends string>({
  tabs,
  current,
  label,
  labelOf,
}: {
  tabs: readonly Tab[];
  current: Tab;
  label: string;
  labelOf: (tab: Tab) => string;
}) {
  return (
    <nav className="admin-nav" aria-label={label}>
      <ul>
        {tabs.map((each) => (
          <li key={each}>
            <Link
              to={`?tab=${each}`}
              className={`admin-nav-link${each === current ? ' active' : ''}`}
              aria-current={each === current ? 'page' : undefined}
            >
              {labelOf(each)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * A console table under its caption, in a region that scrolls sideways (and is one card per row
 * at phone widths, `.stacked-table`); `children` are its head and body.
 */
export function ScrollTable({
  captionId,
  caption,
  children,
}: {
  captionId: string;
  caption: string;
  children: ReactNode;
}) {
  return (
    <div className="admin-table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="admin-table stacked-table">
        <caption id={captionId}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/** A search box tied to one query parameter (sent when typing pauses or on Enter). */
export interface FilterSearch {
  param: string;
  label: string;
  hint: string;
  onSearch: (text: string) => void;
}

/**
 * A list's filter panel: a search box when the list has one, the page's selects, and "clear".
 */
export function FilterForm({
  title,
  search,
  onClear,
  children,
}: {
  title: string;
  search?: FilterSearch;
  onClear: () => void;
  children: ReactNode;
}) {
  return search ? (
    <SearchFilterForm title={title} search={search} onClear={onClear}>
      {children}
    </SearchFilterForm>
  ) : (
    <FilterPanel title={title} onSubmit={(event) => event.preventDefault()} onClear={onClear}>
      {children}
    </FilterPanel>
  );
}

function SearchFilterForm({
  title,
  search,
  onClear,
  children,
}: {
  title: string;
  search: FilterSearch;
  onClear: () => void;
  children: ReactNode;
}) {
  const [text, setText] = useSearchParamText(search.param);

  function submit(event: FormEvent) {
    event.preventDefault();
    search.onSearch(text);
  }

  return (
    <FilterPanel
      title={title}
      onSubmit={submit}
      onClear={onClear}
      searchBox={
        <TextField
          label={search.label}
          hint={search.hint}
          type="search"
          autoComplete="off"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      }
    >
      {children}
    </FilterPanel>
  );
}

function FilterPanel({
  title,
  onSubmit,
  onClear,
  searchBox,
  children,
}: {
  title: string;
  onSubmit: (event: FormEvent) => void;
  onClear: () => void;
  searchBox?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form className="card filter-form" role="search" aria-label={title} onSubmit={onSubmit}>
      <h2 className="filter-title">{title}</h2>
      {searchBox}
      <div className="filter-grid">{children}</div>
      <button type="button" className="button button-secondary" onClick={onClear}>
        {t('admin.clear')}
      </button>
    </form>
  );
}
