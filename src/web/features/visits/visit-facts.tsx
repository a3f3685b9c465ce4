import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { gradeName } from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import type { VisitRequest } from '../../../shared/schemas/visit-requests';
import { industryName } from '../../../shared/taxonomy-en';
import { formatDate } from '../../lib/format';
import { MentorAvatar } from '../../components/mentor-avatar';
import { ProfileRow } from '../../components/profile-list';
import { ConsultationDesk, SafetyActions } from '../safety';
import { formatConfirmedTime, formatMeetingTime } from '../../lib/meeting-time';
import { placeKindText, windowPlaceText } from '../../lib/place-text';
import { SAFETY_RULES } from './safety-rules';
import { universityName } from '../../lib/university-name';
import { AgendaView } from './agenda-view';
import { BookedSlot } from './booked-slot';
import { EmployerDesk, GuidelinesLink, LabourDesk } from '../employer-rules';

/**
 * What the request says: who, when, how, why, and the other side's contact once it may be shown.
 */

/** Accepted with the meeting still ahead: the page leads with the booked visit. */
export function isBooked(request: VisitRequest): boolean {
  return request.status === 'accepted' && request.open;
}

/** The other side's address, with the rule for using it. */
export function ContactAddress({ address }: { address: string }) {
  const { t } = useTranslation();
  return (
    <>
      <a href={`mailto:${address}`}>{address}</a>
      <p className="contact-rule">{t('visits.detail.contactNote')}</p>
    </>
  );
}

/** The person's name, or 「退会したユーザー」 once they have withdrawn. */
export function personName(person: { name: string; withdrawn: boolean }, t: TFunction): string {
  return person.withdrawn ? t('visits.withdrawnUser') : person.name;
}

/**
 * The safety box of every request page, for both sides: whom to turn to when something is
 * wrong — the seminar's 相談窓口, her employer's desk when she gave one, the public
 * 総合労働相談コーナー (issue 54, point 9) — the students' guidelines, and reporting or blocking
 * the other side (nobody to act on once they have withdrawn).
 */
export function SafetyBox({ request }: { request: VisitRequest }) {
  const { t } = useTranslation();
  const other = request.side === 'student' ? request.mentor : request.student;
  return (
    <section className="safety-box" aria-labelledby="safety-box-title">
      <h2 id="safety-box-title">{t('desk.boxTitle')}</h2>
      <p>{t('desk.boxLead')}</p>
      <ConsultationDesk />
      <EmployerDesk rules={request.employerRules} />
      <LabourDesk />
      <p className="safety-box-guidelines">
        <GuidelinesLink label={t('desks.guidelines')} />
      </p>
      {other.userId === null ? null : (
        <SafetyActions
          userId={other.userId}
          name={other.name}
          blocked={request.blockedOther}
          visitRequestId={request.id}
        />
      )}
    </section>
  );
}

export function VisitFacts({ request: r }: { request: VisitRequest }) {
  const { t, i18n } = useTranslation();
  const other = r.side === 'student' ? r.mentor : r.student;
  const booked = isBooked(r);
  return (
    <dl className="profile-list">
      {other.withdrawn ? (
        <ProfileRow
          label={r.side === 'student' ? t('visits.detail.mentor') : t('visits.detail.student')}
        >
          <span className="muted">{t('visits.withdrawnUser')}</span>
        </ProfileRow>
      ) : r.side === 'student' ? (
        <ProfileRow label={t('visits.detail.mentor')}>
          <span className="visit-person">
            <MentorAvatar name={r.mentor.name} iconUrl={r.mentor.iconUrl} size={40} />
            <Link to={paths.mentor(r.mentor.urlParam)}>{r.mentor.name}</Link>
            <span className="muted">
              {r.mentor.company}・{t('mentorsList.graduated', { year: r.mentor.graduationYear })}
            </span>
          </span>
        </ProfileRow>
      ) : (
        <>
          <ProfileRow label={t('visits.detail.student')}>
            {r.student.name}（
            {universityName(r.student.universityName, r.student.universityNameEn, i18n.language)}・
            {gradeName(r.student.grade, i18n.language)}）
          </ProfileRow>
          <StudentAbout student={r.student} />
        </>
      )}
      {/* A booked visit shows the address in its panel, with what to do next. An address not
          shown is promised for after acceptance only while an acceptance may still come. */}
      {!booked && other.contactEmail ? (
        <ProfileRow label={t('visits.detail.contact')}>
          <ContactAddress address={other.contactEmail} />
        </ProfileRow>
      ) : !booked && r.status === 'pending' ? (
        <ProfileRow label={t('visits.detail.contact')}>
          <span className="muted">{t('visits.detail.contactHidden')}</span>
        </ProfileRow>
      ) : null}
      {r.status === 'accepted' && r.meetingAt && !booked && (
        <ProfileRow label={t('visits.detail.meetingAt')}>
          <strong>{formatMeetingTime(r.meetingAt)}</strong>
        </ProfileRow>
      )}
      <ProfileRow label={t('visits.detail.purpose')}>
        {t(`visits.purposes.${r.purpose}`)}
      </ProfileRow>
      <ProfileRow label={t('visits.detail.format')}>
        {t(`visits.formats.${r.meetingFormat}`)}
      </ProfileRow>
      {r.status === 'accepted' && r.placeKind && (
        <ProfileRow label={t('visits.place.title')}>
          {placeKindText(t, r.placeKind, r.placeOther)}
        </ProfileRow>
      )}
      <RulesConfirmed request={r} />
      <WindowPlace request={r} />
      {r.bookedUntil !== null ? (
        <BookedSlot request={r} />
      ) : (
        <ProfileRow label={t('visits.detail.slots')}>
          <ol className="slot-summary">
            {r.preferredSlots.map((slot) => (
              <li key={slot}>{formatMeetingTime(slot)}</li>
            ))}
          </ol>
        </ProfileRow>
      )}
      <ProfileRow label={t('visits.detail.message')}>
        <p className="visit-message">{r.message}</p>
      </ProfileRow>
      <AgendaView request={r} />
      {r.responseMessage && (
        <ProfileRow label={t('visits.detail.response')}>
          <p className="visit-message">{r.responseMessage}</p>
        </ProfileRow>
      )}
      {/* A cancellation and its reason lead the page (cancelled-notice.tsx). */}
      <ProfileRow label={t('visits.detail.requestedAt')}>{formatDate(r.createdAt)}</ProfileRow>
    </dl>
  );
}

