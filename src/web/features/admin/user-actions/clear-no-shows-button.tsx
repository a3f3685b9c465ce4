import { useTranslation } from 'react-i18next';
import { useClearNoShows } from '../api';
import type { UserActionProps } from './action-props';

/** Lets a student whose requests no-shows stopped send them again (docs/PRODUCT.md §7). */
export function ClearNoShowsButton({ user, name, ask }: UserActionProps) {
  const { t } = useTranslation();
  const clearNoShows = useClearNoShows();

  function askClearNoShows() {
    ask({
      title: t('admin.users.clearNoShowsTitle'),
      body: <p>{t('admin.users.clearNoShowsBody', { name })}</p>,
      confirmLabel: t('admin.users.clearNoShowsConfirm'),
      pendingLabel: t('admin.users.clearingNoShows'),
      tone: 'primary',
      run: async () => {
        await clearNoShows.mutateAsync(user.id);
        return t('admin.users.clearedNoShows', { name });
      },
    });
  }

  return (
    <button type="button" className="button button-primary" onClick={askClearNoShows}>
      {t('admin.users.clearNoShows')}
    </button>
  );
}
