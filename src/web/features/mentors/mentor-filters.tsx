import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  graduationYears,
  JOB_TYPES,
  MENTOR_SORTS,
  MENTOR_TOPICS,
  type MentorSort,
} from '../../../shared/constants';
import { FILTER_KEYS, type FilterKey, type Filters, type SwitchKey } from './list-address';
import type { UniversityOption } from '../../../shared/schemas/universities';
import { findCategory, INDUSTRY_CATEGORIES } from '../../../shared/taxonomy';
import { SelectField, TextField } from '../../components/form-fields';
import { universitiesQuery } from '../../lib/universities';
import { universityName } from '../../lib/university-name';
import { industryPartName } from '../../../shared/taxonomy-en';

/** What a select's options are drawn from: the catalogue, the language, the form as it stands. */
interface OptionSource {
  t: TFunction;
  language: string;
  draft: Filters;
  universities: readonly UniversityOption[] | undefined;
}

interface FilterOption {
  value: string;
  label: string;
}

/** 入社年 and 卒業年 offer the same years, newest first. */
function yearOptions({ t }: OptionSource): FilterOption[] {
  return graduationYears().map((year) => ({
    value: String(year),
    label: t('mentorForm.yearOption', { year }),
  }));
}

/**
 * The detailed conditions as data, in the order the form shows them: a select with its options
 * (and when it waits for another choice), or a switch that is '1' when on. The keyword (`q`) is
 * the form's own box, always in view; FILTER_KEYS keeps the order the address writes them in.
 */
export const FILTER_FIELDS: readonly (
  | {
      key: Exclude<FilterKey, 'q' | SwitchKey>;
      labelKey:
        | 'mentorsList.category'
        | 'mentorsList.subcategory'
        | 'mentorsList.university'
        | 'profileFields.jobType'
        | 'mentorsList.joinedFrom'
        | 'mentorsList.joinedTo'
        | 'profileFields.topics'
        | 'mentorsList.yearFrom'
        | 'mentorsList.yearTo';
      kind: 'select';
      options: (source: OptionSource) => FilterOption[];
      disabled?: (draft: Filters) => boolean;
    }
  | {
      key: SwitchKey;
      labelKey: 'browse.acceptingOnly' | 'bookSlot.list.slotSoon' | 'browse.favouritesOnly';
      kind: 'switch';
      /** Only for someone who keeps favourites. */
      favouritesOnly?: true;
    }
)[] = [
  {
    key: 'category',
    labelKey: 'mentorsList.category',
    kind: 'select',
    options: ({ language }) =>
      INDUSTRY_CATEGORIES.map((c) => ({
        value: c.name,
        label: industryPartName(c.name, language),
      })),
  },
  {
    key: 'subcategory',
    labelKey: 'mentorsList.subcategory',
    kind: 'select',
    options: ({ draft, language }) =>
      (findCategory(draft.category ?? '')?.subcategories ?? []).map((sub) => ({
        value: sub,
        label: industryPartName(sub, language),
      })),
    disabled: (draft) => !findCategory(draft.category ?? ''),
  },
  {
    key: 'university',
    labelKey: 'mentorsList.university',
    kind: 'select',
    options: ({ universities, language }) =>
      (universities ?? []).map((u) => ({
        value: u.id,
        label: universityName(u.name, u.nameEn, language),
      })),
  },
  {
    key: 'jobType',
    labelKey: 'profileFields.jobType',
    kind: 'select',
    options: ({ t }) =>
      JOB_TYPES.map((jobType) => ({
        value: jobType,
        label: t(`profileFields.jobTypes.${jobType}`),
      })),
  },
  { key: 'joinedFrom', labelKey: 'mentorsList.joinedFrom', kind: 'select', options: yearOptions },
  { key: 'joinedTo', labelKey: 'mentorsList.joinedTo', kind: 'select', options: yearOptions },
  {
    key: 'topic',
    labelKey: 'profileFields.topics',
    kind: 'select',
    options: ({ t }) =>
      MENTOR_TOPICS.map((topic) => ({
        value: topic,
        label: t(`profileFields.topicLabels.${topic}`),
      })),
  },
  { key: 'yearFrom', labelKey: 'mentorsList.yearFrom', kind: 'select', options: yearOptions },
  { key: 'yearTo', labelKey: 'mentorsList.yearTo', kind: 'select', options: yearOptions },
  { key: 'accepting', labelKey: 'browse.acceptingOnly', kind: 'switch' },
  // An open slot within SLOT_SOON_DAYS (14): the alumnae a student can book soon (issue 37).
  { key: 'slotSoon', labelKey: 'bookSlot.list.slotSoon', kind: 'switch' },
  { key: 'favourites', labelKey: 'browse.favouritesOnly', kind: 'switch', favouritesOnly: true },
];

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
  // Asked for once the details open (their university select is its only reader): not with
  // every list a student opens.
  const universities = useQuery({ ...universitiesQuery, enabled: open });
  const [draft, setDraft] = useState<Filters>(initial);
  const checkboxIds = { accepting: useId(), slotSoon: useId(), favourites: useId() };
  const source: OptionSource = {
    t,
    language: i18n.language,
    draft,
    universities: universities.data,
  };
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
  const toggle = (key: SwitchKey) => (event: ChangeEvent<HTMLInputElement>) => {
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
        {/* Rendered once open: folded, its hundreds of options would only delay the first paint. */}
        {open ? (
          <>
            <div className="filter-grid">
              {FILTER_FIELDS.map((field) =>
                field.kind === 'select' ? (
                  <SelectField
                    key={field.key}
                    label={t(field.labelKey)}
                    placeholder={t('mentorsList.any')}
                    value={draft[field.key] ?? ''}
                    disabled={field.disabled?.(draft)}
                    onChange={choose(field.key)}
                  >
                    {field.options(source).map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </SelectField>
                ) : null,
              )}
            </div>
            <fieldset className="plain-fieldset filter-switches">
              <legend className="filter-switches-title">{t('browse.narrowTitle')}</legend>
              {FILTER_FIELDS.map((field) =>
                field.kind === 'switch' && (showFavourites || !field.favouritesOnly) ? (
                  <div key={field.key} className="filter-switch">
                    <input
                      id={checkboxIds[field.key]}
                      type="checkbox"
                      checked={draft[field.key] === '1'}
                      onChange={toggle(field.key)}
                    />
                    <label htmlFor={checkboxIds[field.key]}>{t(field.labelKey)}</label>
                  </div>
                ) : null,
              )}
            </fieldset>
          </>
        ) : null}
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
