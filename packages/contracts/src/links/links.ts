import { z } from 'zod';
import { tokenResponseSchema } from '../auth/auth.js';
import { SITE_PATH } from '../common.js';
import { recordId } from '../record-id.js';
import { endpoint } from '../endpoint.js';
import { recordIdParamsSchema } from '../catalog/title.js';

/**
 * Every door out of the catalogue (decision 0023): the external resources of spec §9 and the
 * institution's other systems as configured providers, each handed the signed-in patron over by a
 * one-time signed token (or by a plain link); the account area's address; a redirect code that
 * carries a session to /pergamum_redireciona (the mobile app's web view).
 */

/** The external resource keys of spec §9: each opens a generated address after sign-in. */
export const EXTERNAL_RESOURCES = [
  'pearson',
  'cengage',
  'editora_forum',
  'minhabiblioteca',
  'ebrary',
  'rtonline',
  'lectio',
  'gale',
  'gale_book',
  'oxford',
  'proquest',
  'uptodate',
  'lexicomp',
  'solucto',
  'jornalderesenhas',
] as const;
export type ExternalResource = (typeof EXTERNAL_RESOURCES)[number];

/**
 * Every provider an institution may configure: the §9 resources, and the doors the spec names
 * without a §9 key — Grupo A's e-books (`/grupoa`), Target GEDWeb's standards (`/vinculos/target`),
 * the institutional repository (paper posting) and an external account area (`meupergamum`).
 */
export const PROVIDERS = [...EXTERNAL_RESOURCES, 'grupoa', 'target', 'repositorio', 'meupergamum'] as const;
export type Provider = (typeof PROVIDERS)[number];

/** Names of the providers whose name is a brand, the same in every language (the repository and the account area are named in words). */
export const PROVIDER_BRANDS: Readonly<Record<Exclude<Provider, 'repositorio' | 'meupergamum'>, string>> = {
  pearson: 'Biblioteca Virtual Pearson',
  cengage: 'Cengage',
  editora_forum: 'Editora Fórum',
  minhabiblioteca: 'Minha Biblioteca',
  ebrary: 'Ebook Central (ebrary)',
  rtonline: 'Revista dos Tribunais Online',
  lectio: 'Lectio',
  gale: 'Gale',
  gale_book: 'Gale eBooks',
  oxford: 'Oxford Academic',
  proquest: 'ProQuest',
  uptodate: 'UpToDate',
  lexicomp: 'Lexicomp',
  solucto: 'Solucto',
  jornalderesenhas: 'Jornal de Resenhas',
  grupoa: 'Grupo A',
  target: 'Target GEDWeb',
};

/** How a provider takes the patron over: a signed one-time token in its address, or a plain link. */
export const HANDOVER_KINDS = ['assinada', 'link'] as const;

/** A token's lifetime when the provider's entry does not say (seconds), and the bounds an entry may set. */
export const HANDOVER_TTL = { default: 60, min: 10, max: 300 } as const;

/** A path of this site (a destination after a redirect): one leading slash, no scheme, no spaces. */
export const sitePath = z.string().max(500).regex(SITE_PATH, { error: 'expected a path of this site' });

/** `GET /vinculos/provedores`: the providers the institution has configured, and whether the caller may use each. */
export const provedorSchema = z
  .object({
    recurso: z.enum(PROVIDERS),
    nome: z.string(),
    entrega: z.enum(HANDOVER_KINDS),
    permitido: z.boolean().nullable().describe("whether the signed-in patron's category may use it; null for an anonymous caller"),
  })
  .meta({ id: 'Provedor' });
export type Provedor = z.infer<typeof provedorSchema>;

/** An address to open: a provider's hand-over (its one-time token inside) or a plain link. */
export const urlAcessoSchema = z.object({
  url: z.string(),
  recurso: z.enum(PROVIDERS),
  nome: z.string(),
});
export type UrlAcesso = z.infer<typeof urlAcessoSchema>;

export const recursoParamsSchema = z.object({ recurso: z.enum(EXTERNAL_RESOURCES) });
/** The database (Meu Pergamum's "Bases de dados") to open at the provider, when it is one. */
export const acessoExternoBodySchema = z.object({ base: recordId.optional() });

/** Grupo A's session, as its platform sent the patron to `/grupoa?sessionid=…`. */
export const grupoaBodySchema = z.object({
  sessionid: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._~-]{8,200}$/, { error: 'sessionid: 8 to 200 letters, digits, dots, hyphens, underscores or tildes' }),
});

/** `POST /vinculos/provedor/validar`: the provider redeems the token it received, once. */
export const validarTokenBodySchema = z.object({ token: z.string().min(1).max(4000) });
export const tokenProvedorSchema = z
  .object({
    recurso: z.enum(PROVIDERS),
    sub: z.string().describe('the patron (person code), as the token names them'),
    categoria: z.string().nullable(),
    nome: z.string().optional(),
    email: z.string().nullable().optional(),
    destino: z.string().optional().describe('the address at the provider the patron asked for (an e-book, a database, a standard)'),
    jti: z.string(),
    exp: z.number().int(),
  })
  .meta({ id: 'TokenProvedor' });
export type TokenProvedor = z.infer<typeof tokenProvedorSchema>;

