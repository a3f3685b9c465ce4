import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { RECOMMENDATIONS_MAX } from '../../../shared/constants';
import { LoadFailedCard } from '../../components/load-failed-card';
import { MentorListSkeleton } from '../../components/skeletons';
import { useDocumentTitle } from '../../lib/document-title';
import { favouritesQuery } from './favourites-api';
import { FillIndustry, FittingGroupSessions, RecommendedCards } from './recommendations-block';
import { recommendationsQuery } from './recommendations-api';
import './mentors.css';

/** /recommendations: every alumna recommended to the student (a page's worth), with her reason. */
export function RecommendationsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('recommendations.title'));
  const recommendations = useQuery(recommendationsQuery(RECOMMENDATIONS_MAX));
  const favourites = useQuery(favouritesQuery);
  const favouriteSet = useMemo(() => new Set(favourites.data?.urlParams), [favourites.data]);
  if (recommendations.error) {
    return (
      <LoadFailedCard title={t('recommendations.title')} message={t('recommendations.failed')}>
        <p>
          <Link to={paths.mentorsList}>{t('recommendations.backToList')}</Link>
        </p>
      </LoadFailedCard>
    );
  }
  return (
    <section className="recommendations-page">
      <h1>{t('recommendations.title')}</h1>
      <p className="muted">{t('recommendations.lead')}</p>
      {recommendations.data?.profileIncomplete ? <FillIndustry /> : null}
      {recommendations.isPending ? (
        <MentorListSkeleton />
      ) : recommendations.data.items.length === 0 ? (
        <p className="muted">{t('recommendations.empty')}</p>
      ) : (
        <ul className="mentor-grid">
          <RecommendedCards items={recommendations.data.items} favourites={favouriteSet} />
        </ul>
      )}
      <FittingGroupSessions cards={recommendations.data?.groupSessions} />
      <p>
        <Link to={paths.mentorsList}>{t('recommendations.backToList')}</Link>
      </p>
    </section>
  );
}
