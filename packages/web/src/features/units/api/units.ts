import { type ComentarioGeralBody, type SugestaoAquisicaoBody, unitsEndpoints } from '@estante/contracts/parameters';
import { api } from '../../../api/client';

export { useCampuses, useLibraries } from '../../../api/libraries';

/** `POST /unidade-informacao/comentario` (as the signed-in patron). */
export function sendGeneralComment(body: ComentarioGeralBody) {
  return api(unitsEndpoints.generalComment, { body });
}

/** `POST /unidade-informacao/sugestao-aquisicao` (as the signed-in patron). */
export function sendSuggestion(body: SugestaoAquisicaoBody) {
  return api(unitsEndpoints.suggestion, { body });
}
