import type { MessageKey } from './messages.js';

/**
 * An error the client should see: an HTTP status and a message key (translated to the call's
 * language by the error handler). Throw one of the factories below, never a bare status.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const errors = {
  badRequest: (detail: string) => new AppError(400, 'RequisicaoInvalida', { detail }),
  invalidLanguage: (code: string) => new AppError(400, 'IdiomaInvalido', { code }),
  tokenMissing: () => new AppError(401, 'TokenAusente'),
  tokenInvalid: () => new AppError(401, 'TokenInvalido'),
  patronRequired: () => new AppError(403, 'AcessoPessoalNecessario'),
  invalidClient: () => new AppError(401, 'invalid_client'),
  unsupportedGrant: (grant: string) => new AppError(400, 'unsupported_grant_type', { grant }),
  notFound: (method: string, path: string) => new AppError(404, 'RecursoNaoEncontrado', { method, path }),
  institutionMissing: () => new AppError(404, 'InstituicaoNaoConfigurada'),
};
