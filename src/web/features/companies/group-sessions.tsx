import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { groupSessionListQuery } from '../group-sessions/list-api';

/** The cards and their texts, downloaded only for a company with upcoming 座談会. */
const CompanyGroupSessionCards = lazy(() =>
  import('../group-sessions').then(async (module) => {
    await module.groupSessionTextsReady();
    return { default: module.CompanyGroupSessionCards };
  }),
);

/**
 * A company's upcoming 座談会 (issue 58) on its page: asked for by the company's name (any
 * spelling finds it, decision 0040), shown only when there are any (a failed read shows nothing
 * either: the page's alumni and notes are what it is for).
 */
export function CompanyGroupSessions({ company }: { company: string }) {
  const sessions = useQuery(groupSessionListQuery({ company }));
  const cards = sessions.data?.items ?? [];
  if (cards.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <CompanyGroupSessionCards cards={cards} />
    </Suspense>
  );
}
