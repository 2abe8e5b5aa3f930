import type { DadosArmazem, ProtocoloArmazem } from '@estante/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../api/client';

export interface ClosedStackChoice {
  library: number | null;
  volume: string | null;
  tomo: string | null;
  parte: string | null;
}

/** `GET /acervo/{id}/dados-armazem`: closed-stack copies for a library and parts. */
export function useDadosArmazem(id: number, choice: ClosedStackChoice) {
  const params = new URLSearchParams();
  if (choice.library !== null) params.set('cod_biblioteca', String(choice.library));
  if (choice.volume) params.set('volume', choice.volume);
  if (choice.tomo) params.set('tomo', choice.tomo);
  if (choice.parte) params.set('parte', choice.parte);
  const query = params.toString();
  return useQuery({
    queryKey: ['acervo', id, 'armazem', query],
    queryFn: ({ signal }) => apiCall<DadosArmazem>('GET', `/acervo/${id}/dados-armazem${query ? `?${query}` : ''}`, undefined, signal),
    staleTime: 10_000,
  });
}

/** `POST /gravar-armazem`: ask for the title to be fetched; returns the protocol. */
export function useRequestClosedStack(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ library, volume, tomo, parte }: ClosedStackChoice & { library: number }) =>
      apiCall<ProtocoloArmazem>('POST', `/gravar-armazem?cod_biblioteca=${library}`, {
        cesta: [{ cod_acervo: id, ...(volume ? { volume } : {}), ...(tomo ? { tomo } : {}), ...(parte ? { parte } : {}) }],
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['acervo', id, 'armazem'] }),
  });
}
