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
  credentialMissing: () => new AppError(400, 'credential_missing'),
  invalidGrant: (label: string) => new AppError(401, 'invalid_grant', { label }),
  accountBlocked: () => new AppError(430, 'ACESSO_BLOQUEADO'),
  captchaMissing: () => new AppError(400, 'captcha_missing'),
  captchaInvalid: () => new AppError(400, 'captcha_invalid'),
  captchaUnavailable: () => new AppError(503, 'CaptchaIndisponivel'),
  personNotLinked: () => new AppError(422, 'PessoaNaoVinculada'),
  duplicatesUnavailable: () => new AppError(404, 'DuplicadasIndisponivel'),
  ssoNotConfigured: (kind: string) => new AppError(404, 'SsoNaoConfigurado', { kind }),
  ssoDenied: () => new AppError(422, 'SsoPermissaoNegada'),
  ssoFailed: () => new AppError(422, 'SsoErroAutenticacao'),
  ssoTokenInvalid: () => new AppError(422, 'SsoTokenInvalido'),
  ssoUserNotFound: () => new AppError(422, 'SsoUsuarioNaoEncontrado'),
  holdOptionsRequired: () => new AppError(422, 'ReservaSelecioneOpcoes'),
  holdNoCopyAtLibrary: () => new AppError(422, 'ReservaSemExemplarBiblioteca'),
  holdNotAllowed: () => new AppError(422, 'ReservaNaoPermitida'),
  holdCopiesAvailable: () => new AppError(422, 'ReservaExemplarDisponivel'),
  holdDuplicate: () => new AppError(422, 'ReservaDuplicada'),
  holdLimit: (limit: number) => new AppError(422, 'LimiteReservas', { limit }),
  holdNotFound: (id: number) => new AppError(404, 'ReservaNaoEncontrada', { id }),
  holdCancelFailed: (id: number) => new AppError(422, 'ErroCancelarReserva', { id }),
  deskCopyNotFound: (tombo: string) => new AppError(404, 'ExemplarNaoEncontrado', { tombo }),
  deskPersonNotFound: (login: string) => new AppError(404, 'PessoaNaoEncontrada', { login }),
  deskNotLendable: (tombo: string) => new AppError(422, 'ExemplarNaoEmprestavel', { tombo }),
  deskCopyUnavailable: (tombo: string, status: string) => new AppError(422, 'ExemplarIndisponivel', { tombo, status }),
  deskNotOnLoan: (tombo: string) => new AppError(422, 'ExemplarNaoEmprestado', { tombo }),
  debtNotFound: (id: number) => new AppError(404, 'DebitoNaoEncontrado', { id }),
  nothingToPay: () => new AppError(422, 'SemDebitos'),
  declarationNotFound: (codigo: string) => new AppError(404, 'DeclaracaoNaoEncontrada', { codigo }),
  noEmail: () => new AppError(422, 'SemEmail'),
  personAway: (reason: string) => new AppError(422, 'PessoaAfastada', { reason }),
  requestNoCopies: () => new AppError(422, 'SolicitacaoSemExemplares'),
  requestAllPromised: () => new AppError(422, 'SolicitacaoExemplaresComprometidos'),
  requestLimit: (limit: number) => new AppError(422, 'SolicitacaoLimiteExcedido', { limit }),
  requestDuplicate: () => new AppError(422, 'SolicitacaoIdentica'),
  staffOnly: () => new AppError(403, 'SomenteBalcao'),
  recoveryUnavailable: () => new AppError(422, 'RecuperacaoIndisponivel'),
  codeInvalid: () => new AppError(422, 'CodigoInvalido'),
  codeExpired: () => new AppError(422, 'CodigoExpirado'),
  passwordRules: (rules: string) => new AppError(422, 'SenhaNaoConfereCriterios', { rules }),
  passwordReused: (n: number) => new AppError(422, 'SenhaRepetida', { n }),
  refreshInvalid: () => new AppError(401, 'SessaoExpirada'),
  tooManyAttempts: (minutes: number) => new AppError(429, 'TentativasExcedidas', { minutes }),
  unsupportedGrant: (grant: string) => new AppError(400, 'unsupported_grant_type', { grant }),
  notFound: (method: string, path: string) => new AppError(404, 'RecursoNaoEncontrado', { method, path }),
  institutionMissing: () => new AppError(404, 'InstituicaoNaoConfigurada'),
  titleNotFound: (id: number) => new AppError(404, 'AcervoNaoEncontrado', { id }),
  authorityNotFound: (id: number) => new AppError(404, 'AutoridadeNaoEncontrada', { id }),
  commentNotFound: (id: number) => new AppError(404, 'ComentarioNaoEncontrado', { id }),
  commentAlreadyModerated: () => new AppError(409, 'ComentarioJaModerado'),
  commentLimit: (limit: number) => new AppError(422, 'limite_comentarios_excedido', { limit }),
  commentsDisabled: () => new AppError(403, 'ComentariosDesativados'),
  libraryInvalid: (id: number) => new AppError(422, 'BibliotecaInvalida', { id }),
  yearInvalid: (year: number) => new AppError(400, 'AnoInvalido', { year }),
  closedStackUnavailable: (title: string, library: string) => new AppError(422, 'ArmazemSemExemplar', { title, library }),
  issueNotFound: (id: number, seq: number) => new AppError(404, 'FasciculoNaoEncontrado', { id, seq }),
  mailFailed: () => new AppError(502, 'ErroEnvioEmail'),
  notInPermanent: (id: number) => new AppError(404, 'ForaCestaPermanente', { id }),
  linkNotFound: (id: number, seq: number) => new AppError(404, 'LinkNaoEncontrado', { id, seq }),
};
