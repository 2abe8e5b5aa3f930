import { type ComentarioGeralBody, type SugestaoAquisicaoBody, unitsEndpoints } from '@estante/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, apiAnonymous } from '../../../api/client';

/** `GET /campus`: every campus. */
export function useCampuses() {
  return useQuery({ queryKey: ['campus'], queryFn: ({ signal }) => apiAnonymous(unitsEndpoints.campuses, {}, signal), staleTime: 10 * 60_000 });
}

/** `GET /unidade-informacao`: the libraries, of one campus when given. */
export function useLibraries(codCampus?: number) {
  return useQuery({
    queryKey: ['unidade-informacao', codCampus ?? 'todas'],
    queryFn: ({ signal }) => apiAnonymous(unitsEndpoints.libraries, { query: codCampus === undefined ? {} : { campus: String(codCampus) } }, signal),
    staleTime: 10 * 60_000,
  });
}

/** `POST /unidade-informacao/comentario` (as the signed-in patron). */
export function sendGeneralComment(body: ComentarioGeralBody) {
  return api(unitsEndpoints.generalComment, { body });
}

/** `POST /unidade-informacao/sugestao-aquisicao` (as the signed-in patron). */
export function sendSuggestion(body: SugestaoAquisicaoBody) {
  return api(unitsEndpoints.suggestion, { body });
}