/**
 * The place her window named for the booked slot, while the request waits (once agreed, the
 * booked visit says where to meet): the student booked it there, and the alumna reads what she
 * offered.
 */
function WindowPlace({ request: r }: { request: VisitRequest }) {
  const { t } = useTranslation();
  // While the booking holds its slot: other times proposed leave the slot, and its place.
  const place =
    r.windowPlace && r.status === 'pending' && r.bookedUntil !== null
      ? windowPlaceText(t, r.windowPlace)
      : null;
  if (!place) return null;
  return (
    <ProfileRow label={t('visits.placeOnce.windowPlace')}>
      <strong>{place}</strong>
      {r.side === 'student' && <p className="muted">{t('visits.placeOnce.windowPlaceNote')}</p>}
    </ProfileRow>
  );
}

/**
 * Both sides' confirmation of the safety rules, and when (Japan time): 「学生 11月26日 14:05／OG
 * 11月27日 9:30」. Nothing on a request from before confirmations were stored, rather than a
 * 「未確認」 it never had the chance to give; the rules themselves under it.
 */
export function RulesConfirmed({ request: r }: { request: VisitRequest }) {
  const { t } = useTranslation();
  const { student, mentor } = r.rulesConfirmed;
  if (!student && !mentor) return null;
  const when = (iso: string | null) =>
    iso ? formatConfirmedTime(iso) : t('visits.safety.notConfirmed');
  return (
    <ProfileRow label={t('visits.safety.confirmedTitle')}>
      <p className="visit-rules-confirmed">
        {t('visits.safety.confirmed', { student: when(student), mentor: when(mentor) })}
      </p>
      <details>
        <summary>{t('visits.safety.title')}</summary>
        <ul>
          {SAFETY_RULES.map((rule) => (
            <li key={rule}>{t(`visits.safety.rules.${rule}`)}</li>
          ))}
        </ul>
      </details>
    </ProfileRow>
  );
}

/**
 * What the student wrote about themselves, so the alumnus can prepare; only what was
 * filled in, and never the 学籍番号.
 */
function StudentAbout({ student }: { student: VisitRequest['student'] }) {
  const { t, i18n } = useTranslation();
  const rows: [string, string | null][] = [
    [t('studentProfile.facultyDepartment'), `${student.faculty} ${student.department}`.trim()],
    [
      t('studentProfile.desiredIndustry'),
      student.desiredIndustry && industryName(student.desiredIndustry, i18n.language),
    ],
    [t('studentProfile.desiredJobType'), student.desiredJobType],
  ];
  return (
    <>
      {rows.map(([label, value]) =>
        value ? (
          <ProfileRow key={label} label={label}>
            {value}
          </ProfileRow>
        ) : null,
      )}
      {student.selfIntroduction && (
        <ProfileRow label={t('studentProfile.selfIntroduction')}>
          <p className="visit-message">{student.selfIntroduction}</p>
        </ProfileRow>
      )}
    </>
  );
}
