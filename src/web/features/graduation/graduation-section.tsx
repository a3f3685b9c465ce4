import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { graduationStatusQuery } from './api';

/**
 * On a student's /profile once they may apply (a last grade, or a cohort an admin marked):
 * the way to become an OG before the university address stops working.
 */
export function GraduationSection() {
  const { t } = useTranslation();
  const status = useQuery(graduationStatusQuery);
  if (!status.data?.eligible) return null;
  return (
    <section className="card stack" aria-labelledby="graduation-section-title">
      <h2 id="graduation-section-title">{t('graduation.cardTitle')}</h2>
      <p>{t('graduation.cardLead')}</p>
      {status.data.pendingEmail ? (
        <p className="notice" role="note">
          {t('graduation.pending', { email: status.data.pendingEmail })}
        </p>
      ) : null}
      <p>
        <Link className="button button-primary" to={paths.graduation}>
          {t('graduation.cardAction')}
        </Link>
      </p>
    </section>
  );
}
