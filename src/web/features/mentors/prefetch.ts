import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { keepsFavourites, type Role } from '../../../shared/roles';
import { mentorDetailQuery } from '../../api/mentor-detail';
import { sessionQuery } from '../../lib/session';
import { filtersInAddress } from '../../lib/use-url-filters';
import { mentorListQuery } from './api';
import { LIST_PARAM_VALUES, LIST_PARAMS, listAsked } from './list-address';

/**
 * The OG list's and an alumna's data asked for as soon as their route is matched, alongside
 * the page's code, instead of once that code has arrived and rendered: on a slow phone and
 * network that wait was most of a second before the cards could show. Nothing waits for these:
 * the loader answers at once, and the page's own query (the same key) finds the request under
 * way or its answer. Only for someone signed in (the session is read first; index.html asked
 * for it before the scripts), so a signed-out visitor's guard is not raced by a refusal.
 */
function whenSignedIn(queryClient: QueryClient, then: (role: Role) => unknown) {
  void queryClient
    .ensureQueryData(sessionQuery)
    .then((session) => (session.user ? then(session.user.role) : undefined))
    .catch(() => {
      // The guard asks again and shows what went wrong; a prefetch has nothing to add.
    });
  return null;
}

export function mentorsListLoader(queryClient: QueryClient) {
  return ({ request }: LoaderFunctionArgs) =>
    whenSignedIn(queryClient, (role) => {
      const inAddress = filtersInAddress(
        new URL(request.url).searchParams,
        LIST_PARAMS,
        LIST_PARAM_VALUES,
      );
      return queryClient.prefetchInfiniteQuery(
        mentorListQuery(listAsked(inAddress, keepsFavourites(role)).asked),
      );
    });
}

export function mentorDetailLoader(queryClient: QueryClient) {
  return ({ params }: LoaderFunctionArgs) =>
    whenSignedIn(queryClient, () =>
      params.urlParam ? queryClient.prefetchQuery(mentorDetailQuery(params.urlParam)) : undefined,
    );
}
