import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadMore as LoadMoreButton } from '../../components/load-more';
import type { MentorSort } from '../../../shared/constants';
import { keepsFavourites } from '../../../shared/roles';
import { ApiError } from '../../api/client';
import { Quietly } from '../../components/quietly';
import { useDocumentTitle } from '../../lib/document-title';
import { MentorListSkeleton } from '../../components/skeletons';
import { useSession } from '../../lib/session';
import { mentorListQuery } from './api';
import { favouritesQuery } from './favourites-api';
import { useUrlFilters } from '../../lib/use-url-filters';
import { FilterForm, SortSelect } from './mentor-filters';
import { LIST_PARAM_VALUES, LIST_PARAMS, listAsked, type Filters } from './list-address';
import { MentorCardView } from './mentor-card';
import './mentors.css';

/** The place of 「あなたへのおすすめ」 while it loads (the block's own, which is not here yet). */
function RecommendationsPlaceholder() {
  return <div className="recommendations-placeholder" aria-hidden="true" />;
}

/**
 * 「あなたへのおすすめ」 (issue 57), for a student on the unfiltered list: its code and texts
 * download apart, after the list's, so the list's own download does not grow by them.
 */
const RecommendationsBlock = lazy(() =>
  Promise.all([
    import('./recommendations-block'),
    import('./recommendation-texts').then((m) => m.recommendationTextsReady()),
  ]).then(([m]) => ({ default: m.RecommendationsBlock })),
);

/** /mentors-list: the OG list, filtered, ordered and paged by the server. */
export function MentorsListPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('mentorsList.title'));
  const { filters: inAddress, setFilters, search } = useUrlFilters(LIST_PARAMS, LIST_PARAM_VALUES);
  const session = useSession();
  const keepsOwnFavourites = keepsFavourites(session.data?.user?.role);
  const { filters, sort, asked } = listAsked(
    inAddress,
    session.data ? keepsOwnFavourites : undefined,
  );
  /** Filters and an order into the address (the default order left out). */
  const apply = (next: Filters, order: MentorSort) =>
    setFilters({ ...next, sort: order === 'new' ? '' : order });
  const list = useInfiniteQuery(mentorListQuery(asked));
  const favourites = useQuery({ ...favouritesQuery, enabled: keepsOwnFavourites });
  // The cards render in the background (a transition, in short slices): two dozen of them at
  // once would hold a slow phone's main thread for a few hundred milliseconds. Until then the
  // page keeps what it showed, never another search's cards. The favourites go with them, so
  // that their answer coming after the list's is not a second render of every card at once.
  const latest = useMemo(
    () => ({ search, data: list.data, favourites: favourites.data }),
    [search, list.data, favourites.data],
  );
  const deferred = useDeferredValue(latest);
  const shown = deferred.search === search ? deferred.data : undefined;
  const favouriteSet = useMemo(
    () => new Set(deferred.favourites?.urlParams),
    [deferred.favourites],
  );
  const mentors = shown?.pages.flatMap((page) => page.items) ?? [];
  // The first page carries how many match in all; later pages do not repeat it.
  const total = shown?.pages[0]?.total ?? null;
  // Beyond the bound the server stops counting (a common word): 「500件以上」.
  const totalAtLeast = shown?.pages[0]?.totalAtLeast === true;
  const filterCount = Object.keys(filters).length;
  const recommends = session.data?.user?.role === 'student' && filterCount === 0;

  let body;
  let totalLine = null;
  if (list.isPending || (shown === undefined && !list.error)) body = <MentorListSkeleton />;
  else if (list.error) body = <ListError error={list.error} />;
  else if (mentors.length === 0) {
    body = (
      <p className="muted">
        {filters.favourites && filterCount === 1
          ? t('browse.noFavourites')
          : filterCount > 0
            ? t('mentorsList.noMatch')
            : t('mentorsList.empty')}
      </p>
    );
  } else {
    totalLine = (
      <p className="muted list-total" role="status">
        {total === null
          ? t('mentorsList.showing', { count: mentors.length })
          : totalAtLeast
            ? t('mentorsList.totalAtLeast', { total, count: mentors.length })
            : total > mentors.length
              ? t('mentorsList.totalShowing', { total, count: mentors.length })
              : t('mentorsList.total', { total })}
      </p>
    );
    body = (
      <>
        <ul className="mentor-grid">
          {mentors.map((mentor) => (
            <li key={mentor.urlParam}>
              <MentorCardView mentor={mentor} favourite={favouriteSet.has(mentor.urlParam)} />
            </li>
          ))}
        </ul>
        {list.hasNextPage ? (
          <LoadMore
            loading={list.isFetchingNextPage}
            onLoadMore={() => void list.fetchNextPage()}
          />
        ) : null}
      </>
    );
  }
  return (
    <section>
      <h1>{t('mentorsList.title')}</h1>
      {recommends ? (
        // The list does without it if it fails (offline, its code gone with an update).
        <Quietly>
          <Suspense fallback={<RecommendationsPlaceholder />}>
            <RecommendationsBlock favourites={favouriteSet} />
          </Suspense>
        </Quietly>
      ) : null}
      <FilterForm
        key={search}
        initial={filters}
        showFavourites={keepsOwnFavourites}
        onApply={(next) => apply(next, sort)}
      />
      {/* The order and the count share a line on wider screens, so the first row of cards is
          whole on a 1280×800 screen (issue 56). */}
      <div className="list-toolbar">
        <SortSelect sort={sort} onChange={(next) => apply(filters, next)} />
        {totalLine}
      </div>
      {body}
      <ScrollToTop />
    </section>
  );
}

/** Loads the next page when the end of the list scrolls into view, or on a click. */
function LoadMore({ loading, onLoadMore }: { loading: boolean; onLoadMore: () => void }) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onLoadMore);
  useEffect(() => {
    latest.current = onLoadMore;
  });
  useEffect(() => {
    const element = sentinel.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: '400px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <LoadMoreButton
      ref={sentinel}
      loading={loading}
      onLoadMore={onLoadMore}
      label={t('mentorsList.loadMore')}
      loadingLabel={t('mentorsList.loadingMore')}
    />
  );
}

/** Permission-denied, not-found, or a generic failure. */
function ListError({ error }: { error: Error }) {
  const { t } = useTranslation();
  const code = error instanceof ApiError ? error.code : undefined;
  const text =
    code === 'permission-denied' || code === 'auth/unauthenticated'
      ? t('mentorsList.permissionDenied')
      : code === 'not-found'
        ? t('mentorsList.notFound')
        : t('mentorsList.failed');
  return (
    <p className="notice notice-error" role="alert">
      {text}
    </p>
  );
}

function ScrollToTop() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > 400);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className="scroll-top"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <span aria-hidden="true">↑</span>
      <span className="visually-hidden">{t('mentorsList.scrollTop')}</span>
    </button>
  );
}
