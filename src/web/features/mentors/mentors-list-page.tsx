import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { graduationYears } from '../../../shared/constants';
import {
  keepsFavourites,
  MENTOR_SORTS,
  type MentorCard,
  type MentorSort,
} from '../../../shared/schemas/mentors';
import { findCategory, INDUSTRY_CATEGORIES } from '../../../shared/taxonomy';
import { ApiError } from '../../api/client';
import { useDocumentTitle } from '../../lib/document-title';
import { SelectField, TextField } from '../../components/form-fields';
import { MentorListSkeleton } from '../../components/skeletons';
import { useSession } from '../../lib/session';
import { universitiesQuery } from '../../lib/universities';
import { mentorListQuery } from './api';
import { AvailabilityBadge, LastActive } from './availability';
import { favouritesQuery } from './favourites-api';
import { MentorAvatar } from '../../components/mentor-avatar';
import { JobTypeOptions, TopicChips, TopicOptions } from './richer-profile';
import { universityName } from '../../lib/university-name';
import { industryName, industryPartName } from '../../../shared/taxonomy-en';

/** The filters that live in the URL, so a search can be shared and Back restores it. */
const FILTER_KEYS = [
  'q',
  'category',
  'subcategory',
  'university',
  'yearFrom',
  'yearTo',
  // Issue 17
  'jobType',
  'joinedFrom',
  'topic',
  'accepting',
  'favourites',
] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
type Filters = Partial<Record<FilterKey, string>>;

/** The filters that are on or off: '1' in the URL when on (as the API takes them). */
const SWITCH_KEYS = new Set<FilterKey>(['accepting', 'favourites']);

function filtersFrom(params: URLSearchParams): Filters {
  const filters: Filters = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value && (!SWITCH_KEYS.has(key) || value === '1')) filters[key] = value;
  }
  return filters;
}

/** The order in the URL (issue 17); newest first when absent or not one of ours. */
function sortFrom(params: URLSearchParams): MentorSort {
  const sort = params.get('sort');
  return (MENTOR_SORTS as readonly string[]).includes(sort ?? '') ? (sort as MentorSort) : 'new';
}

/** The URL's parameters for filters and an order (the default order is left out). */
function searchOf(filters: Filters, sort: MentorSort): Record<string, string> {
  return { ...(filters as Record<string, string>), ...(sort === 'new' ? {} : { sort }) };
}

/** /mentors-list: the OG list, filtered, ordered and paged by the server. */
export function MentorsListPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('mentorsList.title'));
  const [params, setParams] = useSearchParams();
  const session = useSession();
  const keepsOwnFavourites = keepsFavourites(session.data?.user?.role);
  const filters = filtersFrom(params);
  const sort = sortFrom(params);
  // A shared link may carry favourites=1 to someone who keeps none: show them the whole list.
  if (session.data && !keepsOwnFavourites) delete filters.favourites;
  const list = useInfiniteQuery(mentorListQuery(searchOf(filters, sort)));
  const favourites = useQuery({ ...favouritesQuery, enabled: keepsOwnFavourites });
  const favouriteSet = new Set(favourites.data?.urlParams);
  const mentors = list.data?.pages.flatMap((page) => page.items) ?? [];
  // The first page carries how many match in all; later pages do not repeat it.
  const total = list.data?.pages[0]?.total ?? null;
  const filterCount = Object.keys(filters).length;

  let body;
  if (list.isPending) body = <MentorListSkeleton />;
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
    body = (
      <>
        <p className="muted list-total" role="status">
          {total === null
            ? t('mentorsList.showing', { count: mentors.length })
            : total > mentors.length
              ? t('mentorsList.totalShowing', { total, count: mentors.length })
              : t('mentorsList.total', { total })}
        </p>
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
      <FilterForm
        key={params.toString()}
        initial={filters}
        activeCount={filterCount}
        showFavourites={keepsOwnFavourites}
        onApply={(next) => setParams(searchOf(next, sort))}
      />
      <SortSelect sort={sort} onChange={(next) => setParams(searchOf(filters, next))} />
      {body}
      <ScrollToTop />
    </section>
  );
}

