import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { VISIT_NOTE_ON_WITHDRAWAL, type VisitNoteOnWithdrawal } from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import type { Role } from '../../../shared/roles';
import { errorMessage } from '../../api/error-message';
import type { LoginRedirectState } from '../../lib/login-redirect';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { RadioGroupField } from '../../components/form-fields';
import type { ModalOpening } from '../../components/modal';
import { formatMeetingTime } from '../../lib/meeting-time';
import { visitRequestListQuery } from '../visits/api';
import { myVisitNotesQuery } from '../visit-notes/api';
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

/**
 * How many of a student's 訪問記録 the seminar has (shared): what she decides about before
 * leaving (docs/PRODUCT.md §7a). Only those can be kept; the server deletes every other note of
 * hers, those still waiting for an alumna too. Undefined while it is read.
 */
function useSharedNoteCount(enabled: boolean): number | undefined {
  const notes = useQuery({
    ...myVisitNotesQuery,
    enabled,
    select: (data) => data.items.filter((note) => note.sharing === 'shared').length,
  });
  if (!enabled) return 0;
  // A list that cannot be read asks nothing: the server's rule (deleted) applies.
  if (notes.error) return 0;
  return notes.data;
}

/** Keep her shared notes without her name, or delete them: nothing chosen until she chooses. */
function SharedNotesChoice({
  count,
  onChoose,
}: {
  count: number;
  onChoose: (choice: VisitNoteOnWithdrawal) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="withdraw-notes">
      <RadioGroupField
        legend={t('visitNotes.withdraw.legend', { count })}
        options={VISIT_NOTE_ON_WITHDRAWAL.map((choice) => ({
          value: choice,
          label: t(`visitNotes.withdraw.${choice}`),
        }))}
        inputProps={{
          name: 'withdraw-visit-notes',
          onChange: (event) => onChoose(event.target.value as VisitNoteOnWithdrawal),
        }}
      />
      <p className="field-hint">{t('visitNotes.withdraw.hint')}</p>
    </div>
  );
}

/** The withdrawal confirmation: it says what will be deleted before anything is. */
export function WithdrawDialog({ open, onClose, role }: ModalOpening & { role: Role | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const withdraw = useWithdraw();
  const sharedNotes = useSharedNoteCount(open && role === 'student');
  const [notesChoice, setNotesChoice] = useState<VisitNoteOnWithdrawal | null>(null);
  // Her shared notes are decided by her, never by a default: the button waits for the choice.
  const waitingForChoice = sharedNotes === undefined || (sharedNotes > 0 && notesChoice === null);
  const items = [
    t('nav.withdrawAccount'),
    role === 'student' ? t('nav.withdrawStudent') : t('nav.withdrawMentor'),
    ...(role === 'student' ? [] : [t('nav.withdrawInvitations')]),
    t('nav.withdrawSessions'),
  ];

  async function confirm() {
    try {
      await withdraw.mutateAsync(
        sharedNotes && notesChoice ? { visitNotes: notesChoice } : undefined,
      );
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
    setNotesChoice(null);
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
      confirmDisabled={waitingForChoice}
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
      {sharedNotes === undefined ? (
        <p className="muted" role="status">
          {t('visitNotes.withdraw.loading')}
        </p>
      ) : sharedNotes > 0 ? (
        <>
          <SharedNotesChoice count={sharedNotes} onChoose={setNotesChoice} />
          {notesChoice === null ? (
            <p className="muted">{t('visitNotes.withdraw.required')}</p>
          ) : null}
        </>
      ) : null}
      <p className="muted">{t('nav.withdrawAgain')}</p>
      {withdraw.error ? (
        <p className="notice notice-error" role="alert">
          {t('nav.withdrawFailed')} {errorMessage(t, withdraw.error)}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
