import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { RECOMMENDATIONS_ON_LIST } from '../../../shared/constants';
import type { Recommendations } from '../../../shared/schemas/recommendations';
import { MentorCardView } from './mentor-card';
import { ReasonLine } from './recommendation-reason';
import { recommendationsQuery } from './recommendations-api';
import './recommendations.css';

/** The 座談会 that fit her (issue 58): their code and texts come only when there are any. */
const SuggestedGroupSessions = lazy(() =>
  import('../group-sessions').then((module) => ({ default: module.SuggestedGroupSessions })),
);

/** 「あなたに合いそうな座談会」 under her recommended alumnae, when the server found any. */
export function FittingGroupSessions({
  cards,
}: {
  cards: Recommendations['groupSessions'] | undefined;
}) {
  if (!cards?.length) return null;
  return (
    <Suspense fallback={null}>
      <SuggestedGroupSessions cards={cards} />
    </Suspense>
  );
}

/**
 * 「あなたへのおすすめ」 on top of the OG list (issue 57): up to six cards in a row that scrolls
 * sideways, each with its one reason, and the way to the page of them all. Loaded apart from
 * the list (mentors-list-page.tsx), for students only. While it loads it keeps its place, so the
 * list does not jump; if it cannot load, the list is there all the same and it says nothing.
 */
export function RecommendationsBlock({ favourites }: { favourites: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const recommendations = useQuery(recommendationsQuery(RECOMMENDATIONS_ON_LIST));
  // Its place kept while the answer comes, as the list's fallback kept it while the code came.
  if (recommendations.isPending) {
    return <div className="recommendations-placeholder" aria-hidden="true" />;
  }
  if (recommendations.error) return null;
  const { items, profileIncomplete, groupSessions } = recommendations.data;
  if (items.length === 0 && !profileIncomplete && !groupSessions?.length) return null;
  return (
    <section className="recommendations" aria-labelledby="recommendations-title">
      <div className="recommendations-head">
        <h2 id="recommendations-title">{t('recommendations.title')}</h2>
        <Link to={paths.recommendations}>{t('recommendations.seeMore')}</Link>
      </div>
      {profileIncomplete ? <FillIndustry /> : null}
      <ul className="recommendation-strip">
        <RecommendedCards items={items} favourites={favourites} />
      </ul>
      <FittingGroupSessions cards={groupSessions} />
    </section>
  );
}

/** The cards, each with the strongest reason she is recommended. */
export function RecommendedCards({
  items,
  favourites,
}: {
  items: Recommendations['items'];
  favourites: ReadonlySet<string>;
}) {
  return items.map(({ reasons, ...mentor }) => (
    <li key={mentor.urlParam}>
      <MentorCardView
        mentor={mentor}
        favourite={favourites.has(mentor.urlParam)}
        note={<ReasonLine reasons={reasons} />}
      />
    </li>
  ));
}

/** The one line asking a student without a 志望業界 to tell it, with the way to her profile. */
export function FillIndustry() {
  const { t } = useTranslation();
  return (
    <p className="recommendations-fill">
      {t('recommendations.fillIndustry')}{' '}
      <Link to={paths.studentProfileEdit}>{t('recommendations.fillIndustryLink')}</Link>
    </p>
  );
}