/** `GET /pessoas/token-redireciona`: a one-time code carrying the session to /pergamum_redireciona. */
export const tokenRedirecionaQuerySchema = z.object({ destino: sitePath.optional() });
export const tokenRedirecionaSchema = z.object({
  token: z.string(),
  expira_em: z.string().describe('when the code stops working (UTC, ISO 8601)'),
  url: z.string().describe('the path of this site that signs the code in: /pergamum_redireciona?token=…'),
});
export const trocaTokenRedirecionaBodySchema = z.object({ token: z.string().min(1).max(200) });
export const sessaoRedirecionadaSchema = tokenResponseSchema.extend({ destino: z.string() });

/** Where the account area opens: this site's /meupergamum, or the institution's external one. */
export const ACCOUNT_BASES = ['interna', 'externa'] as const;
export const redirectBaseBodySchema = z.object({ base: z.enum(ACCOUNT_BASES) });
export const meuPergamumRedirectSchema = z.object({
  base: z.enum(ACCOUNT_BASES),
  url: z.string().describe("the account area's address: /meupergamum, or the external one with its one-time token"),
  externa_disponivel: z.boolean().describe('the institution has an external account area this patron may use'),
});
export type MeuPergamumRedirect = z.infer<typeof meuPergamumRedirectSchema>;

export const targetParamsSchema = recordIdParamsSchema;

const LINKS = 'Vínculos';
const PEOPLE = 'Pessoas';

/** Spec §7 Links, the People calls that leave the catalogue, and the "other operations" that make access addresses. */
export const linksEndpoints = {
  providers: endpoint({
    method: 'GET',
    path: '/vinculos/provedores',
    access: 'either',
    tag: LINKS,
    summary: 'The external providers the institution has configured (and, for a patron, whether their category may use each)',
    response: z.array(provedorSchema),
  }),
  externalAccess: endpoint({
    method: 'POST',
    path: '/vinculos/acesso-externo/:recurso',
    access: 'private',
    tag: LINKS,
    summary: 'Generate the access address of an external resource (spec §9 keys) for the signed-in patron, optionally at one of its databases',
    description:
      'Spec §7 "other operations": generate the access URL for external base resources. A signed provider gets a one-time token (JWT HS256, decision 0023); a plain-link one its address. 404 when the institution has not configured it, 403 when the patron’s category may not use it.',
    params: recursoParamsSchema,
    body: acessoExternoBodySchema,
    response: urlAcessoSchema,
    errors: [404],
  }),
  target: endpoint({
    method: 'GET',
    path: '/vinculos/target/:id',
    access: 'private',
    tag: LINKS,
    summary: "The access address of a technical standard (work type 19) at Target GEDWeb, with the patron's one-time token",
    params: targetParamsSchema,
    response: urlAcessoSchema,
    errors: [404],
  }),
  grupoa: endpoint({
    method: 'POST',
    path: '/vinculos/grupoa',
    access: 'private',
    tag: LINKS,
    summary: "Answer Grupo A's sign-in request (its sessionid) with the signed-in patron: the address back to its platform",
    body: grupoaBodySchema,
    response: urlAcessoSchema,
    errors: [404],
  }),
  validate: endpoint({
    method: 'POST',
    path: '/vinculos/provedor/validar',
    access: 'open',
    tag: LINKS,
    summary: 'A provider redeems a hand-over token: valid, unexpired, correctly signed and not used before; once',
    description:
      'Called by the provider, server to server. 401 for a token that is not one of ours (bad signature, expired, malformed); 409 for one already redeemed (a replay).',
    body: validarTokenBodySchema,
    response: tokenProvedorSchema,
    errors: [401, 409],
  }),
  redirectToken: endpoint({
    method: 'GET',
    path: '/pessoas/token-redireciona',
    access: 'private',
    tag: PEOPLE,
    summary: 'A one-time code (60 s) that signs the patron in at /pergamum_redireciona, then goes to destino',
    query: tokenRedirecionaQuerySchema,
    response: tokenRedirecionaSchema,
  }),
  redirectTrade: endpoint({
    method: 'POST',
    path: '/pessoas/token-redireciona/validar',
    access: 'public',
    tag: PEOPLE,
    summary: "Trade a redirect code for the patron's session, once (the /pergamum_redireciona screen)",
    body: trocaTokenRedirecionaBodySchema,
    response: sessaoRedirecionadaSchema,
    errors: [422, 430],
  }),
  accountRedirect: endpoint({
    method: 'GET',
    path: '/pessoas/meu-pergamum/redirect',
    access: 'private',
    tag: PEOPLE,
    summary: 'Generate the access address of the account area: /meupergamum, or the external one with a one-time token',
    response: meuPergamumRedirectSchema,
  }),
  accountBase: endpoint({
    method: 'PUT',
    path: '/pessoas/meu-pergamum/redirect-base',
    access: 'private',
    tag: PEOPLE,
    summary: "Choose where the patron's account area opens: interna (this site) or externa (the institution's external one)",
    body: redirectBaseBodySchema,
    response: redirectBaseBodySchema,
    errors: [404],
  }),
  paperPosting: endpoint({
    method: 'POST',
    path: '/pessoas/postagem-trabalho/redirect',
    access: 'private',
    tag: PEOPLE,
    summary: 'Paper posting: hand the signed-in patron over to the institutional repository',
    response: urlAcessoSchema,
    errors: [404],
  }),
  appLayers: endpoint({
    method: 'GET',
    path: '/pessoas/autenticar/app-layers',
    access: 'private',
    tag: PEOPLE,
    summary: "The mobile app (App Layers) opens the patron's account area in its web view: the address with a one-time code",
    response: z.object({ url: z.string() }),
    errors: [404],
  }),
};