/**
 * The filters. At phone widths (styles.css) they fold behind 「絞り込み」 so the first alumna is on
 * the first screen (issue 17); applying remounts the form (its key is the URL), folding it again
 * over the results. On a desktop the button is hidden and the form always shown.
 */
function FilterForm({
  initial,
  activeCount,
  showFavourites,
  onApply,
}: {
  initial: Filters;
  activeCount: number;
  showFavourites: boolean;
  onApply: (f: Filters) => void;
}) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const formId = useId();
  const universities = useQuery(universitiesQuery);
  const [draft, setDraft] = useState<Filters>(initial);
  const checkboxIds = { accepting: useId(), favourites: useId() };
  const category = findCategory(draft.category ?? '');
  const years = graduationYears();
  const set = (key: FilterKey) => (value: string) =>
    setDraft((current) => {
      const next = { ...current, [key]: value };
      if (key === 'category') delete next.subcategory;
      return next;
    });

  function apply(filters: Filters) {
    const applied: Filters = {};
    for (const key of FILTER_KEYS) {
      const value = filters[key]?.trim();
      if (value) applied[key] = value;
    }
    onApply(applied);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    apply(draft);
  }

  // A switch answers at once, as a checkbox is expected to, and takes the form as it stands.
  const toggle = (key: 'accepting' | 'favourites') => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...draft };
    if (event.target.checked) next[key] = '1';
    else delete next[key];
    setDraft(next);
    apply(next);
  };

  return (
    <>
      <button
        type="button"
        className="button button-secondary filter-toggle"
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen((current) => !current)}
      >
        {activeCount > 0
          ? t('mentorsList.filterToggleActive', { count: activeCount })
          : t('mentorsList.filterToggle')}
      </button>
      <form
        id={formId}
        className={open ? 'card filter-form is-open' : 'card filter-form'}
        role="search"
        onSubmit={submit}
        aria-label={t('mentorsList.filtersTitle')}
      >
        <h2 className="filter-title">{t('mentorsList.filtersTitle')}</h2>
        <TextField
          label={t('mentorsList.keyword')}
          hint={t('mentorsList.keywordHint')}
          type="search"
          value={draft.q ?? ''}
          onChange={(event) => set('q')(event.target.value)}
        />
        <div className="filter-grid">
          <SelectField
            label={t('mentorsList.category')}
            placeholder={t('mentorsList.any')}
            value={draft.category ?? ''}
            onChange={(event) => set('category')(event.target.value)}
          >
            {INDUSTRY_CATEGORIES.map((c) => (
              <option key={c.name} value={c.name}>
                {industryPartName(c.name, i18n.language)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('mentorsList.subcategory')}
            placeholder={t('mentorsList.any')}
            value={draft.subcategory ?? ''}
            disabled={!category}
            onChange={(event) => set('subcategory')(event.target.value)}
          >
            {category?.subcategories.map((sub) => (
              <option key={sub} value={sub}>
                {industryPartName(sub, i18n.language)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('mentorsList.university')}
            placeholder={t('mentorsList.any')}
            value={draft.university ?? ''}
            onChange={(event) => set('university')(event.target.value)}
          >
            {universities.data?.map((u) => (
              <option key={u.id} value={u.id}>
                {universityName(u.name, u.nameEn, i18n.language)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('profileFields.jobType')}
            placeholder={t('mentorsList.any')}
            value={draft.jobType ?? ''}
            onChange={(event) => set('jobType')(event.target.value)}
          >
            <JobTypeOptions />
          </SelectField>
          <SelectField
            label={t('mentorsList.joinedFrom')}
            placeholder={t('mentorsList.any')}
            value={draft.joinedFrom ?? ''}
            onChange={(event) => set('joinedFrom')(event.target.value)}
          >
            {years.map((year) => (
              <option key={year} value={year}>
                {t('mentorForm.yearOption', { year })}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('profileFields.topics')}
            placeholder={t('mentorsList.any')}
            value={draft.topic ?? ''}
            onChange={(event) => set('topic')(event.target.value)}
          >
            <TopicOptions />
          </SelectField>
          <SelectField
            label={t('mentorsList.yearFrom')}
            placeholder={t('mentorsList.any')}
            value={draft.yearFrom ?? ''}
            onChange={(event) => set('yearFrom')(event.target.value)}
          >
            {years.map((year) => (
              <option key={year} value={year}>
                {t('mentorForm.yearOption', { year })}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('mentorsList.yearTo')}
            placeholder={t('mentorsList.any')}
            value={draft.yearTo ?? ''}
            onChange={(event) => set('yearTo')(event.target.value)}
          >
            {years.map((year) => (
              <option key={year} value={year}>
                {t('mentorForm.yearOption', { year })}
              </option>
            ))}
          </SelectField>
        </div>
        <fieldset className="plain-fieldset filter-switches">
          <legend className="filter-switches-title">{t('browse.narrowTitle')}</legend>
          <div className="filter-switch">
            <input
              id={checkboxIds.accepting}
              type="checkbox"
              checked={draft.accepting === '1'}
              onChange={toggle('accepting')}
            />
            <label htmlFor={checkboxIds.accepting}>{t('browse.acceptingOnly')}</label>
          </div>
          {showFavourites ? (
            <div className="filter-switch">
              <input
                id={checkboxIds.favourites}
                type="checkbox"
                checked={draft.favourites === '1'}
                onChange={toggle('favourites')}
              />
              <label htmlFor={checkboxIds.favourites}>{t('browse.favouritesOnly')}</label>
            </div>
          ) : null}
        </fieldset>
        <div className="button-row">
          <button type="submit" className="button button-primary">
            {t('mentorsList.search')}
          </button>
          <button type="button" className="button button-secondary" onClick={() => onApply({})}>
            {t('mentorsList.clear')}
          </button>
        </div>
      </form>
    </>
  );
}

/** The list's order: applied at once, kept in the URL beside the filters. */
function SortSelect({ sort, onChange }: { sort: MentorSort; onChange: (s: MentorSort) => void }) {
  const { t } = useTranslation();
  return (
    <div className="list-sort">
      <SelectField
        label={t('mentorsList.sort')}
        value={sort}
        onChange={(event) => onChange(event.target.value as MentorSort)}
      >
        {MENTOR_SORTS.map((option) => (
          <option key={option} value={option}>
            {t(`mentorsList.sorts.${option}`)}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

/** Topics a card shows before 「ほか N 件」: enough to scan, not a second message. */
const CARD_TOPICS = 3;

function MentorCardView({ mentor, favourite }: { mentor: MentorCard; favourite: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <Link className="mentor-card" to={paths.mentor(mentor.urlParam)} state={{ fromList: true }}>
      <MentorAvatar name={mentor.name} iconUrl={mentor.iconUrl} size={64} />
      <div className="mentor-card-body">
        <h2 className="mentor-card-name">{mentor.name}</h2>
        <p className="mentor-card-meta">
          {universityName(mentor.universityName, mentor.universityNameEn, i18n.language)}・
          {t('mentorsList.graduated', { year: mentor.graduationYear })}
          {mentor.joinedYear !== null &&
            `・${t('mentorsList.joined', { year: mentor.joinedYear })}`}
        </p>
        <p className="mentor-card-company">
          {mentor.company}
          {mentor.jobType && (
            <span className="mentor-card-job">
              ・{t(`profileFields.jobTypes.${mentor.jobType}`)}
            </span>
          )}
        </p>
        <p className="mentor-card-meta">{industryName(mentor.industry, i18n.language)}</p>
        <TopicChips topics={mentor.topics} max={CARD_TOPICS} />
        <p className="mentor-card-status">
          {favourite ? (
            <span className="favourite-marker" role="img" aria-label={t('browse.favouriteMarker')}>
              ★
            </span>
          ) : null}
          <AvailabilityBadge accepting={mentor.accepting} />
          <LastActive lastActive={mentor.lastActive} className="mentor-card-meta" />
        </p>
        <p className="mentor-card-message">{mentor.message}</p>
      </div>
    </Link>
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
    <div ref={sentinel} className="load-more">
      <button
        type="button"
        className="button button-secondary"
        disabled={loading}
        onClick={onLoadMore}
      >
        {loading ? t('mentorsList.loadingMore') : t('mentorsList.loadMore')}
      </button>
    </div>
  );
}

/** Spec section 8: permission-denied, not-found, or a generic failure. */
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
