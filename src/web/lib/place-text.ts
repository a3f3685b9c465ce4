import type { TFunction } from 'i18next';
import type { PlaceKind } from '../../shared/constants';

// Here, not in features/visits: the OG list's slot buttons say a window's place, and importing
// the visits feature for two functions brought its forms (and zod) into the list's download.

/** The kind of place as the request page names it, with an 'other' place's description. */
export function placeKindText(t: TFunction, kind: PlaceKind, other: string | null): string {
  const label = t(`visits.place.kinds.${kind}`);
  return kind === 'other' && other ? t('visits.place.withOther', { kind: label, other }) : label;
}

/**
 * The place a window names (予約枠の場所), as the slots, the booking form and the request page
 * say it: her words with the kind (「新宿駅周辺のカフェ（カフェなど人目のある場所）」), or whichever
 * of the two she gave; null when neither.
 */
export function windowPlaceText(
  t: TFunction,
  place: { kind?: PlaceKind | null | undefined; words?: string | null | undefined },
): string | null {
  const kind = place.kind ? t(`visits.place.kinds.${place.kind}`) : null;
  if (place.words && kind) return t('visits.placeOnce.wordsWithKind', { words: place.words, kind });
  return place.words || kind;
}
