import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { VisitRequest } from '../../../shared/schemas/visit-requests';
import { formatMeetingTime } from '../../lib/meeting-time';
import { ContactAddress, personName } from './visit-facts';
import { MeetingDetails } from './meeting-details';
import { threadQuery } from '../threads';

/**
 * The booked visit, which the request page leads with once a time is agreed.
 */

/** The agreed time, how to meet, the other side's contact and what to do next. */
export function BookedVisit({ request: r }: { request: VisitRequest }) {
  const { t } = useTranslation();
  const format = r.meetingFormat;
  const contact = (r.side === 'student' ? r.mentor : r.student).contactEmail;
  // The step about the URL or the place follows what is done: once set, it stops asking for it.
  const detailsSet = Boolean(format === 'online' ? r.meetingUrl : r.meetingPlace);
  const detailsStep = detailsSet ? (`${format}Set` as const) : format;
  // The student's thanks for the answer: asked until she has written in the thread since it
  // (the thread's own query, which the page shows below: no request of its own).
  const { data: thread } = useQuery({ ...threadQuery(r.id), enabled: r.side === 'student' });
  const answeredAt = r.respondedAt ?? r.createdAt;
  const wroteSince = thread?.messages.some(
    (m) => m.mine && Date.parse(m.createdAt) >= Date.parse(answeredAt),
  );
  const steps =
    r.side === 'student'
      ? [
          ...(wroteSince
            ? []
            : [t('visits.detail.stepsStudent.thank', { name: personName(r.mentor, t) })]),
          t(`visits.detail.stepsStudent.${detailsStep}`),
        ]
      : [t(`visits.detail.stepsMentor.${detailsStep}`)];
  return (
    <section className="visit-booked" aria-labelledby="booked-title">
      <h2 id="booked-title">{t('visits.detail.agreedTitle')}</h2>
      <p className="visit-booked-time">
        <strong>{formatMeetingTime(r.meetingAt!)}</strong>
        <span className="badge badge-muted">{t(`visits.formats.${format}`)}</span>
      </p>
      <MeetingDetails request={r} />
      <p>
        <a
          className="button button-secondary"
          href={`/api/visit-requests/${encodeURIComponent(r.id)}/calendar.ics`}
          download
        >
          {t('calendar.download')}
        </a>
      </p>
      {contact && (
        <div className="visit-booked-contact">
          <h3>{t('visits.detail.contact')}</h3>
          <ContactAddress address={contact} />
        </div>
      )}
      <h3>{t('visits.detail.nextSteps')}</h3>
      <ol className="visit-steps">
        {[...steps, t('visits.detail.stepSafety')].map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      {/* Told in advance: a student reported absent twice within 90 days is stopped. */}
      {r.side === 'student' && <p className="muted">{t('visits.noShow.advance')}</p>}
    </section>
  );
}
