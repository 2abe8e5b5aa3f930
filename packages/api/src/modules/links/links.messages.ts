import type { Language } from '@estante/contracts/kernel';
import { AppError } from '../../lib/errors.js';
import { defineMessages, type Params } from '../../lib/i18n.js';
import { errors as common } from '../../lib/messages.js';

/** The doors out's texts in pt, en and es (spec §8 provider messages): errors and the providers without a proper name. */
export const messages = defineMessages('links', {
  RecursoExternoNaoConfigurado: {
    pt: 'O acesso a {nome} não está configurado nesta biblioteca. Em caso de dúvida, entre em contato com a biblioteca.',
    en: 'Access to {nome} is not set up at this library. If in doubt, please contact the library.',
    es: 'El acceso a {nome} no está configurado en esta biblioteca. En caso de duda, comuníquese con la biblioteca.',
  },
  AcessoRecursoNegado: {
    pt: 'Sua categoria de usuário não tem permissão para acessar {nome}. Em caso de dúvida, entre em contato com a biblioteca.',
    en: 'Your patron category is not allowed to access {nome}. If in doubt, please contact the library.',
    es: 'Su categoría de usuario no tiene permiso para acceder a {nome}. En caso de duda, comuníquese con la biblioteca.',
  },
  BaseDadosNaoEncontrada: {
    pt: 'A base de dados {id} não está entre as disponíveis para você em {nome}.',
    en: 'Database {id} is not among those available to you at {nome}.',
    es: 'La base de datos {id} no está entre las disponibles para usted en {nome}.',
  },
  NormaNaoEncontrada: {
    pt: 'O registro {id} não é uma norma técnica do acervo.',
    en: 'Record {id} is not a technical standard of the collection.',
    es: 'El registro {id} no es una norma técnica del acervo.',
  },
  TokenProvedorInvalido: {
    pt: 'Token de acesso inválido ou expirado.',
    en: 'The access token is not valid or has expired.',
    es: 'Token de acceso inválido o caducado.',
  },
  TokenProvedorJaUsado: {
    pt: 'Este token de acesso já foi usado.',
    en: 'This access token has already been used.',
    es: 'Este token de acceso ya fue usado.',
  },
  CodigoRedirecionamentoInvalido: {
    pt: 'O link de acesso é inválido, expirou ou já foi usado. Volte ao aplicativo e tente de novo.',
    en: 'The access link is not valid, has expired or was already used. Go back to the app and try again.',
    es: 'El enlace de acceso no es válido, caducó o ya fue usado. Vuelva a la aplicación e intente de nuevo.',
  },
  AplicativoNaoConfigurado: {
    pt: 'O aplicativo da biblioteca não está configurado nesta instituição.',
    en: "The library's mobile app is not set up at this institution.",
    es: 'La aplicación de la biblioteca no está configurada en esta institución.',
  },
  'nome.repositorio': {
    pt: 'o repositório institucional',
    en: 'the institutional repository',
    es: 'el repositorio institucional',
  },
  'nome.meupergamum': {
    pt: 'o Meu Pergamum externo',
    en: 'the external My Pergamum',
    es: 'el Mi Pergamum externo',
  },
  ProvedorDesconhecido: {
    pt: 'O catálogo não conhece o provedor {recurso}.',
    en: 'The catalogue does not know provider {recurso}.',
    es: 'El catálogo no conoce el proveedor {recurso}.',
  },
  EntradaProvedorInvalida: {
    pt: 'A configuração do provedor não é válida: {detalhe}',
    en: "The provider's settings are not valid: {detalhe}",
    es: 'La configuración del proveedor no es válida: {detalhe}',
  },
});

/** Where a provider's name goes in a text, to see the word before it. */
const NAME = '\u0000';

/** A preposition before a name's article, as the language writes the two together: "a o" is "ao", "a el" is "al". */
const CONTRACTIONS: Record<Language, Record<string, string>> = {
  pt: {
    'a o': 'ao',
    'a a': 'à',
    'a os': 'aos',
    'a as': 'às',
    'de o': 'do',
    'de a': 'da',
    'de os': 'dos',
    'de as': 'das',
    'em o': 'no',
    'em a': 'na',
    'em os': 'nos',
    'em as': 'nas',
  },
  es: { 'a el': 'al', 'de el': 'del' },
  en: {},
};

/**
 * The text for `key` with a provider's name (`nome`, which may start with its article: "o
 * repositório institucional", "el Mi Pergamum externo"), the preposition before it contracted
 * with the article: "O acesso ao repositório", never "a o repositório" (issue 55).
 */
function withName(language: Language, key: Parameters<typeof messages.t>[0], nome: string, params: Params = {}): string {
  const [before = '', after = ''] = messages.t(key, language, { ...params, nome: NAME }).split(NAME);
  const preposition = /(?:^|\s)(\p{L}+) $/u.exec(before)?.[1];
  const article = /^(\p{L}+) /u.exec(nome)?.[1];
  const together = preposition && article ? CONTRACTIONS[language][`${preposition.toLowerCase()} ${article}`] : undefined;
  if (!preposition || !article || !together) return `${before}${nome}${after}`;
  return `${before.slice(0, before.length - preposition.length - 1)}${together}${nome.slice(article.length)}${after}`;
}

/** An error whose text names a provider (see withName). */
const named = (status: number, key: 'RecursoExternoNaoConfigurado' | 'AcessoRecursoNegado' | 'BaseDadosNaoEncontrada', nome: string, params: Params = {}) =>
  new AppError(status, key, { ...params, nome }, (language) => withName(language, key, nome, params));

/** The errors the doors out throw: the common ones and their own. */
export const errors = {
  ...common,
  notConfigured: (nome: string) => named(404, 'RecursoExternoNaoConfigurado', nome),
  denied: (nome: string) => named(403, 'AcessoRecursoNegado', nome),
  databaseNotFound: (id: number, nome: string) => named(404, 'BaseDadosNaoEncontrada', nome, { id }),
  standardNotFound: (id: number) => messages.error(404, 'NormaNaoEncontrada', { id }),
  handoverInvalid: () => messages.error(401, 'TokenProvedorInvalido'),
  handoverUsed: () => messages.error(409, 'TokenProvedorJaUsado'),
  redirectCodeInvalid: () => messages.error(422, 'CodigoRedirecionamentoInvalido'),
  appNotConfigured: () => messages.error(404, 'AplicativoNaoConfigurado'),
  providerUnknown: (recurso: string) => messages.error(404, 'ProvedorDesconhecido', { recurso }),
  providerEntryInvalid: (detalhe: string) => messages.error(422, 'EntradaProvedorInvalida', { detalhe }),
};
