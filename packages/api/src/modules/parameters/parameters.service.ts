import { type PasswordRules, passwordRulesSchema } from '@estante/contracts/auth';
import {
  type Atividade,
  type GuiaPesquisa,
  INSTITUTION_TEXT_FIELDS,
  type Instituicao,
  institutionTextsSchema,
  temaSchema,
} from '@estante/contracts/parameters';
import type { Db } from '../../db/client.js';
import { recordStaffAct } from '../../lib/audit.js';
import { errors } from './parameters.messages.js';
import {
  findInstitution,
  listActiveGuides,
  listEnabledActivities,
  updateActivity,
  updateInstitutionCode,
  updateInstitutionOidc,
  updateInstitutionTexts,
} from './parameters.queries.js';

/** The institution's public settings, mapped to the spec's field names. */
export async function getInstituicao(db: Db): Promise<Instituicao> {
  const row = await findInstitution(db);
  if (!row) throw errors.institutionMissing();
  const p = (row.parametros ?? {}) as Record<string, unknown>;
  const tema = temaSchema.safeParse(row.tema);
  return {
    codEmpresa: row.codEmpresa,
    sigla: row.sigla,
    nome: row.nome,
    denominacao_login: row.denominacaoLogin,
    destino_padrao_login_catalogo: row.destinoPadraoLogin === 'M' ? 'M' : 'C',
    usaOIDC: row.usaOidc,
    link_logout_OIDC: row.linkLogoutOidc,
    link_logout_saml: row.linkLogoutSaml,
    msg_login: row.msgLogin,
    msg_suporte_consulta: row.msgSuporteConsulta,
    link_lgpd: row.linkLgpd,
    tema: tema.success ? tema.data : {},
    traducoes: institutionTexts(row.traducoes),
    p: {
      __md_aut: numberOrNull(p.__md_aut),
      __md_crypt: numberOrNull(p.__md_crypt),
      __web_url_pw: stringOrNull(p.__web_url_pw),
      __web_aquisicao: stringOrNull(p.__web_aquisicao),
      __web_icap: stringOrNull(p.__web_icap),
      __web_rede: stringOrNull(p.__web_rede),
    },
  };
}

/** The activities (features) the institution has switched on (spec §6). */
export async function getFuncionalidades(db: Db): Promise<Atividade[]> {
  const rows = await listEnabledActivities(db);
  return rows.map((r) => ({ cod_modulo: r.codModulo, cod_atividade: r.codAtividade, descricao: r.descricao }));
}

/** The search guides offered on the home page, in order. */
export async function getGuiasPesquisa(db: Db): Promise<GuiaPesquisa[]> {
  return listActiveGuides(db);
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) ? value : null;
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** True when the institution has switched on activity `code` of module 3 (spec §6). */
export async function isActivityEnabled(db: Db, code: number): Promise<boolean> {
  const rows = await listEnabledActivities(db);
  return rows.some((r) => r.codModulo === 3 && r.codAtividade === code);
}

/** The institution's free-form settings (`parametros`); empty before the institution is set up. */
export async function institutionSettings(db: Db): Promise<Record<string, unknown>> {
  const row = await findInstitution(db);
  return (row?.parametros ?? {}) as Record<string, unknown>;
}

/** A whole-number institution setting (`parametros`), or `fallback` when unset or not a number. */
export async function institutionNumber(db: Db, key: string, fallback: number): Promise<number> {
  const value = (await institutionSettings(db))[key];
  return typeof value === 'number' && Number.isInteger(value) ? value : fallback;
}

const DEFAULT_LOGIN_LABEL = { pt: 'Usuário', en: 'Username', es: 'Usuario' } as const;

/** The stored translations, each language's texts checked (a malformed entry counts as unset). */
function institutionTexts(stored: unknown): Instituicao['traducoes'] {
  const value = (stored ?? {}) as Record<string, unknown>;
  const read = (language: 'en' | 'es') => {
    const parsed = institutionTextsSchema.safeParse(value[language] ?? {});
    return parsed.success ? parsed.data : {};
  };
  return { en: read('en'), es: read('es') };
}

/** What the institution calls the username (denominacao_login) in `language`, for messages; a default otherwise. */
export async function loginLabel(db: Db, language: 'pt' | 'en' | 'es'): Promise<string> {
  const row = await findInstitution(db);
  const translated = language === 'pt' || !row ? undefined : institutionTexts(row.traducoes)[language].denominacao_login;
  if (translated) return translated;
  // The Portuguese word would be wrong in another language: the default there, unless the institution says otherwise.
  return (language === 'pt' ? row?.denominacaoLogin?.trim() : undefined) || DEFAULT_LOGIN_LABEL[language];
}

/**
 * Sets one of the institution's texts in one language (`npm run institution -- text`): Portuguese
 * is the field itself, English and Spanish its translations; an empty text unsets a translation.
 * False when the institution is not set up yet.
 */
