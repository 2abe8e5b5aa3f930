import { type PesquisaSalva, type PesquisaSalvaBody, SAVED_SEARCH_LIMIT, savedSearchQuery } from '@estante/contracts/saved';
import type { Db } from '../../db/client.js';
import { lockPatron } from '../account/account.service.js';
import { getGuiasPesquisa } from '../parameters/parameters.service.js';
import { errors } from './saved.messages.js';
import { deleteSavedSearch, insertSavedSearch, type SavedSearchRow, savedSearchCount, savedSearchesOf } from './saved.queries.js';

/** The guide a saved search opens in: its own while active, else the general search, else the first guide. */
function guideFor(saved: string | null, guides: { codigo: string; rota: string }[]): string | null {
  if (saved && guides.some((g) => g.rota === saved)) return saved;
  return (guides.find((g) => g.codigo === 'geral') ?? guides[0])?.rota ?? saved;
}

const asPesquisaSalva = (row: SavedSearchRow, guides: { codigo: string; rota: string }[]): PesquisaSalva => ({
  id: row.id,
  nome: row.nome,
  consulta: row.consulta,
  guia: guideFor(row.guia, guides),
  criado_em: row.criadoEm.toISOString(),
});

/** `GET /api/pesquisas-salvas`: the patron's saved searches, newest first. */
export async function savedSearches(db: Db, codPessoa: number): Promise<PesquisaSalva[]> {
  const [rows, guides] = await Promise.all([savedSearchesOf(db, codPessoa), getGuiasPesquisa(db)]);
  return rows.map((row) => asPesquisaSalva(row, guides));
}

/**
 * `POST /api/pesquisas-salvas`: the search (already checked by the body schema to be one) kept
 * in its canonical form from page 1, with the guide it was shown in when that guide is active
 * (422 otherwise). At most SAVED_SEARCH_LIMIT per patron: the count and the insert run under a
 * lock on the patron, so searches saved at once cannot pass the limit together (422).
 */
export async function saveSearch(db: Db, codPessoa: number, body: PesquisaSalvaBody): Promise<PesquisaSalva> {
  const consulta = savedSearchQuery(body.consulta);
  if (consulta === null) throw errors.badRequest('body.consulta: not a search');
  const guides = await getGuiasPesquisa(db);
  if (body.guia !== undefined && !guides.some((g) => g.rota === body.guia)) throw errors.unknownGuide(body.guia);
  const row = await db.transaction(async (tx) => {
    await lockPatron(tx, codPessoa);
    if ((await savedSearchCount(tx, codPessoa)) >= SAVED_SEARCH_LIMIT) throw errors.savedSearchLimit(SAVED_SEARCH_LIMIT);
    return insertSavedSearch(tx, { codPessoa, nome: body.nome.trim(), consulta, guia: body.guia ?? null });
  });
  return asPesquisaSalva(row, guides);
}

/** `DELETE /api/pesquisas-salvas/{id}`: only the patron's own (another patron's is a 404, as a missing one). */
export async function removeSavedSearch(db: Db, codPessoa: number, id: number): Promise<void> {
  if (!(await deleteSavedSearch(db, codPessoa, id))) throw errors.savedSearchNotFound(id);
}
