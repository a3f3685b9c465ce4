import { infiniteQueryOptions } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { JOB_TYPES, japanWallClock } from '../../../shared/constants';
import type { VisitNoteSearch } from '../../../shared/schemas/visit-notes';
import { INDUSTRY_CATEGORIES } from '../../../shared/taxonomy';
import { industryPartName } from '../../../shared/taxonomy-en';
import { SelectField, TextField } from '../../components/form-fields';
import { visitNoteSearchQuery } from './api';

/**
 * The search's conditions as the address holds them, so that Back, a reload and a shared link
 * keep them. `company` and `mentor` come from links (the console's counts, an alumna's page)
 * and show as chips; the others are the form's.
 */
export const NOTE_FILTERS = ['q', 'industry', 'jobType', 'year', 'company', 'mentor'] as const;
export type NoteFilterName = (typeof NOTE_FILTERS)[number];
export type NoteFilters = Partial<Record<NoteFilterName, string>>;

/** How many 年度 back the year filter reaches, the current one included. */
const RECENT_YEARS = 6;

/** The 年度 (April to March) in Japan at `now`, and the ones before it, newest first. */
export function recentFiscalYears(now: Date = new Date()): number[] {
  // Japan keeps UTC+9 all year: the 年度 turns at midnight of April 1 there.
  const tokyo = japanWallClock(now);
  const current = tokyo.getUTCMonth() >= 3 ? tokyo.getUTCFullYear() : tokyo.getUTCFullYear() - 1;
  return Array.from({ length: RECENT_YEARS }, (_, index) => current - index);
}

/** The values a select may put in the address; anything else there is ignored. */
export const NOTE_FILTER_VALUES = {
  industry: INDUSTRY_CATEGORIES.map((category) => category.name),
  jobType: JOB_TYPES,
  year: recentFiscalYears().map(String),
};

/**
 * The shared notes that match, page after page (「もっと見る」). Each page is read through
 * visitNoteSearchQuery, the feature's one way to ask for a page, and kept under the feature's
 * key, so a note written, consented or hidden refreshes the list.
 */
export function noteSearchPagesQuery(filters: NoteFilters) {
  return infiniteQueryOptions({
    queryKey: ['visit-notes', 'search-pages', filters],
    queryFn: ({ pageParam, client }) =>
      client.fetchQuery(
        visitNoteSearchQuery({
          ...(filters as VisitNoteSearch),
          ...(pageParam ? { cursor: pageParam } : {}),
        }),
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/**
 * The keyword (applied with 検索, as typing a company's name takes a moment) and the three
 * selects (applied at once). The form is keyed by the address, so Back puts its words back.
 */
export function NoteSearchForm({
  filters,
  onApply,
}: {
  filters: NoteFilters;
  onApply: (next: NoteFilters) => void;
}) {
  const { t, i18n } = useTranslation();
  const [keyword, setKeyword] = useState(filters.q ?? '');
  const hintId = useId();
  const choose = (name: 'industry' | 'jobType' | 'year') => (value: string) =>
    onApply({ ...filters, q: keyword, [name]: value });

  function submit(event: FormEvent) {
    event.preventDefault();
    onApply({ ...filters, q: keyword });
  }

  return (
    <form
      className="card filter-form ns-search-form"
      role="search"
      aria-label={t('noteSearch.filtersTitle')}
      onSubmit={submit}
    >
      <h2 className="filter-title">{t('noteSearch.filtersTitle')}</h2>
      <div className="ns-keyword-row">
        <TextField
          label={t('noteSearch.keyword')}
          placeholder={t('noteSearch.keywordPlaceholder')}
          aria-describedby={hintId}
          type="search"
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
        />
        <button type="submit" className="button button-primary">
          {t('noteSearch.search')}
        </button>
      </div>
      {/* Under the box and its button, where it has the form's width. */}
      <p id={hintId} className="field-hint ns-keyword-hint">
        {t('noteSearch.keywordHint')}
      </p>
      <div className="filter-grid ns-filter-grid">
        <SelectField
          label={t('noteSearch.industry')}
          placeholder={t('noteSearch.any')}
          value={filters.industry ?? ''}
          onChange={(event) => choose('industry')(event.target.value)}
        >
          {NOTE_FILTER_VALUES.industry.map((name) => (
            <option key={name} value={name}>
              {industryPartName(name, i18n.language)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('noteSearch.jobType')}
          placeholder={t('noteSearch.any')}
          value={filters.jobType ?? ''}
          onChange={(event) => choose('jobType')(event.target.value)}
        >
          {JOB_TYPES.map((jobType) => (
            <option key={jobType} value={jobType}>
              {t(`profileFields.jobTypes.${jobType}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('noteSearch.year')}
          placeholder={t('noteSearch.any')}
          value={filters.year ?? ''}
          onChange={(event) => choose('year')(event.target.value)}
        >
          {NOTE_FILTER_VALUES.year.map((year) => (
            <option key={year} value={year}>
              {t('noteView.fiscalYear', { year })}
            </option>
          ))}
        </SelectField>
      </div>
    </form>
  );
}

/**
 * The conditions that came from a link (one alumna, one company), each with a button that
 * takes it off; the form's own conditions are in view in the form.
 */
export function LinkedFilterChips({
  filters,
  mentorName,
  onRemove,
}: {
  filters: NoteFilters;
  mentorName: string | null;
  onRemove: (name: 'mentor' | 'company') => void;
}) {
  const { t } = useTranslation();
  const chips: { name: 'mentor' | 'company'; label: string }[] = [];
  if (filters.mentor) {
    chips.push({
      name: 'mentor',
      label: t('noteSearch.aboutMentor', { name: mentorName ?? t('noteSearch.thisMentor') }),
    });
  }
  if (filters.company) {
    chips.push({
      name: 'company',
      label: t('noteSearch.aboutCompany', { company: filters.company }),
    });
  }
  if (chips.length === 0) return null;
  return (
    <ul className="ns-chips" aria-label={t('noteSearch.narrowedBy')}>
      {chips.map((chip) => (
        <li key={chip.name} className="ns-chip">
          <span>{chip.label}</span>
          <button
            type="button"
            className="ns-chip-remove"
            aria-label={t('noteSearch.removeFilter', { label: chip.label })}
            onClick={() => onRemove(chip.name)}
          >
            <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
