import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import type { VisitRequest } from '../../../shared/schemas/visit-requests';
import { useDocumentTitle } from '../../lib/document-title';
import { ErrorNotice } from '../../components/error-notice';
import { ProfileSkeleton } from '../../components/skeletons';
import { formatDate } from '../../lib/format';
import { useSession } from '../../lib/session';
import { visitRequestListQuery } from './api';
import { formatMeetingTime } from '../../lib/meeting-time';
import { VisitStatusBadge } from './visit-status-badge';
import { FirstVisitBadge } from './first-visit-badge';
import { universityName } from '../../lib/university-name';
import { gradeName } from '../../../shared/constants';
import './visits.css';

/**
 * /visit-requests: an alumnus's received requests (those awaiting an answer counted on top) and,
 * once she graduated, those she sent as a student under their own heading; a student's sent ones.
 */
export function VisitRequestsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const list = useQuery(visitRequestListQuery);
  const isStudent = session.data?.user?.role === 'student';
  const title = isStudent ? t('visits.list.studentTitle') : t('visits.list.mentorTitle');
  useDocumentTitle(title);

  // A graduated alumna keeps the requests she sent as a student: under their own heading,
  // apart from those she received (docs/PRODUCT.md §4).
  const items = list.data?.items ?? [];
  const mine = isStudent ? items : items.filter((request) => request.side === 'mentor');
  const sentAsStudent = isStudent ? [] : items.filter((request) => request.side === 'student');

  let body;
  if (list.isPending) body = <ProfileSkeleton />;
  else if (list.error)
    body = <ErrorNotice error={list.error} prefix={t('visits.list.loadFailed')} />;
  else if (mine.length === 0) {
    body = (
      <>
        <p>{isStudent ? t('visits.list.studentEmpty') : t('visits.list.empty')}</p>
        {isStudent && (
          <Link className="button button-primary" to={paths.mentorsList}>
            {t('visits.list.toList')}
          </Link>
        )}
      </>
    );
  } else {
    body = (
      <>
        {list.data.awaitingReply > 0 && (
          <p className="notice notice-info">
            {t(isStudent ? 'nav.requestsNews' : 'nav.requestsAwaiting', {
              count: list.data.awaitingReply,
            })}
          </p>
        )}
        <VisitList requests={mine} />
      </>
    );
  }

  return (
    <div className="stack">
      <section className="card" aria-labelledby="visit-requests-title">
        <h1 id="visit-requests-title">{title}</h1>
        {body}
      </section>
      {sentAsStudent.length > 0 && (
        <section className="card" aria-labelledby="sent-as-student">
          <h2 id="sent-as-student">{t('visits.list.sentAsStudentTitle')}</h2>
          <VisitList requests={sentAsStudent} />
        </section>
      )}
    </div>
  );
}

function VisitList({ requests }: { requests: VisitRequest[] }) {
  return (
    <ul className="visit-list">
      {requests.map((request) => (
        <VisitRow key={request.id} request={request} />
      ))}
    </ul>
  );
}

function VisitRow({ request }: { request: VisitRequest }) {
  const { t, i18n } = useTranslation();
  const other = request.side === 'mentor' ? request.student : request.mentor;
  const who = other.withdrawn
    ? t('visits.withdrawnUser')
    : request.side === 'mentor'
      ? t('visits.list.from', {
          name: request.student.name,
          university: universityName(
            request.student.universityName,
            request.student.universityNameEn,
            i18n.language,
          ),
          grade: gradeName(request.student.grade, i18n.language),
        })
      : t('visits.list.to', { name: request.mentor.name, company: request.mentor.company });
  return (
    <li className="visit-row">
      <Link to={paths.visitRequest(request.id)} className="visit-row-link">
        <span className="visit-row-head">
          <VisitStatusBadge request={request} />
          {request.unseen && <span className="badge badge-new">{t('visits.list.unseen')}</span>}
          {request.awaiting === request.side && (
            <span className="badge badge-attention">{t('visits.list.yourTurn')}</span>
          )}
          <FirstVisitBadge request={request} />
          <span className="visit-row-who">{who}</span>
        </span>
        <span className="visit-row-meta">
          {t(`visits.purposes.${request.purpose}`)}・{t(`visits.formats.${request.meetingFormat}`)}
          {' / '}
          {request.meetingAt && request.status === 'accepted'
            ? t('visits.list.meetingAt', { date: formatMeetingTime(request.meetingAt) })
            : t('visits.list.requestedAt', { date: formatDate(request.createdAt) })}
        </span>
      </Link>
    </li>
  );
}
