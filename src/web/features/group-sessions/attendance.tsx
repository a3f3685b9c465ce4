import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { gradeName } from '../../../shared/constants';
import type {
  GroupSessionAttendance,
  GroupSessionView,
} from '../../../shared/schemas/group-sessions';
import { apiRequest } from '../../api/client';
import { errorMessage } from '../../api/error-message';
import { formatDate } from '../../lib/format';
import { universityName } from '../../lib/university-name';

function useRecordAttendance(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attendance: GroupSessionAttendance) =>
      apiRequest<void>(`/api/group-sessions/${encodeURIComponent(id)}/attendance`, {
        method: 'PUT',
        body: attendance,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['group-sessions'] }),
  });
}

/**
 * 出欠 (issue 58): once it has started, its alumna (or an admin) marks each seated student
 * 参加 or 欠席 and saves them at once. A 欠席 counts toward the student's no-show stop as a
 * visit's no-show does, which the lead says.
 */
export function GroupSessionAttendanceForm({ view }: { view: GroupSessionView }) {
  if (view.as === 'student' || view.state !== 'held' || !view.attendees) return null;
  const seated = view.attendees.filter((attendee) => attendee.place.kind === 'seated');
  if (seated.length === 0) return null;
  return <AttendanceForm id={view.id} seated={seated} />;
}

function AttendanceForm({
  id,
  seated,
}: {
  id: string;
  seated: NonNullable<GroupSessionView['attendees']>;
}) {
  const { t, i18n } = useTranslation();
  const record = useRecordAttendance(id);
  const [chosen, setChosen] = useState<Record<string, boolean | null>>(() =>
    Object.fromEntries(seated.map((attendee) => [attendee.studentId, attendee.attended])),
  );
  const [saved, setSaved] = useState(false);
  const attendance = Object.entries(chosen).flatMap(([studentId, attended]) =>
    attended === null || attended === undefined ? [] : [{ studentId, attended }],
  );

  function choose(studentId: string, attended: boolean) {
    setSaved(false);
    setChosen((before) => ({ ...before, [studentId]: attended }));
  }

  async function save() {
    try {
      await record.mutateAsync({ attendance });
      setSaved(true);
    } catch {
      // Said below the button.
    }
  }

  return (
    <section aria-labelledby="group-session-attendance" className="group-session-attendance">
      <h2 id="group-session-attendance">{t('groupSessions.attendance.title')}</h2>
      <p className="muted">{t('groupSessions.after.attendanceLead')}</p>
      <ul className="group-session-attendance-list">
        {seated.map((attendee) => (
          <li key={attendee.studentId}>
            <fieldset className="field radio-group">
              <legend>
                {attendee.name}
                <span className="muted">
                  {' '}
                  {universityName(
                    attendee.university,
                    attendee.universityNameEn,
                    i18n.language,
                  )}{' '}
                  {gradeName(attendee.grade, i18n.language)}
                </span>
              </legend>
              {([true, false] as const).map((attended) => (
                <label key={String(attended)} className="radio-option">
                  <input
                    type="radio"
                    name={`attendance-${attendee.studentId}`}
                    checked={chosen[attendee.studentId] === attended}
                    // A withdrawn 欠席 is not recorded again (decision 0045, as a visit's claim).
                    disabled={!attended && Boolean(attendee.absence?.withdrawnAt)}
                    onChange={() => choose(attendee.studentId, attended)}
                  />
                  {t(
                    attended
                      ? 'groupSessions.attendance.attended'
                      : 'groupSessions.attendance.absent',
                  )}
                </label>
              ))}
            </fieldset>
            <AttendeeAfter attendee={attendee} />
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="button"
        disabled={attendance.length === 0 || record.isPending}
        onClick={() => void save()}
      >
        {record.isPending
          ? t('groupSessions.attendance.saving')
          : t('groupSessions.attendance.save')}
      </button>
      {saved ? (
        <p className="notice notice-success" role="status">
          {t('groupSessions.attendance.saved')}
        </p>
      ) : null}
      {record.error ? (
        <p className="notice notice-error" role="alert">
          {t('groupSessions.page.failed', { message: errorMessage(t, record.error) })}
        </p>
      ) : null}
    </section>
  );
}

/**
 * What followed for one attendee: her answer to a 欠席 (or its withdrawal), and to the admins
 * her reply to 「無事に終わりましたか」 (null for its alumna, as a visit's is never shown to her).
 */
function AttendeeAfter({
  attendee,
}: {
  attendee: NonNullable<GroupSessionView['attendees']>[number];
}) {
  const { t } = useTranslation();
  const { absence, safeEnd } = attendee;
  const lines: string[] = [];
  if (absence?.withdrawnAt) lines.push(t('groupSessions.after.absentWithdrawn'));
  else if (absence?.answer) {
    lines.push(
      t('groupSessions.after.answered', {
        date: formatDate(absence.answer.at),
        note: absence.answer.note,
      }),
    );
  } else if (absence) lines.push(t('groupSessions.after.notAnswered'));
  if (safeEnd) {
    lines.push(
      safeEnd.confirmedAt
        ? t('groupSessions.after.safeEndConfirmed', { date: formatDate(safeEnd.confirmedAt) })
        : t('groupSessions.after.safeEndAsked'),
    );
  }
  if (lines.length === 0) return null;
  return (
    <div className="group-session-attendee-after">
      {lines.map((line) => (
        <p key={line} className="muted">
          {line}
        </p>
      ))}
    </div>
  );
}
