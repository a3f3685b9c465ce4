import { useTranslation } from 'react-i18next';
import { useChangeUserRole } from '../api';
import type { UserActionProps } from './action-props';

/** 「承認」 for an alumna awaiting approval: the one action she needs, kept in view. */
export function ApproveButton({ user, name, ask }: UserActionProps) {
  const { t } = useTranslation();
  const changeRole = useChangeUserRole();

  function askApprove() {
    ask({
      title: t('admin.users.approveTitle'),
      body: <p>{t('admin.users.approveBody', { name })}</p>,
      confirmLabel: t('admin.users.approveConfirm'),
      pendingLabel: t('admin.users.approving'),
      tone: 'primary',
      run: async () => {
        await changeRole.mutateAsync({ id: user.id, role: 'mentor' });
        return t('admin.users.approved', { name });
      },
    });
  }

  return (
    <button type="button" className="button button-primary" onClick={askApprove}>
      {t('admin.users.approve')}
    </button>
  );
}
