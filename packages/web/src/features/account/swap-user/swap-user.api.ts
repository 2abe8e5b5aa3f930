import { authEndpoints } from '@estante/contracts/auth';
import { peopleEndpoints } from '@estante/contracts/people';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';
import { continueAs } from '../../../api/me';

/** `GET /pessoas/login`: the signed-in person's registrations (the same list whichever of them is in use). */
export function useRegistrations() {
  return useQuery({ queryKey: ['vinculos'], queryFn: ({ signal }) => api(authEndpoints.registrations, {}, signal) });
}

/**
 * `POST /pessoas/meu-pergamum/troca-usuario`: the session continues as that registration (its
 * token pair replaces the old in the store that held it); every screen's data is read again.
 */
export function useSwapUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (usuario: string) => continueAs(await api(peopleEndpoints.swapUser, { body: { usuario } })),
    onSuccess: () => client.invalidateQueries(),
  });
}
