import { useTranslation } from 'react-i18next';
import { useDeleteUser } from '../api';
import type { UserActionProps } from './action-props';

/** Deleting cannot be undone: the dialog says what goes and waits for the address to be typed. */
export function DeleteButton({ user, name, ask }: UserActionProps) {
  const { t } = useTranslation();
  const remove = useDeleteUser();

  function askDelete() {
    ask({
      title: t('admin.users.deleteTitle'),
      body: (
        <>
          <p>{t('admin.users.deleteLead', { name })}</p>
          <ul className="withdraw-list">
            <li>{t('admin.users.deleteAccount')}</li>
            <li>{t('admin.users.deleteProfile')}</li>
            <li>{t('admin.users.deleteSessions')}</li>
          </ul>
          <p>{t('admin.users.deleteInvitations')}</p>
          <p>{t('admin.users.deleteKept')}</p>
        </>
      ),
      confirmLabel: t('admin.users.deleteConfirm'),
      pendingLabel: t('admin.users.deleting'),
      typeToConfirm: user.email,
      run: async () => {
        await remove.mutateAsync(user.id);
        return t('admin.users.deleted', { name });
      },
    });
  }

  return (
    <button type="button" className="button button-danger" onClick={askDelete}>
      {t('admin.users.delete')}
    </button>
  );
}
