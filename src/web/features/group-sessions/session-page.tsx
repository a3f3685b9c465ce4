import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { gradeName } from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import {
  groupSessionCancelSchema,
  type GroupSessionPlace,
  type GroupSessionView,
} from '../../../shared/schemas/group-sessions';
import { errorMessage } from '../../api/error-message';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorNotice } from '../../components/error-notice';
import { TextAreaField } from '../../components/form-fields';
import { ProfileSkeleton } from '../../components/skeletons';
import { useDocumentTitle } from '../../lib/document-title';
import { formatMeetingTime } from '../../lib/meeting-time';
import { universityName } from '../../lib/university-name';
import { SafetyRules } from '../visits';
import { useCancelGroupSession, useLeaveSeat, useTakeSeat } from './api';
import { GroupSessionAttendanceForm } from './attendance';
import { GroupSessionCalendarLink } from './calendar-link';
import { GroupSessionEditForm } from './edit-form';
import { groupSessionQuery } from './list-api';
import {
  audienceText,
  PlaceBadge,
  SeatsBadge,
  sessionFormat,
  sessionTime,
  TopicChips,
} from './session-card';
import { GroupSessionAfter } from './session-after';
import { SessionNoteEntry } from './session-note';
import { SessionThread } from './session-thread';
import './group-sessions.css';

/**
 * /group-sessions/:id: one 座談会. A student takes a seat (or a place on the waiting list) in one
 * step and may leave until sign-up closes; its alumna and the admins see who is coming and may
 * cancel it with a reason. The server decides who may read it (a 404 to a student it is not for).
 */
export function GroupSessionPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const session = useQuery(groupSessionQuery(id));
  useDocumentTitle(session.data?.title ?? t('groupSessions.title'));
  if (session.isPending) return <ProfileSkeleton />;
  if (session.error) {
    return (
      <section className="card narrow">
        <h1>{t('groupSessions.title')}</h1>
        <ErrorNotice error={session.error} />
        <BackToList />
      </section>
    );
  }
  const view = session.data;
  return (
    <article className="card group-session-page">
      <BackToList />
      <h1>{view.title}</h1>
      <p className="group-session-card-badges">
        <SeatsBadge card={view} />
        <PlaceBadge mine={view.mine} />
      </p>
      <StateNotice view={view} />
      <GroupSessionAfter view={view} />
      <Details view={view} />
      <GroupSessionCalendarLink view={view} />
      {view.description ? (
        <section aria-labelledby="group-session-description">
          <h2 id="group-session-description">{t('groupSessions.page.description')}</h2>
          <p className="group-session-description">{view.description}</p>
        </section>
      ) : null}
      {view.as === 'student' ? <StudentAction view={view} /> : null}
      <SessionNoteEntry view={view} />
      {view.as !== 'student' || view.mine.kind !== 'none' ? <SessionThread id={view.id} /> : null}
      {view.attendees ? <Attendees attendees={view.attendees} /> : null}
      <GroupSessionAttendanceForm view={view} />
      <GroupSessionEditForm view={view} />
      {view.as !== 'student' ? (
        <CancelSession
          id={view.id}
          cancellable={view.state === 'open' || view.state === 'full' || view.state === 'closed'}
        />
      ) : null}
    </article>
  );
}

function BackToList() {
  const { t } = useTranslation();
  return (
    <p className="back-link">
      <Link to={paths.groupSessions}>{t('groupSessions.page.back')}</Link>
    </p>
  );
}

/** Why nothing can be done now: closed, held, or cancelled with its reason. */
function StateNotice({ view }: { view: GroupSessionView }) {
  const { t } = useTranslation();
  if (view.state === 'cancelled') {
    return (
      <div className="notice notice-warning">
        <p>{t('groupSessions.page.cancelledNote')}</p>
        {view.cancelledReason ? (
          <p className="group-session-description">
            {t('groupSessions.page.cancelledReason', { reason: view.cancelledReason })}
          </p>
        ) : null}
      </div>
    );
  }
  if (view.state === 'held')
    return <p className="notice notice-info">{t('groupSessions.page.heldNote')}</p>;
  if (view.state === 'closed') {
    return <p className="notice notice-info">{t('groupSessions.page.closedNote')}</p>;
  }
  return null;
}

