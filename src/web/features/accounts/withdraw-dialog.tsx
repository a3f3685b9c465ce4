import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../shared/paths';
import type { Role } from '../../../shared/roles';
import { errorMessage } from '../../api/error-message';
import type { LoginRedirectState } from '../../app/guards';
import { Modal } from '../../components/modal';
import { useWithdraw } from './api';

/** The withdrawal confirmation: it says what will be deleted before anything is. */
export function WithdrawDialog({
  open,
  onClose,
  role,
}: {
  open: boolean;
  onClose: () => void;
  role: Role | undefined;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const withdraw = useWithdraw();
  const items = [
    t('nav.withdrawAccount'),
    role === 'student' ? t('nav.withdrawStudent') : t('nav.withdrawMentor'),
    ...(role === 'student' ? [] : [t('nav.withdrawInvitations')]),
    t('nav.withdrawSessions'),
  ];

  async function confirm() {
    try {
      await withdraw.mutateAsync();
      onClose();
      const state: LoginRedirectState = { notice: 'withdrawn' };
      await navigate(paths.login, { replace: true, state });
    } catch {
      // Shown in the dialog, which keeps the rest of the page inert while it is open.
    }
  }

  function close() {
    // A failure shown last time is not news when the dialog opens again.
    withdraw.reset();
    onClose();
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title={t('nav.withdrawTitle')}
      footer={
        <>
          <button type="button" className="button button-secondary" onClick={close}>
            {t('nav.withdrawCancel')}
          </button>
          <button
            type="button"
            className="button button-danger"
            disabled={withdraw.isPending}
            onClick={() => void confirm()}
          >
            {withdraw.isPending ? t('nav.withdrawing') : t('nav.withdrawConfirm')}
          </button>
        </>
      }
    >
      <p>{t('nav.withdrawLead')}</p>
      <ul className="withdraw-list">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p className="muted">{t('nav.withdrawAgain')}</p>
      {withdraw.error ? (
        <p className="notice notice-error" role="alert">
          {t('nav.withdrawFailed')} {errorMessage(t, withdraw.error)}
        </p>
      ) : null}
    </Modal>
  );
}
