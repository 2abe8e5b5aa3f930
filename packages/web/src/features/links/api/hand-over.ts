import { titleEndpoints } from '@estante/contracts/catalog';
import { EXTERNAL_RESOURCES, type ExternalResource, linksEndpoints } from '@estante/contracts/links';
import { api } from '../../../api/client';

/**
 * What the provider hand-over screen (`/pearson`, `/grupoa`) was asked to open: a title's
 * restricted link, an external resource of spec §9 (at one of the patron's databases, maybe), a
 * technical standard at Target GEDWeb, or Grupo A's session.
 */
export type HandOverRequest =
  | { kind: 'restrito'; acervo: number; seq: number }
  | { kind: 'recurso'; recurso: ExternalResource; base?: number }
  | { kind: 'target'; id: number }
  | { kind: 'grupoa'; sessionid: string };

/** The address to go to, and the provider's name when the server said it. */
export interface HandOverAddress {
  url: string;
  nome?: string;
}

/** Asks the server for the address (with its one-time token) the request leads to. */
export function fetchHandOver(request: HandOverRequest): Promise<HandOverAddress> {
  switch (request.kind) {
    case 'restrito':
      return api(titleEndpoints.restrictedLink, {
        params: { acervo: String(request.acervo), seq: String(request.seq) },
        body: { browser: navigator.userAgent.slice(0, 100) },
      });
    case 'recurso':
      return api(linksEndpoints.externalAccess, { params: { recurso: request.recurso }, body: request.base === undefined ? {} : { base: request.base } });
    case 'target':
      return api(linksEndpoints.target, { params: { id: String(request.id) } });
    case 'grupoa':
      return api(linksEndpoints.grupoa, { body: { sessionid: request.sessionid } });
  }
}

/** A §9 resource key from an address's query, or null. */
export function externalResource(value: string | null): ExternalResource | null {
  return value !== null && (EXTERNAL_RESOURCES as readonly string[]).includes(value) ? (value as ExternalResource) : null;
}
