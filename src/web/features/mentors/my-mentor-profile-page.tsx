import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { useDocumentTitle } from '../../lib/document-title';
import { ProfileSkeleton } from '../../components/skeletons';
import { useSession } from '../../lib/session';
import { myMentorProfileQuery } from './api';
import { VisitSettingsForm } from '../visits';
import { BookingStatusLink } from '../booking';
import { EmployerRulesForm } from './employer-rules-form';
import { MentorNotesLink } from '../visit-notes';
import { IntroductionSettingsSection } from '../introductions';
import { MentorAvatar } from '../../components/mentor-avatar';
import { NameReading, RicherProfileRows } from './richer-profile';
import { industryName } from '../../../shared/taxonomy-en';
import { universityName } from '../../lib/university-name';
import { ProfileLoadFailedCard } from '../../components/load-failed-card';
import { ProfileList } from '../../components/profile-list';
import './mentors.css';

/** /profile for alumni and /mentor-profile: the own alumni profile. */
export function MyMentorProfilePage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('mentorProfile.title'));
  const role = useSession().data?.user?.role;
  const profile = useQuery(myMentorProfileQuery);

  if (profile.isPending) return <ProfileSkeleton />;
  if (profile.error) {
    return (
      <ProfileLoadFailedCard
        title={t('mentorProfile.title')}
        error={profile.error}
        notFound={t('mentorProfile.notFound')}
        loadFailed={t('mentorProfile.loadFailed')}
      />
    );
  }
  const p = profile.data;
  const rows: [string, string][] = [
    [
      t('mentorProfile.university'),
      universityName(p.universityName, p.universityNameEn, i18n.language),
    ],
    // 学部 only when she gave it, as on her page.
    ...(p.faculty ? [[t('mentorProfile.faculty'), p.faculty] as [string, string]] : []),
    [t('mentorProfile.graduationYear'), t('mentorsList.graduated', { year: p.graduationYear })],
    [t('mentorProfile.industry'), industryName(p.industry, i18n.language)],
    [t('mentorProfile.company'), p.company],
    [t('mentorProfile.contact'), p.contactEmail],
    [t('mentorProfile.message'), p.message],
  ];
  return (
    <section className="card">
      <h1>{t('mentorProfile.title')}</h1>
      {role === 'mentor_pending' ? (
        <p className="notice notice-info">{t('mentorProfile.pendingApproval')}</p>
      ) : null}
      <div className="profile-head">
        <MentorAvatar name={p.name} iconUrl={p.iconUrl} size={96} />
        <div className="profile-head-text">
          <p className="profile-name">{p.name}</p>
          <NameReading reading={p.nameReading} />
        </div>
      </div>
      <ProfileList rows={rows}>
        <RicherProfileRows mentor={p} />
      </ProfileList>
      <div className="button-row">
        {role === 'mentor' ? (
          <Link className="button button-primary" to={paths.mentorProfileEdit}>
            {t('mentorProfile.edit')}
          </Link>
        ) : null}
        <Link className="button button-secondary" to={paths.mentorsList}>
          {t('mentorProfile.toList')}
        </Link>
        {role === 'mentor' || role === 'admin' ? (
          <Link className="button button-secondary" to={paths.inviteMentor}>
            {t('mentorProfile.invite')}
          </Link>
        ) : null}
      </div>
      {role === 'mentor' ? (
        <>
          <BookingStatusLink />
          <MentorNotesLink />
          <VisitSettingsForm
            settings={p.visitSettings}
            contactEmail={p.contactEmail}
            contactEmailConfirmed={p.contactEmailConfirmed}
          />
          <EmployerRulesForm rules={p.employerRules} />
          <IntroductionSettingsSection />
        </>
      ) : null}
    </section>
  );
}
