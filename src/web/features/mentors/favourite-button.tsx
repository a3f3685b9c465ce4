import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepsFavourites } from '../../../shared/roles';
import { useSession } from '../../lib/session';
import { useSetFavourite } from './favourites-api';

/**
 * The star that bookmarks an alumnus, for the people who keep favourites (students and alumni
 * awaiting approval); nobody else sees it. `favourite` is the saved state (the detail's
 * viewer.favourite); while a change is on its way the button already shows the new one.
 */
export function FavouriteButton({ urlParam, favourite }: { urlParam: string; favourite: boolean }) {
  const { t } = useTranslation();
  const role = useSession().data?.user?.role;
  const change = useSetFavourite(urlParam);
  // The last change and the saved state it was made over: it stands until that state moves,
  // so the button is right even where the parent's `favourite` is read only once.
  const [lastChange, setLastChange] = useState<{ to: boolean; over: boolean } | null>(null);
  if (!keepsFavourites(role)) return null;

  let shown = favourite;
  if (change.isPending) shown = change.variables;
  else if (change.isSuccess && lastChange?.over === favourite) shown = lastChange.to;

  function toggle() {
    setLastChange({ to: !shown, over: favourite });
    change.mutate(!shown);
  }

  return (
    <button
      type="button"
      className={shown ? 'button favourite-button favourite-button-on' : 'button favourite-button'}
      aria-pressed={shown}
      onClick={toggle}
    >
      <span className="favourite-star" aria-hidden="true">
        {shown ? '★' : '☆'}
      </span>
      {shown ? t('browse.favourited') : t('browse.addFavourite')}
    </button>
  );
}
