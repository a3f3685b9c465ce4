import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import type { MentorCard } from '../../../shared/schemas/mentors';
import { ApiError } from '../../api/client';
import { useDocumentTitle } from '../../app/guards';
import { PageLoading } from '../../components/page-loading';
import { mentorCardsQuery } from './api';
import { MentorAvatar } from './mentor-avatar';

/** /mentors-list: the OG list, newest first. */
export function MentorsListPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('mentorsList.title'));
  const mentors = useQuery(mentorCardsQuery);

  let body;
  if (mentors.isPending) body = <PageLoading />;
  else if (mentors.error) body = <ListError error={mentors.error} />;
  else if (mentors.data.length === 0) body = <p className="muted">{t('mentorsList.empty')}</p>;
  else {
    body = (
      <ul className="mentor-grid">
        {mentors.data.map((mentor) => (
          <li key={mentor.urlParam}>
            <MentorCardView mentor={mentor} />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section>
      <h1>{t('mentorsList.title')}</h1>
      {body}
      <ScrollToTop />
    </section>
  );
}

function MentorCardView({ mentor }: { mentor: MentorCard }) {
  const { t } = useTranslation();
  return (
    <Link className="mentor-card" to={paths.mentor(mentor.urlParam)}>
      <MentorAvatar name={mentor.name} iconUrl={mentor.iconUrl} size={64} />
      <div className="mentor-card-body">
        <h2 className="mentor-card-name">{mentor.name}</h2>
        <p className="mentor-card-meta">
          {mentor.universityName}・{t('mentorsList.graduated', { year: mentor.graduationYear })}
        </p>
        <p className="mentor-card-meta">{mentor.industry}</p>
        <p className="mentor-card-message">{mentor.message}</p>
      </div>
    </Link>
  );
}

/** Spec section 8: permission-denied, not-found, or a generic failure. */
function ListError({ error }: { error: Error }) {
  const { t } = useTranslation();
  const code = error instanceof ApiError ? error.code : undefined;
  const text =
    code === 'permission-denied' || code === 'auth/unauthenticated'
      ? t('mentorsList.permissionDenied')
      : code === 'not-found'
        ? t('mentorsList.notFound')
        : t('mentorsList.failed');
  return (
    <p className="notice notice-error" role="alert">
      {text}
    </p>
  );
}

function ScrollToTop() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > 400);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className="scroll-top"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <span aria-hidden="true">↑</span>
      <span className="visually-hidden">{t('mentorsList.scrollTop')}</span>
    </button>
  );
}
