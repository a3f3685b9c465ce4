import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import type { DayVisit } from '../../../shared/schemas/day-details';
import { followableMeetingUrl } from '../../../shared/schemas/visit-requests';
import { useDayDetails } from '../../lib/day-details-store';
import { formatMeetingTime, formatMessageTime } from '../../lib/meeting-time';
import { ConsultationDesk } from '../safety';
import './day-details.css';

/**
 * The day's details as this device keeps them (docs/PRODUCT.md §14), read with no connection:
 * each upcoming agreed visit (when, where or the meeting's link, the other side and their
 * contact where the request page shows it), then the 相談窓口. Nothing shows when the device keeps
 * none (signed out, or another account since).
 */
export function SavedVisits() {
  const { t } = useTranslation();
  const kept = useDayDetails();
  if (!kept) return null;
  return (
    <section className="card saved-visits" aria-labelledby="saved-visits-title">
      <h2 id="saved-visits-title">{t('dayDetails.title')}</h2>
      <p className="muted">
        {t('dayDetails.lead', { time: formatMessageTime(new Date(kept.keptAt).toISOString()) })}
      </p>
      {kept.visits.length === 0 ? (
        <p>{t('dayDetails.none')}</p>
      ) : (
        <ul className="saved-visits-list">
          {kept.visits.map((visit) => (
            <SavedVisit key={visit.id} visit={visit} />
          ))}
        </ul>
      )}
      <ConsultationDesk kept={kept.desk} />
      <p className="muted">{t('dayDetails.privacy')}</p>
    </section>
  );
}

function SavedVisit({ visit }: { visit: DayVisit }) {
  const { t } = useTranslation();
  const online = visit.meetingFormat === 'online';
  const url = online && visit.meetingUrl ? followableMeetingUrl(visit.meetingUrl) : null;
  const where = online ? visit.meetingUrl : visit.meetingPlace;
  const otherSide = visit.side === 'student' ? 'mentor' : 'student';
  return (
    <li className="saved-visit">
      <h3>{formatMeetingTime(visit.meetingAt)}</h3>
      <dl>
        <div>
          <dt>{t(`dayDetails.other.${otherSide}`)}</dt>
          <dd>{visit.other.withdrawn ? t('visits.withdrawnUser') : visit.other.name}</dd>
        </div>
        {visit.other.contactEmail ? (
          <div>
            <dt>{t('dayDetails.contact')}</dt>
            <dd>
              <a href={`mailto:${visit.other.contactEmail}`}>{visit.other.contactEmail}</a>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{online ? t('dayDetails.url') : t('dayDetails.place')}</dt>
          <dd>
            {url ? (
              <>
                <a href={url.href} target="_blank" rel="noopener noreferrer">
                  {t('dayDetails.opens', { host: url.host })}
                </a>
                <span className="saved-visit-url muted">{url.href}</span>
              </>
            ) : (
              (where ?? t('dayDetails.notSet'))
            )}
          </dd>
        </div>
      </dl>
      <Link to={paths.visitRequest(visit.id)}>{t('dayDetails.open')}</Link>
    </li>
  );
}

/** The page of /saved-visits: reached offline from a page that needs the connection. */
export function SavedVisitsPage() {
  const { t } = useTranslation();
  const kept = useDayDetails();
  return kept ? (
    <SavedVisits />
  ) : (
    <section className="card saved-visits">
      <h1>{t('dayDetails.title')}</h1>
      <p>{t('dayDetails.none')}</p>
    </section>
  );
}
