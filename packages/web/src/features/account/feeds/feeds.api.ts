import { type FeedKind, feedsEndpoints } from '@estante/contracts/feeds';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';

const KEY = ['feeds'];

/** `GET /api/feeds`: whether each private feed has an address, since when. */
export function useFeeds() {
  return useQuery(queryOptions({ queryKey: KEY, queryFn: ({ signal }) => api(feedsEndpoints.list, {}, signal) }));
}

/** `POST /api/feeds/{tipo}`: a new secret address (the old one stops working). */
export function useMakeFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tipo: FeedKind) => api(feedsEndpoints.create, { params: { tipo } }),
    onSettled: () => void client.invalidateQueries({ queryKey: KEY }),
  });
}

/** `DELETE /api/feeds/{tipo}`: the address answers 404 from now on. */
export function useRevokeFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tipo: FeedKind) => api(feedsEndpoints.revoke, { params: { tipo } }),
    onSettled: () => void client.invalidateQueries({ queryKey: KEY }),
  });
}
