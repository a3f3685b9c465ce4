import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../shared/paths';
import type { Role } from '../../../shared/roles';
import { errorMessage } from '../../api/error-message';
import type { LoginRedirectState } from '../../lib/login-redirect';
import { Modal } from '../../components/modal';
import type { VisitRequest } from '../../../shared/schemas/visit-requests';
import { formatMeetingTime } from '../visits';
import { visitRequestListQuery } from '../visits/api';
import { useWithdraw } from './api';

/** Waiting, or accepted with the meeting still ahead: what a withdrawal cancels (issue 16). */
function isUpcoming(request: VisitRequest): boolean {
  const now = Date.now();
  return (
    request.status === 'pending' ||
    (request.status === 'accepted' &&
      request.meetingAt !== null &&
      Date.parse(request.meetingAt) > now)
  );
}

/**
 * The person's waiting and booked visits, which the withdrawal cancels (the other side is told
 * by mail): listed before they confirm. Admins take no part in requests.
 */
function UpcomingVisits({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const list = useQuery({
    ...visitRequestListQuery,
    enabled,
    select: (data) => data.items.filter(isUpcoming),
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
    </Modal>
  );
}
