import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { gradeName } from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import { industryName } from '../../../shared/taxonomy-en';
import { useDocumentTitle } from '../../lib/document-title';
import { ProfileSkeleton } from '../../components/skeletons';
import { useSession } from '../../lib/session';
import { myStudentProfileQuery } from './api';
import { universityName } from '../../lib/university-name';
import { ProfileLoadFailedCard } from '../../components/load-failed-card';
import { ProfileList } from '../../components/profile-list';

/** /student-profile: the student's own profile, as registered or last edited. */
export function StudentProfilePage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('studentProfile.title'));
  const session = useSession();
  const profile = useQuery(myStudentProfileQuery);

  if (profile.isPending) return <ProfileSkeleton rows={9} />;
  if (profile.error) {
    return (
      <ProfileLoadFailedCard
        title={t('studentProfile.title')}
        error={profile.error}
        notFound={t('studentProfile.notFound')}
        loadFailed={t('studentProfile.loadFailed')}
      />
    );
  }
  const p = profile.data;
  const optional = (value: string | null) => value || t('studentProfile.notSet');
  const rows: [string, string][] = [
    [t('studentProfile.name'), p.name],
    [t('nameReading.label'), optional(p.nameReading)],
    [
      t('studentProfile.university'),
      universityName(p.universityName, p.universityNameEn, i18n.language),
    ],
    [t('studentProfile.facultyDepartment'), `${p.faculty} ${p.department}`],
    [t('studentProfile.grade'), gradeName(p.grade, i18n.language)],
    [t('studentProfile.studentNumber'), p.studentNumber],
    [t('studentProfile.contact'), p.contactEmail],
    [
      t('studentProfile.desiredIndustry'),
      optional(p.desiredIndustry && industryName(p.desiredIndustry, i18n.language)),
    ],
    [t('studentProfile.desiredJobType'), optional(p.desiredJobType)],
    [t('studentProfile.selfIntroduction'), optional(p.selfIntroduction)],
  ];
  return (
    <section className="card">
      <h1>{t('studentProfile.title')}</h1>
      <ProfileList rows={rows} />
      <div className="button-row">
        {session.data?.user?.role === 'student' ? (
          <Link className="button button-primary" to={paths.studentProfileEdit}>
            {t('studentProfile.edit')}
          </Link>
        ) : null}
        <Link className="button button-secondary" to={paths.mentorsList}>
          {t('studentProfile.toList')}
        </Link>
      </div>
    </section>
  );
}
