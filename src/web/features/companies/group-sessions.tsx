import { lazy, Suspense } from 'react';

/** The company's 座談会 (issue 58): asked for, and shown with their texts when there are any. */
const CompanyGroupSessionCards = lazy(() =>
  import('../group-sessions').then((module) => ({ default: module.CompanyGroupSessionCards })),
);

/** A company's upcoming 座談会 on its page, only when there are any. */
export function CompanyGroupSessions({ company }: { company: string }) {
  return (
    <Suspense fallback={null}>
      <CompanyGroupSessionCards company={company} />
    </Suspense>
  );
}
