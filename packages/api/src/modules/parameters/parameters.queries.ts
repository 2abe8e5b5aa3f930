import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { activities, institution, institutionActivities, searchGuides } from '../../db/schema/index.js';

/** The institution row, if the deployment has one. */
export async function findInstitution(db: Db) {
  const [row] = await db.select().from(institution).limit(1);
  return row;
}

/** The activities the institution has switched on, with their descriptions. */
export async function listEnabledActivities(db: Db) {
  return db
    .select({ codModulo: activities.codModulo, codAtividade: activities.codAtividade, descricao: activities.descricao })
    .from(institutionActivities)
    .innerJoin(activities, and(eq(activities.codModulo, institutionActivities.codModulo), eq(activities.codAtividade, institutionActivities.codAtividade)))
    .orderBy(asc(activities.codModulo), asc(activities.codAtividade));
}

/** The active search guides, in display order. */
export async function listActiveGuides(db: Db) {
  return db
    .select({ codigo: searchGuides.codigo, rota: searchGuides.rota, ordem: searchGuides.ordem })
    .from(searchGuides)
    .where(eq(searchGuides.ativo, true))
    .orderBy(asc(searchGuides.ordem));
}

/** Sets the institution's code (cod_empresa); false when there is no institution yet. */
export async function updateInstitutionCode(db: Db, code: number): Promise<boolean> {
  const rows = await db.update(institution).set({ codEmpresa: code }).returning({ id: institution.id });
  return rows.length > 0;
}

/** Switches activity `code` of module 3 on or off; false when the activity does not exist. */
export async function updateActivity(db: Db, code: number, on: boolean): Promise<boolean> {
  const [known] = await db
    .select()
    .from(activities)
    .where(and(eq(activities.codModulo, 3), eq(activities.codAtividade, code)));
  if (!known) return false;
  if (on) await db.insert(institutionActivities).values({ codModulo: 3, codAtividade: code }).onConflictDoNothing();
  else await db.delete(institutionActivities).where(and(eq(institutionActivities.codModulo, 3), eq(institutionActivities.codAtividade, code)));
  return true;
}

/** Switches the institution's OIDC sign-in (usaOIDC) and its logout link; false without an institution. */
export async function updateInstitutionOidc(db: Db, on: boolean, logoutLink: string | null): Promise<boolean> {
  const rows = await db.update(institution).set({ usaOidc: on, linkLogoutOidc: logoutLink }).returning({ id: institution.id });
  return rows.length > 0;
}

/** Writes some of the institution's texts (the Portuguese fields or the translations). */
export async function updateInstitutionTexts(
  db: Db,
  texts: Partial<Pick<typeof institution.$inferInsert, 'denominacaoLogin' | 'msgLogin' | 'msgSuporteConsulta' | 'traducoes'>>,
): Promise<void> {
  await db.update(institution).set(texts);
}

/** Every activity of module 3 with whether the institution has it on, by code. */
export function listModuleActivities(db: Db) {
  return queryRows<{ codigo: number; descricao: string; ativa: boolean }>(
    db,
    sql`select a.cod_atividade as codigo, a.descricao,
               exists (select 1 from institution_activities i where i.cod_modulo = a.cod_modulo and i.cod_atividade = a.cod_atividade) as ativa
        from activities a where a.cod_modulo = 3 order by a.cod_atividade`,
  );
}

/** Sets how patrons sign in: the code, OIDC, the logout links and the app's web view (kept in `parametros.app_layers`). */
export async function updateAccess(
  db: Db,
  a: { codigo: number; oidc: boolean; oidc_logout: string | null; saml_logout: string | null; app_layers: { ativo: boolean; url: string | null } },
): Promise<void> {
  await db.update(institution).set({
    codEmpresa: a.codigo,
    usaOidc: a.oidc,
    linkLogoutOidc: a.oidc_logout,
    linkLogoutSaml: a.saml_logout,
    parametros: sql`coalesce(${institution.parametros}, '{}'::jsonb) || jsonb_build_object('app_layers', ${JSON.stringify(a.app_layers)}::jsonb)`,
  });
}

/** Every library with its e-mail and opening hours (1 Monday … 7 Sunday), by name. */
export function libraryContacts(db: Db) {
  return queryRows<{ cod_biblioteca: number; nome: string; sigla: string; email: string | null; horarios: { dia: number; abre: string; fecha: string }[] }>(
    db,
    sql`select b.cod_biblioteca, b.desc_biblioteca as nome, b.sigla, b.email,
               coalesce((select json_agg(json_build_object('dia', h.dia_semana, 'abre', to_char(h.abre, 'HH24:MI'), 'fecha', to_char(h.fecha, 'HH24:MI')) order by h.dia_semana)
                         from opening_hours h where h.cod_biblioteca = b.cod_biblioteca and h.abre is not null and h.fecha is not null), '[]'::json) as horarios
        from libraries b order by b.desc_biblioteca`,
  );
}

/** Replaces a library's e-mail and opening hours (days left out are closed). */
export async function updateLibraryContacts(
  db: Db,
  id: number,
  c: { email: string | null; horarios: { dia: number; abre: string; fecha: string }[] },
): Promise<void> {
  await db.execute(sql`update libraries set email = ${c.email} where cod_biblioteca = ${id}`);
  await db.execute(sql`delete from opening_hours where cod_biblioteca = ${id}`);
  for (const h of c.horarios)
    await db.execute(sql`insert into opening_hours (cod_biblioteca, dia_semana, abre, fecha) values (${id}, ${h.dia}, ${h.abre}::time, ${h.fecha}::time)`);
}
