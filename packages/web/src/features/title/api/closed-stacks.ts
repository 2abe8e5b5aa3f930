import { closedStacksEndpoints } from '@estante/contracts/circulation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';

export interface ClosedStackChoice {
  library: number | null;
  volume: string | null;
  tomo: string | null;
  parte: string | null;
}

/** `GET /acervo/{id}/dados-armazem`: closed-stack copies for a library and parts. */
export function useDadosArmazem(id: number, choice: ClosedStackChoice) {
  const query = {
    ...(choice.library !== null ? { cod_biblioteca: String(choice.library) } : {}),
    ...(choice.volume ? { volume: choice.volume } : {}),
    ...(choice.tomo ? { tomo: choice.tomo } : {}),
    ...(choice.parte ? { parte: choice.parte } : {}),
  };
  return useQuery({
    queryKey: ['acervo', id, 'armazem', query],
    queryFn: ({ signal }) => api(closedStacksEndpoints.data, { params: { id: String(id) }, query }, signal),
    staleTime: 10_000,
  });
}

/** `POST /gravar-armazem`: ask for the title to be fetched; returns the protocol. */
export function useRequestClosedStack(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ library, volume, tomo, parte }: ClosedStackChoice & { library: number }) =>
      api(closedStacksEndpoints.request, {
        query: { cod_biblioteca: String(library) },
        body: { cesta: [{ cod_acervo: id, ...(volume ? { volume } : {}), ...(tomo ? { tomo } : {}), ...(parte ? { parte } : {}) }] },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['acervo', id, 'armazem'] }),
  });
}
