import { holdsEndpoints, type ReservaBody } from '@estante/contracts/circulation';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../api/client';

/**
 * `GET /reserva/{id}/informacoes-iniciais`: libraries, queues and parts of a title. Asked again
 * once the visitor signs in: what may be held depends on the patron's category.
 */
export function useHoldStart(codAcervo: number, signedIn: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ['reserva', codAcervo, 'inicial', signedIn],
      queryFn: ({ signal }) => api(holdsEndpoints.start, { params: { id: String(codAcervo) } }, signal),
    }),
  );
}

/** `POST /reserva/validar-fila`: the place a hold would take. */
export const validateHold = (body: ReservaBody) => api(holdsEndpoints.validate, { body });

/** `POST /reserva`: places the hold; the patron's holds and the title's queues are read again. */
export function usePlaceHold(codAcervo: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReservaBody) => api(holdsEndpoints.place, { body }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['reserva', codAcervo] });
      void client.invalidateQueries({ queryKey: ['minhas-reservas'] });
    },
  });
}
