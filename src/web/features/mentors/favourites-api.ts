import { queryOptions, useMutation, useQueryClient, type Query } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FavouriteList } from '../../../shared/schemas/mentors';
import { apiRequest } from '../../api/client';
import { useToast } from '../../components/toast';
import { mentorDetailQuery } from '../../api/mentor-detail';

/** The caller's favourites (urlParams): one request marks every card of the list. */
export const favouritesQuery = queryOptions({
  queryKey: ['favourites'],
  queryFn: () => apiRequest<FavouriteList>('/api/favourites'),
  staleTime: 60_000,
});

/** The OG list pages filtered to favourites: they change with every bookmark. */
function isFavouritesListQuery(query: Query): boolean {
  const [scope, kind, filters] = query.queryKey as [unknown, unknown, unknown];
  return (
    scope === 'mentors' &&
    kind === 'list' &&
    (filters as Record<string, string> | undefined)?.favourites === '1'
  );
}

function withFavourite(list: FavouriteList, urlParam: string, favourite: boolean): FavouriteList {
  const others = list.urlParams.filter((other) => other !== urlParam);
  // The server lists the newest bookmark first.
  return { urlParams: favourite ? [urlParam, ...others] : others };
}

/**
 * PUT or DELETE /api/favourites/{urlParam}, shown at once (the favourites and the detail page
 * change before the answer) and put back if the call fails. Calls for one alumnus run one
 * after the other, so quick clicks end in the state last chosen.
 */
export function useSetFavourite(urlParam: string) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const { t } = useTranslation();
  const detailKey = mentorDetailQuery(urlParam).queryKey;
  return useMutation({
    scope: { id: `favourite:${urlParam}` },
    mutationFn: (favourite: boolean) =>
      apiRequest<{ ok: true }>(`/api/favourites/${encodeURIComponent(urlParam)}`, {
        method: favourite ? 'PUT' : 'DELETE',
      }),
    onMutate: async (favourite) => {
      await Promise.all([
        queryClient.cancelQueries({ queryKey: favouritesQuery.queryKey }),
        queryClient.cancelQueries({ queryKey: detailKey }),
      ]);
      const before = {
        favourites: queryClient.getQueryData(favouritesQuery.queryKey),
        detail: queryClient.getQueryData(detailKey),
      };
      queryClient.setQueryData(
        favouritesQuery.queryKey,
        (list) => list && withFavourite(list, urlParam, favourite),
      );
      queryClient.setQueryData(
        detailKey,
        (detail) => detail && { ...detail, viewer: { ...detail.viewer, favourite } },
      );
      return before;
    },
    onError: (_error, _favourite, before) => {
      if (before) {
        queryClient.setQueryData(favouritesQuery.queryKey, before.favourites);
        queryClient.setQueryData(detailKey, before.detail);
      }
      toast.error(t('browse.favouriteFailed'));
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: favouritesQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: detailKey }),
        queryClient.invalidateQueries({ predicate: isFavouritesListQuery }),
      ]),
  });
}
