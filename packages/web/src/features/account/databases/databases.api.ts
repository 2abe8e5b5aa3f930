import { collectionEndpoints } from '@estante/contracts/collection';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** `GET …/meu-pergamum/bases-dados`: the databases and e-resources the patron's category may use. */
export function useDatabases() {
  return useQuery(queryOptions({ queryKey: ['bases-dados'], queryFn: ({ signal }) => api(collectionEndpoints.databases, {}, signal) }));
}
