import { useTranslation } from 'react-i18next';
import { useSuspendUser } from '../api';
import type { UserActionProps } from './action-props';

/** Suspending signs the person out everywhere and keeps them out (docs/PRODUCT.md): confirmed first. */
export function SuspendButton({ user, name, ask }: UserActionProps) {
  const { t } = useTranslation();
  const suspend = useSuspendUser();

  function askSuspend() {
    ask({
      title: t('admin.users.suspendTitle'),
      body: <p>{t('admin.users.suspendBody', { name })}</p>,
      confirmLabel: t('admin.users.suspendConfirm'),
      pendingLabel: t('admin.users.suspending'),
      run: async () => {
        await suspend.mutateAsync(user.id);
        return t('admin.users.suspended', { name });
      },
    });
  }

  return (
    <button type="button" className="button admin-button-warn" onClick={askSuspend}>
      {t('admin.users.suspend')}
    </button>
  );
}
