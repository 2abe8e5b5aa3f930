import type { Acesso, Configuracoes, InstitutionTexts } from '@estante/contracts/parameters';
import { INSTITUTION_TEXT_FIELDS } from '@estante/contracts/parameters';
import type { Db } from '../../db/client.js';
import { recordStaffAct } from '../../lib/audit.js';
import { appLayers } from './content.service.js';
import { errors, messages } from './parameters.messages.js';
import { findInstitution, libraryContacts, listModuleActivities, updateAccess, updateActivity, updateLibraryContacts } from './parameters.queries.js';
import { setInstitutionText } from './parameters.service.js';

/** The captcha on the sign-in form is activity 1120 of module 3 (spec §6). */
const CAPTCHA_ACTIVITY = 1120;

/** The institution's settings as the administration's screens show them (404 before the institution is set up). */
export async function settings(db: Db): Promise<Configuracoes> {
  const row = await findInstitution(db);
  if (!row) throw errors.institutionMissing();
  const [activities, layers, libraries] = await Promise.all([listModuleActivities(db), appLayers(db), libraryContacts(db)]);
  const stored = (row.traducoes ?? {}) as Record<string, InstitutionTexts | undefined>;
  const only = (texts: InstitutionTexts | undefined) =>
    Object.fromEntries(INSTITUTION_TEXT_FIELDS.filter((f) => texts?.[f]).map((f) => [f, texts![f]])) as InstitutionTexts;
  return {
    acesso: {
      codigo: row.codEmpresa,
      captcha: activities.some((a) => a.codigo === CAPTCHA_ACTIVITY && a.ativa),
      oidc: row.usaOidc,
      oidc_logout: row.linkLogoutOidc,
      saml_logout: row.linkLogoutSaml,
      app_layers: layers,
    },
    textos: {
      pt: only({ denominacao_login: row.denominacaoLogin, msg_login: row.msgLogin ?? undefined, msg_suporte_consulta: row.msgSuporteConsulta ?? undefined }),
      en: only(stored.en),
      es: only(stored.es),
    },
    atividades: activities,
    bibliotecas: libraries,
  };
}

/** Sets how patrons sign in, in one transaction with its audit row (before and after). */
export async function setAccess(db: Db, body: Acesso, actor: string): Promise<Configuracoes> {
  const before = (await settings(db)).acesso;
  await db.transaction(async (tx) => {
    await updateAccess(tx, body);
    if (body.captcha !== before.captcha && !(await updateActivity(tx, CAPTCHA_ACTIVITY, body.captcha))) throw errors.activityNotFound(CAPTCHA_ACTIVITY);
    await recordStaffAct(tx, { autor: actor, acao: 'institution.access', alvo: 'instituicao', detalhes: { antes: before, depois: body } });
  });
  return settings(db);
}

/** The site's texts in one language: each field set, or unset when left out (Portuguese's sign-in word is required, 422). */
export async function setTexts(db: Db, idioma: 'pt' | 'en' | 'es', texts: InstitutionTexts, actor: string): Promise<Configuracoes> {
  if (idioma === 'pt' && !texts.denominacao_login) throw messages.error(422, 'PalavraLoginObrigatoria');
  await db.transaction(async (tx) => {
    for (const field of INSTITUTION_TEXT_FIELDS) await setInstitutionText(tx as Db, field, idioma, texts[field] ?? '', actor);
  });
  return settings(db);
}

/** Switches an activity on or off (404 when there is no such activity); audited. */
export async function switchActivity(db: Db, codigo: number, ativa: boolean, actor: string): Promise<Configuracoes> {
  await db.transaction(async (tx) => {
    const before = (await listModuleActivities(tx)).find((a) => a.codigo === codigo);
    if (!before || !(await updateActivity(tx, codigo, ativa))) throw errors.activityNotFound(codigo);
    await recordStaffAct(tx, { autor: actor, acao: 'institution.activity', alvo: `atividade:${codigo}`, detalhes: { antes: before.ativa, depois: ativa } });
  });
  return settings(db);
}

/** A library's e-mail and opening hours (404 for a library that does not exist); audited with what they were. */
export async function setLibrary(
  db: Db,
  id: number,
  body: { email: string | null; horarios: { dia: number; abre: string; fecha: string }[] },
  actor: string,
): Promise<Configuracoes> {
  const before = (await libraryContacts(db)).find((l) => l.cod_biblioteca === id);
  if (!before) throw errors.libraryNotFound(id);
  await db.transaction(async (tx) => {
    await updateLibraryContacts(tx, id, body);
    await recordStaffAct(tx, {
      autor: actor,
      acao: 'institution.library',
      alvo: `biblioteca:${id}`,
      detalhes: { antes: { email: before.email, horarios: before.horarios }, depois: body },
    });
  });
  return settings(db);
}
