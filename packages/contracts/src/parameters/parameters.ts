import { z } from 'zod';

/** Institution theme: colours and logo (spec §3 `tema`). */
export const temaSchema = z.object({
  corPrimaria: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .optional(),
  corSecundaria: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .optional(),
  logo: z.string().optional(),
});

/** The institution's own words in another language than its first (Portuguese): unset ones fall back to it. */
// eslint-disable-next-line no-control-regex -- text for people: line breaks and tabs, no other control character
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const institutionText = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .refine((v) => !CONTROL_IN_TEXT.test(v), { error: 'control characters are not allowed' });
export const institutionTextsSchema = z.object({
  denominacao_login: institutionText(60).optional(),
  msg_login: institutionText(2000).optional(),
  msg_suporte_consulta: institutionText(4000).optional(),
});
export type InstitutionTexts = z.infer<typeof institutionTextsSchema>;
export const INSTITUTION_TEXT_FIELDS = ['denominacao_login', 'msg_login', 'msg_suporte_consulta'] as const;

/** `GET /parametros/instituicao`: the institution's settings (spec §3 "Institution settings"). */
export const instituicaoSchema = z
  .object({
    codEmpresa: z.number().int(),
    sigla: z.string(),
    nome: z.string(),
    denominacao_login: z.string(),
    destino_padrao_login_catalogo: z.enum(['C', 'M']),
    usaOIDC: z.boolean(),
    link_logout_OIDC: z.string().nullable(),
    link_logout_saml: z.string().nullable(),
    msg_login: z.string().nullable(),
    msg_suporte_consulta: z.string().nullable(),
    link_lgpd: z.string().nullable(),
    tema: temaSchema,
    /**
     * The sign-in words and support message in English and Spanish (issue 24), beside the fields
     * above in Portuguese: the page picks its language's (all languages travel, so the page can
     * be served with them before its language is known).
     */
    traducoes: z.object({ en: institutionTextsSchema, es: institutionTextsSchema }),
    p: z.object({
      __md_aut: z.number().int().nullable(),
      __md_crypt: z.number().int().nullable(),
      __web_url_pw: z.string().nullable(),
      __web_aquisicao: z.string().nullable(),
      /** Link of the ICAP service (footer, activity 57). */
      __web_icap: z.string().nullable(),
      /** Link of the partner network's catalogue (footer, activity 87). */
      __web_rede: z.string().nullable(),
    }),
  })
  .meta({ id: 'Instituicao' });
export type Instituicao = z.infer<typeof instituicaoSchema>;

/** An activity (permission) as the client sees it (spec §3). */
export const atividadeSchema = z.object({
  cod_atividade: z.number().int(),
  cod_modulo: z.number().int(),
  descricao: z.string(),
});
export type Atividade = z.infer<typeof atividadeSchema>;

/** `GET /parametros/funcionalidades`: the activities the institution has switched on. */
export const funcionalidadesSchema = z.array(atividadeSchema).meta({ id: 'Funcionalidades' });

/** A search guide (tab) of the home page; `rota` is its path segment (`/:guia`). */
export const guiaPesquisaSchema = z.object({
  codigo: z.string(),
  rota: z.string(),
  ordem: z.number().int(),
});
export type GuiaPesquisa = z.infer<typeof guiaPesquisaSchema>;

/** `GET /parametros/guias-pesquisa`: the guides offered, in order. */
export const guiasPesquisaSchema = z.array(guiaPesquisaSchema).meta({ id: 'GuiasPesquisa' });
