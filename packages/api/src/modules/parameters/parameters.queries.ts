import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
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
