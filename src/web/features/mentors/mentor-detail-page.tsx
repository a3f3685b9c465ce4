import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { paths } from '../../../shared/paths';
import type { MentorDetail } from '../../../shared/schemas/mentors';
import { ApiError } from '../../api/client';
import { useDocumentTitle } from '../../lib/document-title';
import { ProfileSkeleton } from '../../components/skeletons';
import { mentorDetailQuery } from '../../api/mentor-detail';
import { useSession } from '../../lib/session';
import { ConsultationDesk, SafetyActions } from '../safety';
import { OpenSlotsCall } from '../book-slot';
import { AvailabilityBadge, LastActive } from './availability';
import { FavouriteButton } from './favourite-button';
import { MentorAvatar } from '../../components/mentor-avatar';
import { NameReading, RicherProfileRows } from './richer-profile';
import { CompanyLink } from '../../components/company-link';
import { industryName } from '../../../shared/taxonomy-en';
import { universityName } from '../../lib/university-name';
import { LoadFailedCard } from '../../components/load-failed-card';
import './mentors.css';

/**
 * 「この先輩の勤務先のルール」 (issue 54, point 9), with its texts, downloaded only for an alumna who
 * recorded rules: this page is in the OG list's chunk, which has no room for them.
 */
const EmployerRulesBox = lazy(() =>
  import('../employer-rules').then(async (module) => {
    await module.employerRulesTextsReady();
    return { default: module.EmployerRulesBox };
  }),
);

/**
 * Her own requests waiting at the seminar's limit (issue 57), downloaded only when it is so:
 * this page is in the OG list's chunk.
 */
const WaitingLimitNotice = lazy(() =>
  import('../../components/waiting-limit-notice').then((module) => ({
    default: module.WaitingLimitNotice,
  })),
);

/**
 * Her upcoming 座談会 (issue 58): asked for, and shown with their texts when she has any (or to an
 * admin, who may open one for her), by a module of their own, since this page is in the OG
 * list's chunk.
 */
const MentorGroupSessions = lazy(() =>
  import('../group-sessions').then((module) => ({ default: module.MentorGroupSessions })),
);

