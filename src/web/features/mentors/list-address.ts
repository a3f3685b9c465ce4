import { MENTOR_SORTS, type MentorSort } from '../../../shared/constants';

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
  'joinedTo',
  'topic',
  'accepting',
  'slotSoon',
  'favourites',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];
export type Filters = Partial<Record<FilterKey, string>>;

/** What the address holds: the filters and the order ('new', the default, is left out). */
export const LIST_PARAMS = [...FILTER_KEYS, 'sort'] as const;

/** The conditions that are a switch, '1' when on. */
export type SwitchKey = 'accepting' | 'slotSoon' | 'favourites';

/** The values a parameter may take: switches are '1' when on (as the API takes them). */
export const LIST_PARAM_VALUES = {
  accepting: ['1'],
  slotSoon: ['1'],
  favourites: ['1'],
  sort: MENTOR_SORTS,
} as const;

/**
 * The list an address asks for: its filters, its order and what the server is asked (the
 * default order left out). A shared link may carry favourites=1 to someone who keeps none
 * (`keepsFavourites` false): they are shown the whole list. Undecided while the session is
 * not known yet, when the link is taken as it stands.
 */
export function listAsked(inAddress: Record<string, string>, keepsFavourites?: boolean) {
  const { sort: sortParam, ...filters }: Filters & { sort?: string } = inAddress;
  const sort = (sortParam as MentorSort | undefined) ?? 'new';
  if (keepsFavourites === false) delete filters.favourites;
  return { filters, sort, asked: { ...filters, ...(sort === 'new' ? {} : { sort }) } };
}
