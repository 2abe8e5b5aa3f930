import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { activities, campuses, faqEntries, institutionContent, institutionEvents, libraries, openingHours } from '../../db/schema/index.js';

/** One page of the institution's content in each language it exists in. */
export function findContent(db: Db, chave: string) {
  return db
    .select({ idioma: institutionContent.idioma, titulo: institutionContent.titulo, html: institutionContent.html })
    .from(institutionContent)
    .where(eq(institutionContent.chave, chave));
}

/** The FAQ entries written in `idioma`, in order. */
export function listFaq(db: Db, idioma: string) {
  return db
    .select({ pergunta: faqEntries.pergunta, resposta: faqEntries.resposta })
    .from(faqEntries)
    .where(eq(faqEntries.idioma, idioma))
    .orderBy(asc(faqEntries.ordem), asc(faqEntries.id));
}

/** One activity the product knows (module 3), switched on or not. */
export async function findActivity(db: Db, codAtividade: number) {
  const [row] = await db
    .select({
      codModulo: activities.codModulo,
      codAtividade: activities.codAtividade,
      descricao: activities.descricao,
      ativa: sql<boolean>`exists (select 1 from institution_activities ia where ia.cod_modulo = ${activities.codModulo} and ia.cod_atividade = ${activities.codAtividade})`,
    })
    .from(activities)
    .where(and(eq(activities.codModulo, 3), eq(activities.codAtividade, codAtividade)));
  return row;
}

/** Campuses (one, when asked) with their libraries, in name order. */
export function listCampusLibraries(db: Db, codCampus?: number) {
  return db
    .select({
      codCampus: campuses.codCampus,
      nomeCampus: campuses.nome,
      codBiblioteca: libraries.codBiblioteca,
      nomeBiblioteca: libraries.nome,
    })
    .from(campuses)
    .leftJoin(libraries, eq(libraries.codCampus, campuses.codCampus))
    .where(codCampus === undefined ? undefined : eq(campuses.codCampus, codCampus))
    .orderBy(asc(campuses.nome), asc(libraries.nome));
}

/** The opening hours of the given libraries, times as HH:MM. */
export function listOpeningHours(db: Db, codBibliotecas: number[]) {
  if (codBibliotecas.length === 0) return Promise.resolve([]);
  return db
    .select({
      codBiblioteca: openingHours.codBiblioteca,
      diaSemana: openingHours.diaSemana,
      abre: sql<string | null>`to_char(${openingHours.abre}, 'HH24:MI')`,
      fecha: sql<string | null>`to_char(${openingHours.fecha}, 'HH24:MI')`,
    })
    .from(openingHours)
    .where(inArray(openingHours.codBiblioteca, codBibliotecas));
}

/** Events of `origem` not yet over at `now`, soonest first, at most `limit`. */
export function listEvents(db: Db, origem: 'institucional' | 'eventum', now: Date, limit: number) {
  return db
    .select({
      id: institutionEvents.id,
      titulo: institutionEvents.titulo,
      descricao: institutionEvents.descricao,
      local: institutionEvents.local,
      nomeCampus: campuses.nome,
      inicio: institutionEvents.inicio,
      fim: institutionEvents.fim,
      link: institutionEvents.link,
      traducoes: institutionEvents.traducoes,
    })
    .from(institutionEvents)
    .leftJoin(campuses, eq(campuses.codCampus, institutionEvents.codCampus))
    .where(and(eq(institutionEvents.origem, origem), gte(institutionEvents.fim, now)))
    .orderBy(asc(institutionEvents.inicio), asc(institutionEvents.id))
    .limit(limit);
}