/** /mentor/{urlParam}: one alumnus, with the contact shown beside the rule that guards it. */
export function MentorDetailPage() {
  const { t, i18n } = useTranslation();
  const { urlParam = '' } = useParams();
  const mentor = useQuery(mentorDetailQuery(urlParam));
  const viewer = useSession().data?.user;
  const viewerId = viewer?.id;
  useDocumentTitle(mentor.data?.name ?? t('mentorDetail.title'));

  if (mentor.isPending) return <ProfileSkeleton />;
  if (mentor.error) {
    const notFound = mentor.error instanceof ApiError && mentor.error.code === 'not-found';
    return (
      <LoadFailedCard
        title={t('mentorDetail.title')}
        message={notFound ? t('mentorDetail.notFound') : t('mentorDetail.failed')}
      >
        <BackToList />
      </LoadFailedCard>
    );
  }
  const m = mentor.data;
  return (
    <article className="card mentor-detail">
      <BackToList />
      <div className="profile-head">
        <MentorAvatar name={m.name} iconUrl={m.iconUrl} size={112} />
        <div className="profile-head-text">
          <h1 className="profile-name">{m.name}</h1>
          <NameReading reading={m.nameReading} />
          <p className="profile-status">
            <AvailabilityBadge accepting={m.accepting} />
            <LastActive lastActive={m.lastActive} />
          </p>
          {m.heldVisits > 0 && (
            <p className="profile-held">{t('mentorDetail.heldVisits', { count: m.heldVisits })}</p>
          )}
          {/* What students learned from her, shared with her consent (訪問記録): students and
              admins search them, so for them the count opens her notes. */}
          {m.sharedNoteCount > 0 && (
            <p className="profile-held">
              {viewer?.role === 'student' || viewer?.role === 'admin' ? (
                <Link to={paths.visitNotesAbout(m.urlParam)}>
                  {t('noteSearch.mentorNotes', { count: m.sharedNoteCount })}
                </Link>
              ) : (
                t('noteSearch.mentorNotes', { count: m.sharedNoteCount })
              )}
            </p>
          )}
        </div>
      </div>
      <FavouriteButton urlParam={m.urlParam} favourite={m.viewer.favourite} />
      <VisitRequestCall mentor={m} />
      {m.employerRules ? (
        <Suspense fallback={null}>
          <EmployerRulesBox rules={m.employerRules} />
        </Suspense>
      ) : null}
      <Suspense fallback={null}>
        <MentorGroupSessions urlParam={m.urlParam} admin={viewer?.role === 'admin'} />
      </Suspense>
      <section aria-labelledby="detail-profile">
        <h2 id="detail-profile">{t('mentorDetail.profileSection')}</h2>
        <dl className="profile-list">
          <div className="profile-row">
            <dt>{t('mentorDetail.university')}</dt>
            <dd>{universityName(m.universityName, m.universityNameEn, i18n.language)}</dd>
          </div>
          {m.faculty ? (
            <div className="profile-row">
              <dt>{t('mentorDetail.faculty')}</dt>
              <dd>{m.faculty}</dd>
            </div>
          ) : null}
          <div className="profile-row">
            <dt>{t('mentorDetail.graduationYear')}</dt>
            <dd>{t('mentorsList.graduated', { year: m.graduationYear })}</dd>
          </div>
          {m.invitedBy && (
            <div className="profile-row">
              <dt>{t('mentorDetail.invitedBy')}</dt>
              <dd>
                {m.invitedBy.kind === 'alumnus'
                  ? t('mentorDetail.invitedByAlumnus', {
                      name: m.invitedBy.name,
                      year: m.invitedBy.graduationYear,
                    })
                  : t('mentorDetail.invitedByStaff')}
              </dd>
            </div>
          )}
          <div className="profile-row">
            <dt>{t('mentorDetail.contact')}</dt>
            <dd>
              {m.contactEmail ? (
                <>
                  <a href={`mailto:${m.contactEmail}`}>{m.contactEmail}</a>
                  <p className="contact-rule">{t('mentorDetail.contactRule')}</p>
                </>
              ) : (
                <span className="muted">{t('visits.detail.contactHidden')}</span>
              )}
            </dd>
          </div>
        </dl>
      </section>
      <section aria-labelledby="detail-employer">
        <h2 id="detail-employer">{t('mentorDetail.employerSection')}</h2>
        <dl className="profile-list">
          <div className="profile-row">
            <dt>{t('mentorDetail.industry')}</dt>
            <dd>{industryName(m.industry, i18n.language)}</dd>
          </div>
          <div className="profile-row">
            <dt>{t('mentorDetail.company')}</dt>
            <dd>
              <CompanyLink company={m.company} as="name" />
            </dd>
          </div>
          <RicherProfileRows mentor={m} />
        </dl>
      </section>
      <section aria-labelledby="detail-message">
        <h2 id="detail-message">{t('mentorDetail.messageSection')}</h2>
        <p className="mentor-message">{m.message}</p>
      </section>
      {viewerId !== m.userId && (
        <SafetyActions userId={m.userId} name={m.name} blocked={m.viewer.blocked} />
      )}
    </article>
  );
}

/**
 * What a student can do about a visit: book one of her open slots or send a request, look at
 * the open one, or read why not now. Other roles see nothing here (their reason is
 * 'students-only').
 */
function VisitRequestCall({ mentor }: { mentor: MentorDetail }) {
  const { t } = useTranslation();
  const { visitUnavailable, openRequestId } = mentor.viewer;
  if (openRequestId) {
    return (
      <p className="visit-call">
        <span>{t('visits.request.openRequest')}</span>
        <Link className="button button-secondary" to={paths.visitRequest(openRequestId)}>
          {t('visits.request.viewOpenRequest')}
        </Link>
      </p>
    );
  }
  if (visitUnavailable === 'students-only') return null;
  if (visitUnavailable === 'no-show-limit') {
    // Stopped by no-shows: whom to talk to about it, the seminar's 相談窓口.
    return (
      <div className="notice notice-warning" role="status">
        <p>{t('visits.request.unavailable.no-show-limit')}</p>
        <ConsultationDesk variant="compact" />
      </div>
    );
  }
  // Her own requests waiting at the seminar's limit (issue 57): said with what waits.
  if (visitUnavailable === 'waiting-limit') {
    return (
      <Suspense fallback={null}>
        <WaitingLimitNotice />
      </Suspense>
    );
  }
  if (visitUnavailable) {
    return (
      <p className="notice notice-info">{t(`visits.request.unavailable.${visitUnavailable}`)}</p>
    );
  }
  return <OpenSlotsCall urlParam={mentor.urlParam} />;
}

/** Back to the list as it was (filters and scroll) when we came from it, else to the list. */
function BackToList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fromList = (useLocation().state as { fromList?: boolean } | null)?.fromList === true;
  if (fromList) {
    return (
      <button
        type="button"
        className="button button-link back-link"
        onClick={() => void navigate(-1)}
      >
        ← {t('mentorDetail.back')}
      </button>
    );
  }
  return (
    <Link className="button button-link back-link" to={paths.mentorsList}>
      ← {t('mentorDetail.back')}
    </Link>
  );
}