export async function setInstitutionText(
  db: Db,
  field: (typeof INSTITUTION_TEXT_FIELDS)[number],
  language: 'pt' | 'en' | 'es',
  text: string,
  actor: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await findInstitution(tx);
    if (!row) return false;
    const before = language === 'pt' ? (row[INSTITUTION_TEXT_COLUMN[field]] ?? null) : (institutionTexts(row.traducoes)[language][field] ?? null);
    await writeInstitutionText(tx, row, field, language, text);
    await recordStaffAct(tx, { autor: actor, acao: 'institution.text', alvo: `${field}:${language}`, detalhes: { antes: before, depois: text || null } });
    return true;
  });
}

const INSTITUTION_TEXT_COLUMN = { denominacao_login: 'denominacaoLogin', msg_login: 'msgLogin', msg_suporte_consulta: 'msgSuporteConsulta' } as const;

async function writeInstitutionText(
  db: Db,
  row: NonNullable<Awaited<ReturnType<typeof findInstitution>>>,
  field: (typeof INSTITUTION_TEXT_FIELDS)[number],
  language: 'pt' | 'en' | 'es',
  text: string,
): Promise<void> {
  if (text) {
    const checked = institutionTextsSchema.shape[field].safeParse(text);
    if (!checked.success) throw new Error(`${field} in ${language}: ${checked.error.issues[0]?.message ?? 'not accepted'}`);
  }
  if (language === 'pt') {
    if (field === 'denominacao_login' && !text) throw new Error('the Portuguese sign-in word cannot be empty');
    await updateInstitutionTexts(db, { [INSTITUTION_TEXT_COLUMN[field]]: text || null });
    return;
  }
  const texts = institutionTexts(row.traducoes);
  const next = { ...texts[language] };
  if (text) next[field] = text;
  else delete next[field];
  await updateInstitutionTexts(db, { traducoes: { ...texts, [language]: next } });
}

/** Password rules when the institution sets none (`parametros.regras_senha` overrides any of them). */
export const DEFAULT_PASSWORD_RULES: PasswordRules = {
  length: { min: 8, max: 32 },
  has_numbers: true,
  only_numbers: false,
  special_char: true,
  diff_case: true,
  diff_name: true,
  last_pw: 3,
};

/** The institution's password rules (spec §3 "Password rules"). */
export async function passwordRules(db: Db): Promise<PasswordRules> {
  const custom = (await institutionSettings(db)).regras_senha;
  const merged = { ...DEFAULT_PASSWORD_RULES, ...(typeof custom === 'object' && custom ? custom : {}) };
  const parsed = passwordRulesSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_PASSWORD_RULES;
}

/**
 * Institution codes with sign-in behaviours of their own (spec §9): 571 signs in in two steps
 * with the duplicate-person chooser, 87 picks a category.
 */
export const TWO_STEP_INSTITUTION = 571;
export const CATEGORY_INSTITUTION = 87;

/** The institution's code (cod_empresa), or null before the institution is set up. */
export async function institutionCode(db: Db): Promise<number | null> {
  return (await findInstitution(db))?.codEmpresa ?? null;
}

/** Staff: switches the institution code (and with it the sign-in behaviour); recorded in the staff audit. */
export function setInstitutionCode(db: Db, code: number, actor: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const before = await findInstitution(tx);
    if (!before || !(await updateInstitutionCode(tx, code))) return false;
    await recordStaffAct(tx, { autor: actor, acao: 'institution.code', alvo: 'instituicao', detalhes: { antes: before.codEmpresa, depois: code } });
    return true;
  });
}

/** Staff: switches one of the institution's activities (features, spec §6) on or off; recorded in the staff audit. */
export function setActivity(db: Db, code: number, on: boolean, actor: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const before = (await listEnabledActivities(tx)).some((a) => a.codModulo === 3 && a.codAtividade === code);
    if (!(await updateActivity(tx, code, on))) return false;
    await recordStaffAct(tx, { autor: actor, acao: 'institution.activity', alvo: `atividade:${code}`, detalhes: { antes: before, depois: on } });
    return true;
  });
}

/** Staff: offers (or stops offering) the OIDC sign-in, with the provider's logout link; recorded in the staff audit. */
export function setInstitutionOidc(db: Db, on: boolean, logoutLink: string | null, actor: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const before = await findInstitution(tx);
    if (!before || !(await updateInstitutionOidc(tx, on, logoutLink))) return false;
    await recordStaffAct(tx, {
      autor: actor,
      acao: 'institution.oidc',
      alvo: 'instituicao',
      detalhes: { antes: { oidc: before.usaOidc, logout: before.linkLogoutOidc }, depois: { oidc: on, logout: logoutLink } },
    });
    return true;
  });
}
