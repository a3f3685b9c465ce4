import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../api/error-message';
import { useToast } from '../../../components/toast';
import { useReinstateUser } from '../api';
import type { UserActionProps } from './action-props';

/** Lifting a suspension is harmless, so it is done at once, without asking. */
export function ReinstateButton({ user, name }: Omit<UserActionProps, 'ask'>) {
  const { t } = useTranslation();
  const toast = useToast();
  const reinstate = useReinstateUser();

  async function doReinstate() {
    try {
      await reinstate.mutateAsync(user.id);
      toast.success(t('admin.users.reinstated', { name }));
    } catch (error) {
      toast.error(t('admin.actionFailed', { message: errorMessage(t, error) }));
    }
  }

  return (
    <button
      type="button"
      className="button button-secondary"
      disabled={reinstate.isPending}
      aria-busy={reinstate.isPending || undefined}
      onClick={() => void doReinstate()}
    >
      {reinstate.isPending ? t('admin.users.reinstating') : t('admin.users.reinstate')}
    </button>
  );
}
