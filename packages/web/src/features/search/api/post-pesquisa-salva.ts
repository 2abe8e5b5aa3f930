import { type PesquisaSalvaBody, savedEndpoints } from '@estante/contracts/saved';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** `POST /api/pesquisas-salvas`: saves the search being viewed; refreshes Meu Pergamum's saved items. */
export function useSavePesquisa() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PesquisaSalvaBody) => api(savedEndpoints.save, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['pesquisas-salvas'] }),
  });
}
