import type { Biblioteca, Campus, ComentarioGeralBody, SugestaoAquisicaoBody } from '@estante/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiCall, apiGet } from '../../../api/client';

/** `GET /campus`: every campus. */
export function useCampuses() {
  return useQuery({ queryKey: ['campus'], queryFn: ({ signal }) => apiGet<Campus[]>('/campus', signal), staleTime: 10 * 60_000 });
}

/** `GET /unidade-informacao`: the libraries, of one campus when given. */
export function useLibraries(codCampus?: number) {
  return useQuery({
    queryKey: ['unidade-informacao', codCampus ?? 'todas'],
    queryFn: ({ signal }) => apiGet<Biblioteca[]>(codCampus === undefined ? '/unidade-informacao' : `/unidade-informacao?campus=${codCampus}`, signal),
    staleTime: 10 * 60_000,
  });
}

interface Envio {
  codigo: number;
  mensagem: string;
}

/** `POST /unidade-informacao/comentario` (as the signed-in patron). */
export function sendGeneralComment(body: ComentarioGeralBody): Promise<Envio> {
  return apiCall<Envio>('POST', '/unidade-informacao/comentario', body);
}

/** `POST /unidade-informacao/sugestao-aquisicao` (as the signed-in patron). */
export function sendSuggestion(body: SugestaoAquisicaoBody): Promise<Envio> {
  return apiCall<Envio>('POST', '/unidade-informacao/sugestao-aquisicao', body);
}
