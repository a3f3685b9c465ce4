import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { graduationYears } from '../../../shared/constants';
import { MENTOR_SORTS, type MentorSort } from '../../../shared/schemas/mentors';
import { findCategory, INDUSTRY_CATEGORIES } from '../../../shared/taxonomy';
import { SelectField, TextField } from '../../components/form-fields';
import { universitiesQuery } from '../../lib/universities';
import { JobTypeOptions, TopicOptions } from './richer-profile';
import { universityName } from '../../lib/university-name';
import { industryPartName } from '../../../shared/taxonomy-en';

/** The filters that live in the URL, so a search can be shared and Back restores it. */
export const FILTER_KEYS = [
  'q',
  'category',
  'subcategory',
  'university',
  'yearFrom',
  'yearTo',
  'jobType',
  'joinedFrom',
  'topic',
  'accepting',
  'favourites',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type Filters = Partial<Record<FilterKey, string>>;

/** What the address holds: the filters and the order ('new', the default, is left out). */
export const LIST_PARAMS = [...FILTER_KEYS, 'sort'] as const;

/** The values a parameter may take: switches are '1' when on (as the API takes them). */
export const LIST_PARAM_VALUES = {
  accepting: ['1'],
  favourites: ['1'],
  sort: MENTOR_SORTS,
} as const;

/**
 * The filters, folded at every width (issue 34): the keyword is always there, the other conditions
 * behind 「詳細条件」, so the first alumni are on the first screen even at 1280 px. The details are
 * open when one of them is set. A select or a switch applies at once, at every width; applying
 * remounts the form (its key is the URL), which opens the details again since a condition is set.
 */
export function FilterForm({
  initial,
  showFavourites,
  onApply,
}: {
  initial: Filters;
  showFavourites: boolean;
  onApply: (f: Filters) => void;
}) {
  const { t, i18n } = useTranslation();
  const detailCount = FILTER_KEYS.filter((key) => key !== 'q' && initial[key]).length;
  const [open, setOpen] = useState(detailCount > 0);
  const detailsId = useId();
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
  // A select answers at once, as a switch does, and takes the form as it stands.
  const choose = (key: FilterKey) => (event: ChangeEvent<HTMLSelectElement>) => {
    const next = { ...draft, [key]: event.target.value };
    if (key === 'category') delete next.subcategory;
    setDraft(next);
    apply(next);
  };

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
      <div className="button-row">
        <button type="submit" className="button button-primary">
          {t('mentorsList.search')}
        </button>
        <button
          type="button"
          className="button button-secondary filter-toggle"
          aria-expanded={open}
          aria-controls={detailsId}
          onClick={() => setOpen((current) => !current)}
        >
          {detailCount > 0
            ? t('mentorsList.detailsToggleActive', { count: detailCount })
            : t('mentorsList.detailsToggle')}
        </button>
        {detailCount > 0 || draft.q ? (
          <button type="button" className="button button-secondary" onClick={() => onApply({})}>
            {t('mentorsList.clear')}
          </button>
        ) : null}
      </div>
      <div id={detailsId} className="filter-details" hidden={!open}>
        <div className="filter-grid">
          <SelectField
            label={t('mentorsList.category')}
            placeholder={t('mentorsList.any')}
            value={draft.category ?? ''}
            onChange={choose('category')}
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
            onChange={choose('subcategory')}
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
            onChange={choose('university')}
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
            onChange={choose('jobType')}
          >
            <JobTypeOptions />
          </SelectField>
          <SelectField
            label={t('mentorsList.joinedFrom')}
            placeholder={t('mentorsList.any')}
            value={draft.joinedFrom ?? ''}
            onChange={choose('joinedFrom')}
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
            onChange={choose('topic')}
          >
            <TopicOptions />
          </SelectField>
          <SelectField
            label={t('mentorsList.yearFrom')}
            placeholder={t('mentorsList.any')}
            value={draft.yearFrom ?? ''}
            onChange={choose('yearFrom')}
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
            onChange={choose('yearTo')}
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
      </div>
    </form>
  );
}

/** The list's order: applied at once, kept in the URL beside the filters. */
export function SortSelect({
  sort,
  onChange,
}: {
  sort: MentorSort;
  onChange: (s: MentorSort) => void;
}) {
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
