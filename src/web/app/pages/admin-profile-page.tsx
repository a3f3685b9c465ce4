import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { useDocumentTitle } from '../../lib/document-title';
import { ProfileSkeleton } from '../../components/skeletons';
import { ApiError } from '../../api/client';
import { myMentorProfileQuery } from '../../features/mentors/api';
import { MyMentorProfilePage } from '../../features/mentors/my-mentor-profile-page';

/** What an admin can do, each a link; the console's tabs in the site's own words. */
const SECTIONS = [
  { to: paths.admin, key: 'overview' },
  { to: paths.adminUsers, key: 'users' },
  { to: paths.adminInvitations, key: 'invitations' },
  { to: paths.adminUniversities, key: 'universities' },
  { to: paths.adminReports, key: 'reports' },
  { to: paths.adminAudit, key: 'audit' },
  { to: paths.inviteMentor, key: 'inviteMentor' },
] as const;

/**
 * /profile for an admin. Most admins have no alumni profile: rather than
 * the alumni page's patient retries ending in 「見つかりません」, ask once and show what an admin
 * can do; an admin who is also an alumna sees her alumni profile below.
 */
export function AdminProfilePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('adminProfile.title'));
  // One attempt: a missing profile is the usual answer for an admin, not a record in transit.
  const profile = useQuery({ ...myMentorProfileQuery, retry: false });
  const hasMentorProfile = profile.isSuccess;
  const missing = profile.error instanceof ApiError && profile.error.status === 404;

  return (
    <div className="stack">
      <section className="card" aria-labelledby="admin-profile-title">
        <h1 id="admin-profile-title">{t('adminProfile.title')}</h1>
        <p>{t('adminProfile.lead')}</p>
        <ul className="admin-profile-links">
          {SECTIONS.map((section) => (
            <li key={section.key}>
              <Link to={section.to}>{t(`adminProfile.sections.${section.key}`)}</Link>
            </li>
          ))}
        </ul>
        {missing ? <p className="muted">{t('adminProfile.noMentorProfile')}</p> : null}
      </section>
      {profile.isPending ? <ProfileSkeleton /> : null}
      {hasMentorProfile ? <MyMentorProfilePage /> : null}
    </div>
  );
}
