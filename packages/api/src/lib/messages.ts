import type { StaffRole } from '@estante/contracts/kernel';
import { AppError } from './errors.js';
import { defineMessages } from './i18n.js';

/**
 * The messages every module may answer with (the request itself, access, the database, records
 * several modules look up). A module's own messages live in its `<module>.messages.ts`.
 */
export const messages = defineMessages('common', {
  ErroInesperado: {
    pt: 'Ocorreu um erro inesperado no processamento. Tente novamente mais tarde.',
    en: 'An unexpected processing error occurred. Please try again later.',
    es: 'Ocurrió un error inesperado en el procesamiento. Inténtelo de nuevo más tarde.',
  },
  RequisicaoInvalida: {
    pt: 'Requisição inválida: {detail}',
    en: 'Invalid request: {detail}',
    es: 'Solicitud no válida: {detail}',
  },
  RecursoNaoEncontrado: {
    pt: 'Recurso não encontrado: {method} {path}',
    en: 'Resource not found: {method} {path}',
    es: 'Recurso no encontrado: {method} {path}',
  },
  IdiomaInvalido: {
    pt: 'Código de idioma inválido: {code}. Use 1 (português), 3 (espanhol) ou 5 (inglês).',
    en: 'Invalid language code: {code}. Use 1 (Portuguese), 3 (Spanish) or 5 (English).',
    es: 'Código de idioma no válido: {code}. Use 1 (portugués), 3 (español) o 5 (inglés).',
  },
  TokenAusente: {
    pt: 'É necessário um token de acesso (Authorization: Bearer).',
    en: 'An access token is required (Authorization: Bearer).',
    es: 'Se requiere un token de acceso (Authorization: Bearer).',
  },
  TokenInvalido: {
    pt: 'Token de acesso inválido ou expirado.',
    en: 'Invalid or expired access token.',
    es: 'Token de acceso no válido o caducado.',
  },
  AcessoPessoalNecessario: {
    pt: 'Esta operação exige login de usuário.',
    en: 'This operation requires a signed-in user.',
    es: 'Esta operación requiere que el usuario inicie sesión.',
  },
  PapelNecessario: {
    pt: 'Somente a equipe da biblioteca com o papel de {roles} pode fazer isto.',
    en: 'Only library staff with the {roles} role can do this.',
    es: 'Solo el personal de la biblioteca con el rol de {roles} puede hacer esto.',
  },
  Papel_circulacao: { pt: 'circulação', en: 'circulation', es: 'circulación' },
  Papel_atendimento: { pt: 'atendimento', en: 'patron services', es: 'atención' },
  Papel_aquisicao: { pt: 'aquisição', en: 'acquisitions', es: 'adquisición' },
  Papel_catalogacao: { pt: 'catalogação', en: 'cataloguing', es: 'catalogación' },
  Papel_moderacao: { pt: 'moderação', en: 'moderation', es: 'moderación' },
  Papel_administracao: { pt: 'administração', en: 'administration', es: 'administración' },
  // The library's block (people.bloqueio, spec §6: status 430), not the sign-in lock after wrong
  // passwords (429 TentativasExcedidas): a new password does not lift it (issue 55).
  ACESSO_BLOQUEADO: {
    pt: 'Conta bloqueada pela biblioteca, por exemplo por um empréstimo em atraso ou um débito pendente. Trocar a senha não a desbloqueia: procure a biblioteca para regularizar.',
    en: 'Account blocked by the library, for example because of an overdue loan or an unpaid debt. Changing the password does not unblock it: contact the library to settle it.',
    es: 'Cuenta bloqueada por la biblioteca, por ejemplo por un préstamo atrasado o una deuda pendiente. Cambiar la contraseña no la desbloquea: contacte con la biblioteca para regularizarla.',
  },
  AcervoNaoEncontrado: {
    pt: 'Título {id} não encontrado no acervo.',
    en: 'Title {id} was not found in the catalogue.',
    es: 'Título {id} no encontrado en el acervo.',
  },
  BibliotecaInvalida: {
    pt: 'Biblioteca {id} não existe.',
    en: 'Library {id} does not exist.',
    es: 'La biblioteca {id} no existe.',
  },
  ErroEnvioEmail: {
    pt: 'Não foi possível enviar o e-mail pelo servidor de e-mail da biblioteca. Tente novamente mais tarde.',
    en: "The e-mail could not be sent through the library's mail server. Please try again later.",
    es: 'No fue posible enviar el correo por el servidor de correo de la biblioteca. Inténtelo más tarde.',
  },
  CampusNaoEncontrado: {
    pt: 'Campus {id} não encontrado.',
    en: 'Campus {id} not found.',
    es: 'Campus {id} no encontrado.',
  },
  ServidorIndisponivel: {
    pt: 'Não foi possível contatar o servidor. Tente novamente em instantes.',
    en: 'The server could not be reached. Please try again in a moment.',
    es: 'No fue posible contactar con el servidor. Inténtelo de nuevo en unos instantes.',
  },
});

/** The errors every module may throw; each module's `errors` adds its own to these. */
export const errors = {
  unexpected: () => messages.error(500, 'ErroInesperado'),
  databaseUnavailable: () => messages.error(503, 'ServidorIndisponivel'),
  badRequest: (detail: string) => messages.error(400, 'RequisicaoInvalida', { detail }),
  invalidLanguage: (code: string) => messages.error(400, 'IdiomaInvalido', { code }),
  tokenMissing: () => messages.error(401, 'TokenAusente'),
  tokenInvalid: () => messages.error(401, 'TokenInvalido'),
  patronRequired: () => messages.error(403, 'AcessoPessoalNecessario'),
  /** A staff call by someone without any of its roles, the roles named in the call's language. */
  roleRequired: (roles: readonly StaffRole[]) =>
    new AppError(403, 'PapelNecessario', { roles: roles.join(', ') }, (language) =>
      messages.t('PapelNecessario', language, { roles: roles.map((role) => messages.t(`Papel_${role}`, language)).join(' / ') }),
    ),
  accountBlocked: () => messages.error(430, 'ACESSO_BLOQUEADO'),
  notFound: (method: string, path: string) => messages.error(404, 'RecursoNaoEncontrado', { method, path }),
  campusNotFound: (id: number) => messages.error(404, 'CampusNaoEncontrado', { id }),
  titleNotFound: (id: number) => messages.error(404, 'AcervoNaoEncontrado', { id }),
  libraryInvalid: (id: number) => messages.error(422, 'BibliotecaInvalida', { id }),
  mailFailed: () => messages.error(502, 'ErroEnvioEmail'),
};
