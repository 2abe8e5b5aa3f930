import { asc, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { acquisitionSuggestions, campuses, generalComments, libraries, people, suggestionEvents } from '../../db/schema/index.js';

/** Every campus, by name. */
export function listCampuses(db: Db) {
  return db.select({ cod_campus: campuses.codCampus, nome_campus: campuses.nome }).from(campuses).orderBy(asc(campuses.nome));
}

/** The libraries (of one campus when asked), by name. */
export function listLibraries(db: Db, codCampus?: number) {
  return db
    .select({ cod_biblioteca: libraries.codBiblioteca, desc_biblioteca: libraries.nome, cod_campus: libraries.codCampus })
    .from(libraries)
    .where(codCampus === undefined ? undefined : eq(libraries.codCampus, codCampus))
    .orderBy(asc(libraries.nome));
}

/** One library with what a message to it needs. */
export async function findLibrary(db: Db, codBiblioteca: number) {
  const [row] = await db
    .select({ codCampus: libraries.codCampus, nome: libraries.nome, email: libraries.email })
    .from(libraries)
    .where(eq(libraries.codBiblioteca, codBiblioteca));
  return row;
}

/** The sender of a message: name and e-mail. */
export async function findPerson(db: Db, codPessoa: number) {
  const [row] = await db.select({ nome: people.nome, email: people.email }).from(people).where(eq(people.codPessoa, codPessoa));
  return row;
}

export async function insertGeneralComment(tx: Tx, values: typeof generalComments.$inferInsert): Promise<number> {
  const [row] = await tx.insert(generalComments).values(values).returning({ id: generalComments.id });
  return row!.id;
}

export async function insertSuggestion(tx: Tx, values: typeof acquisitionSuggestions.$inferInsert): Promise<number> {
  const [row] = await tx.insert(acquisitionSuggestions).values(values).returning({ id: acquisitionSuggestions.id });
  // The first step of its life, which the patron sees in Consulta de sugestões.
  await tx.insert(suggestionEvents).values({ codSugestao: row!.id, situacao: 'pre_sugestao' });
  return row!.id;
}

/** Staff: the latest general comments, newest first. */
export function latestGeneralComments(db: Db, limit: number) {
  return db
    .select({ id: generalComments.id, enviadoEm: generalComments.enviadoEm, texto: generalComments.texto, pessoa: people.nome, biblioteca: libraries.nome })
    .from(generalComments)
    .innerJoin(people, eq(people.codPessoa, generalComments.codPessoa))
    .innerJoin(libraries, eq(libraries.codBiblioteca, generalComments.codBiblioteca))
    .orderBy(desc(generalComments.enviadoEm), desc(generalComments.id))
    .limit(limit);
}

/** Staff: the latest acquisition suggestions, newest first. */
export function latestSuggestions(db: Db, limit: number) {
  return db
    .select({
      id: acquisitionSuggestions.id,
      enviadoEm: acquisitionSuggestions.enviadoEm,
      titulo: acquisitionSuggestions.titulo,
      autor: acquisitionSuggestions.autor,
      editor: acquisitionSuggestions.editor,
      situacao: acquisitionSuggestions.situacao,
      pessoa: people.nome,
      biblioteca: libraries.nome,
    })
    .from(acquisitionSuggestions)
    .innerJoin(people, eq(people.codPessoa, acquisitionSuggestions.codPessoa))
    .innerJoin(libraries, eq(libraries.codBiblioteca, acquisitionSuggestions.codBiblioteca))
    .orderBy(desc(acquisitionSuggestions.enviadoEm), desc(acquisitionSuggestions.id))
    .limit(limit);
}