/** What the student can do: take a seat or wait, or leave (a confirm), and what came of it. */
function StudentAction({ view }: { view: GroupSessionView }) {
  const { t } = useTranslation();
  const take = useTakeSeat(view.id);
  const leave = useLeaveSeat(view.id);
  const [asking, setAsking] = useState(false);
  // What the last step did, said at once (the page refreshes behind it).
  const [done, setDone] = useState<string | null>(null);
  // A join to the waiting list just said where she stands and what comes next: the standing
  // notice below would say it all a second time.
  const [joined, setJoined] = useState(false);
  const signUpOpen = view.state === 'open' || view.state === 'full';

  async function join() {
    setDone(null);
    leave.reset();
    try {
      const result = await take.mutateAsync();
      setDone(placeSaid(result.mine));
      setJoined(true);
    } catch {
      // Said under the button (errorMessage): the page is refreshed to what stands now.
    }
  }

  function placeSaid(mine: GroupSessionPlace): string {
    return mine.kind === 'waiting'
      ? t('groupSessions.page.joinedWaiting', { position: mine.position })
      : t('groupSessions.page.joinedSeat');
  }

  async function confirmLeave() {
    setDone(null);
    setJoined(false);
    take.reset();
    try {
      await leave.mutateAsync();
      setAsking(false);
      setDone(t('groupSessions.page.left'));
    } catch {
      setAsking(false);
    }
  }

  const error = take.error ?? leave.error;
  let action: ReactNode = null;
  // Once held or called off, her place is history: the notice above says what became of it.
  const over = view.state === 'held' || view.state === 'cancelled';
  if (over) {
    action = null;
  } else if (view.mine.kind === 'seated' || view.mine.kind === 'waiting') {
    action = (
      <>
        {done && joined && view.mine.kind === 'waiting' ? null : (
          <p className="notice notice-success">
            {view.mine.kind === 'seated'
              ? t('groupSessions.page.seated')
              : t('groupSessions.page.waiting', { position: view.mine.position })}
          </p>
        )}
        {signUpOpen ? (
          <button type="button" className="button button-secondary" onClick={() => setAsking(true)}>
            {view.mine.kind === 'seated'
              ? t('groupSessions.page.leave')
              : t('groupSessions.page.leaveWaiting')}
          </button>
        ) : null}
      </>
    );
  } else if (signUpOpen && view.canJoin) {
    action = (
      <>
        {view.meetingFormat === 'in_person' ? (
          <>
            <p>{t('groupSessions.page.joinSafety')}</p>
            <SafetyRules />
          </>
        ) : null}
        <button
          type="button"
          className="button button-primary button-block"
          disabled={take.isPending}
          aria-busy={take.isPending || undefined}
          onClick={() => void join()}
        >
          {take.isPending
            ? t('groupSessions.page.joining')
            : view.state === 'full'
              ? t('groupSessions.page.joinWaiting')
              : t('groupSessions.page.join')}
        </button>
      </>
    );
  }
  return (
    <div className="group-session-action">
      {done ? (
        <p className="notice notice-success" role="status">
          {done}
        </p>
      ) : null}
      {action}
      {error ? (
        <p className="notice notice-error" role="alert">
          {t('groupSessions.page.failed', { message: errorMessage(t, error) })}
        </p>
      ) : null}
      <ConfirmDialog
        open={asking}
        onClose={() => setAsking(false)}
        title={t('groupSessions.page.leaveTitle')}
        cancelLabel={t('groupSessions.page.keep')}
        confirmLabel={t('groupSessions.page.leaveConfirm')}
        pendingLabel={t('groupSessions.page.leaving')}
        pending={leave.isPending}
        onConfirm={() => void confirmLeave()}
      >
        <p>{t('groupSessions.page.leaveBody')}</p>
      </ConfirmDialog>
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="profile-row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Details({ view }: { view: GroupSessionView }) {
  const { t, i18n } = useTranslation();
  const seated = view.as !== 'student' || view.mine.kind === 'seated';
  return (
    <section aria-labelledby="group-session-details">
      <h2 id="group-session-details">{t('groupSessions.page.details')}</h2>
      <dl className="profile-list">
        <Row label={t('groupSessions.page.host')}>
          <Link to={paths.mentor(view.mentor.urlParam)}>{view.mentor.name}</Link>
          <span className="muted"> · {view.mentor.company}</span>
        </Row>
        <Row label={t('groupSessions.page.time')}>{sessionTime(t, view)}</Row>
        <Row label={t('groupSessions.page.format')}>{sessionFormat(t, view)}</Row>
        {view.meetingFormat === 'in_person' ? (
          <Row label={t('groupSessions.page.place')}>
            {view.meetingPlace ??
              (seated ? t('groupSessions.page.placeSoon') : t('groupSessions.page.placeLater'))}
          </Row>
        ) : (
          <Row label={t('groupSessions.page.meetingUrl')}>
            {view.meetingUrl ? (
              <a href={view.meetingUrl} target="_blank" rel="noopener noreferrer">
                {view.meetingUrl}
              </a>
            ) : seated ? (
              t('groupSessions.page.urlLater')
            ) : (
              t('groupSessions.page.placeLater')
            )}
          </Row>
        )}
        <Row label={t('groupSessions.page.seats')}>
          {t('groupSessions.page.seatsValue', { seats: view.seats, left: view.seatsLeft })}
          {view.as !== 'student' && view.waitingCount > 0 ? (
            <span className="muted">
              {' · '}
              {t('groupSessions.page.waitingCount', { count: view.waitingCount })}
            </span>
          ) : null}
        </Row>
        <Row label={t('groupSessions.page.audience')}>
          {audienceText(t, i18n.language, view) ?? t('groupSessions.page.audienceAll')}
        </Row>
        <Row label={t('groupSessions.form.signUpClosesAt')}>
          {formatMeetingTime(view.signUpClosesAt)}
        </Row>
        <Row label={t('groupSessions.page.topics')}>
          <TopicChips topics={view.topics} />
        </Row>
      </dl>
    </section>
  );
}

/** Who is coming, as its alumna and the admins see them: seated first, then waiting in order. */
function Attendees({ attendees }: { attendees: NonNullable<GroupSessionView['attendees']> }) {
  const { t, i18n } = useTranslation();
  const ordered = [...attendees]
    .filter((attendee) => attendee.place.kind !== 'none')
    .sort((a, b) => rank(a.place) - rank(b.place));
  return (
    <section aria-labelledby="group-session-attendees">
      <h2 id="group-session-attendees">{t('groupSessions.page.attendees')}</h2>
      <p className="muted">{t('groupSessions.page.attendeesLead')}</p>
      {ordered.length === 0 ? (
        <p className="muted">{t('groupSessions.page.attendeesEmpty')}</p>
      ) : (
        <div className="group-session-table-wrap">
          <table className="group-session-attendees">
            <thead>
              <tr>
                <th scope="col">{t('groupSessions.page.attendeeName')}</th>
                <th scope="col">{t('groupSessions.page.attendeeUniversity')}</th>
                <th scope="col">{t('groupSessions.page.attendeePlace')}</th>
              </tr>
            </thead>
            <tbody>
              {ordered.map((attendee) => (
                <tr key={attendee.studentId}>
                  <th scope="row">{attendee.name}</th>
                  <td>
                    {universityName(attendee.university, attendee.universityNameEn, i18n.language)}{' '}
                    {gradeName(attendee.grade, i18n.language)}
                  </td>
                  <td>
                    {attendee.place.kind === 'waiting'
                      ? t('groupSessions.page.attendeeWaiting', {
                          position: attendee.place.position,
                        })
                      : t('groupSessions.page.attendeeSeated')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Seated (0) before waiting (its position). */
function rank(place: GroupSessionPlace): number {
  return place.kind === 'waiting' ? place.position : 0;
}

/** 「中止する」: a reason asked in a dialog, everyone seated or waiting is told it. */
function CancelSession({ id, cancellable }: { id: string; cancellable: boolean }) {
  const { t } = useTranslation();
  const cancel = useCancelGroupSession(id);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [done, setDone] = useState(false);

  async function confirm() {
    const checked = groupSessionCancelSchema.safeParse({ reason });
    if (!checked.success) {
      setReasonError(checked.error.issues[0]?.message);
      return;
    }
    setReasonError(undefined);
    try {
      await cancel.mutateAsync(checked.data);
      setAsking(false);
      setDone(true);
    } catch {
      // Said inside the dialog.
    }
  }

  return (
    <div className="group-session-action">
      {done ? (
        <p className="notice notice-success" role="status">
          {t('groupSessions.page.cancelled')}
        </p>
      ) : cancellable ? (
        <button type="button" className="button button-danger" onClick={() => setAsking(true)}>
          {t('groupSessions.page.cancel')}
        </button>
      ) : null}
      <ConfirmDialog
        open={asking}
        onClose={() => setAsking(false)}
        title={t('groupSessions.page.cancelTitle')}
        cancelLabel={t('groupSessions.page.cancelKeep')}
        confirmLabel={t('groupSessions.page.cancelConfirm')}
        pendingLabel={t('groupSessions.page.cancelling')}
        pending={cancel.isPending}
        onConfirm={() => void confirm()}
      >
        <p>{t('groupSessions.page.cancelBody')}</p>
        <TextAreaField
          label={t('groupSessions.page.cancelReason')}
          rows={3}
          value={reason}
          errorKey={reasonError}
          onChange={(event) => setReason(event.target.value)}
        />
        {cancel.error ? (
          <p className="notice notice-error" role="alert">
            {t('groupSessions.page.failed', { message: errorMessage(t, cancel.error) })}
          </p>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
