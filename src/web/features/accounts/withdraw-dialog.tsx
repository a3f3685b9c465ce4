import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../shared/paths';
import type { Role } from '../../../shared/roles';
import { errorMessage } from '../../api/error-message';
import type { LoginRedirectState } from '../../lib/login-redirect';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { ModalOpening } from '../../components/modal';
import { formatMeetingTime } from '../../lib/meeting-time';
import { visitRequestListQuery } from '../visits/api';
import { useWithdraw } from './api';

/**
 * The person's waiting and booked visits, which the withdrawal cancels (the other side is told
 * by mail): listed before they confirm. Admins take no part in requests.
 */
function UpcomingVisits({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const list = useQuery({
    ...visitRequestListQuery,
    enabled,
    // Open (waiting, or accepted with the meeting ahead, as the server says): what a withdrawal
    // cancels.
    select: (data) => data.items.filter((request) => request.open),
  });
  const upcoming = list.data;
  if (!enabled || !upcoming || upcoming.length === 0) return null;
  return (
    <div className="notice notice-warning" role="note">
      <p>{t('nav.withdrawVisitsLead', { count: upcoming.length })}</p>
      <ul className="withdraw-list">
        {upcoming.map((request) => {
          const other = request.side === 'student' ? request.mentor : request.student;
          const name = other.withdrawn ? t('visits.withdrawnUser') : other.name;
          return (
            <li key={request.id}>
              {request.status === 'accepted' && request.meetingAt
                ? t('nav.withdrawVisitBooked', {
                    name,
                    date: formatMeetingTime(request.meetingAt),
                  })
                : t('nav.withdrawVisitWaiting', { name })}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The withdrawal confirmation: it says what will be deleted before anything is. */
export function WithdrawDialog({ open, onClose, role }: ModalOpening & { role: Role | undefined }) {
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
    <ConfirmDialog
      open={open}
      onClose={close}
      title={t('nav.withdrawTitle')}
      cancelLabel={t('nav.withdrawCancel')}
      confirmLabel={t('nav.withdrawConfirm')}
      pendingLabel={t('nav.withdrawing')}
      pending={withdraw.isPending}
      onConfirm={() => void confirm()}
    >
      <UpcomingVisits enabled={open && (role === 'student' || role === 'mentor')} />
      <p>{t('nav.withdrawLead')}</p>
      <ul className="withdraw-list">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p className="muted">{t('nav.withdrawKept')}</p>
      <p className="muted">{t('nav.withdrawAgain')}</p>
      {withdraw.error ? (
        <p className="notice notice-error" role="alert">
          {t('nav.withdrawFailed')} {errorMessage(t, withdraw.error)}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
