import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';

/** 「ほかの先輩を紹介する」 on an agreed visit's page, for its alumna: the student she met. */
export function IntroduceLink({ studentId }: { studentId: string }) {
  const { t } = useTranslation();
  return (
    <p className="introduce-link">
      <Link className="button button-secondary" to={paths.introduce(studentId)}>
        {t('introductions.introduceLink')}
      </Link>
    </p>
  );
}

/** On the request form opened from an introduction: whose introduction she asks through. */
export function IntroducedRequestNote({ mentorName }: { mentorName: string }) {
  const { t } = useTranslation();
  return (
    <p className="notice notice-info" role="note">
      {t('introductions.requestNote', { name: mentorName })}
    </p>
  );
}
