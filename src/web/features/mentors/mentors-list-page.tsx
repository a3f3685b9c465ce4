import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { graduationYears } from '../../../shared/constants';
import type { MentorCard } from '../../../shared/schemas/mentors';
import { findCategory, INDUSTRY_CATEGORIES } from '../../../shared/taxonomy';
import { ApiError } from '../../api/client';
import { useDocumentTitle } from '../../app/guards';
import { SelectField, TextField } from '../../components/form-fields';
import { MentorListSkeleton } from '../../components/skeletons';
import { universitiesQuery } from '../registration/api';
import { mentorListQuery } from './api';
import { MentorAvatar } from './mentor-avatar';

/** The filters that live in the URL, so a search can be shared and Back restores it. */
const FILTER_KEYS = ['q', 'category', 'subcategory', 'university', 'yearFrom', 'yearTo'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
type Filters = Partial<Record<FilterKey, string>>;

function filtersFrom(params: URLSearchParams): Filters {
  const filters: Filters = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return filters;
}

/** /mentors-list: the OG list, newest first, filtered and paged by the server. */
export function MentorsListPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('mentorsList.title'));
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const list = useInfiniteQuery(mentorListQuery(filters as Record<string, string>));
  const mentors = list.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Object.keys(filters).length > 0;

  let body;
  if (list.isPending) body = <MentorListSkeleton />;
  else if (list.error) body = <ListError error={list.error} />;
  else if (mentors.length === 0) {
    body = <p className="muted">{filtered ? t('mentorsList.noMatch') : t('mentorsList.empty')}</p>;
  } else {
    body = (
      <>
        <p className="muted" role="status">
          {t('mentorsList.showing', { count: mentors.length })}
        </p>
        <ul className="mentor-grid">
          {mentors.map((mentor) => (
            <li key={mentor.urlParam}>
              <MentorCardView mentor={mentor} />
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
        onApply={(next) => setParams(next as Record<string, string>)}
      />
      {body}
      <ScrollToTop />
    </section>
  );
}

function FilterForm({ initial, onApply }: { initial: Filters; onApply: (f: Filters) => void }) {
  const { t } = useTranslation();
  const universities = useQuery(universitiesQuery);
  const [draft, setDraft] = useState<Filters>(initial);
  const category = findCategory(draft.category ?? '');
  const years = graduationYears();
  const set = (key: FilterKey) => (value: string) =>
    setDraft((current) => {
      const next = { ...current, [key]: value };
      if (key === 'category') delete next.subcategory;
      return next;
    });

  function submit(event: FormEvent) {
    event.preventDefault();
    const applied: Filters = {};
    for (const key of FILTER_KEYS) {
      const value = draft[key]?.trim();
      if (value) applied[key] = value;
    }
    onApply(applied);
  }

  return (
    <form
      className="card filter-form"
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
              {c.name}
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
              {sub}
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
              {u.name}
            </option>
          ))}
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
      <div className="button-row">
        <button type="submit" className="button button-primary">
          {t('mentorsList.search')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => onApply({})}>
          {t('mentorsList.clear')}
        </button>
      </div>
    </form>
  );
}

function MentorCardView({ mentor }: { mentor: MentorCard }) {
  const { t } = useTranslation();
  return (
    <Link className="mentor-card" to={paths.mentor(mentor.urlParam)} state={{ fromList: true }}>
      <MentorAvatar name={mentor.name} iconUrl={mentor.iconUrl} size={64} />
      <div className="mentor-card-body">
        <h2 className="mentor-card-name">{mentor.name}</h2>
        <p className="mentor-card-meta">
          {mentor.universityName}・{t('mentorsList.graduated', { year: mentor.graduationYear })}
        </p>
        <p className="mentor-card-meta">{mentor.industry}</p>
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
