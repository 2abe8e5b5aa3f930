import { type DadosArmazem, MAX_CLOSED_STACK_ITEMS, type ProtocoloArmazem } from '@estante/contracts/circulation';
import type { Db } from '../../db/client.js';
import { errors } from './circulation.messages.js';
import { titleExists, titlesForExport } from '../catalog/title.service.js';
import { closedStackCopies, insertRequest, libraryName, lockClosedStackCopies } from './closed-stacks.queries.js';

interface Parts {
  volume?: string;
  tomo?: string;
  parte?: string;
}

const matches = (copy: { volume: string | null; tomo: string | null; parte: string | null }, parts: Parts) =>
  (parts.volume === undefined || copy.volume === parts.volume) &&
  (parts.tomo === undefined || copy.tomo === parts.tomo) &&
  (parts.parte === undefined || copy.parte === parts.parte);

const distinct = (values: (string | null)[]) =>
  [...new Set(values.filter((v): v is string => v !== null))].sort((a, b) => a.localeCompare(b, 'pt', { numeric: true }));

/**
 * `GET /acervo/{id}/dados-armazem`: the libraries that keep the title in closed stacks, the
 * volumes / tomes / parts there, and the copies of the chosen library and parts.
 */
export async function closedStackData(db: Db, codAcervo: number, query: Parts & { cod_biblioteca?: number }): Promise<DadosArmazem> {
  if (!(await titleExists(db, codAcervo))) throw errors.titleNotFound(codAcervo);
  const all = await closedStackCopies(db, codAcervo);
  const libraries = new Map<number, { cod_biblioteca: number; desc_biblioteca: string; total: number }>();
  for (const c of all) {
    const entry = libraries.get(c.cod_biblioteca) ?? { cod_biblioteca: c.cod_biblioteca, desc_biblioteca: c.desc_biblioteca, total: 0 };
    entry.total++;
    libraries.set(c.cod_biblioteca, entry);
  }
  const here = query.cod_biblioteca === undefined ? all : all.filter((c) => c.cod_biblioteca === query.cod_biblioteca);
  return {
    bibliotecas: [...libraries.values()],
    opcoes: { volumes: distinct(here.map((c) => c.volume)), tomos: distinct(here.map((c) => c.tomo)), partes: distinct(here.map((c) => c.parte)) },
    exemplares: here.filter((c) => matches(c, query)),
    maximo_itens: MAX_CLOSED_STACK_ITEMS,
  };
}

/**
 * `POST /gravar-armazem`: a request to fetch the basket's titles from one library's closed
 * stacks. Each title gets one copy that is on the shelf and not already asked for (matching
 * its volume / tome / part); if any title has none, nothing is written and the 422 names it.
 * Copies are locked while the request is written, so two patrons never get the same copy.
 */
export async function requestFromClosedStacks(
  db: Db,
  codPessoa: number,
  library: number,
  basket: (Parts & { cod_acervo: number })[],
): Promise<ProtocoloArmazem> {
  const libraryDesc = await libraryName(db, library);
  if (!libraryDesc) throw errors.libraryInvalid(library);
  const ids = [...new Set(basket.map((b) => b.cod_acervo))];
  // A 404 names the first unknown title.
  const known = new Map((await titlesForExport(db, ids)).map((t) => [t.cod_acervo, t.title]));
  return db.transaction(async (tx) => {
    const candidates = await lockClosedStackCopies(tx, ids, library);
    const chosen: typeof candidates = [];
    for (const item of basket) {
      const copy = candidates.find((c) => c.cod_acervo === item.cod_acervo && c.disponivel && matches(c, item) && !chosen.includes(c));
      if (!copy) throw errors.closedStackUnavailable(known.get(item.cod_acervo)!, libraryDesc);
      chosen.push(copy);
    }
    const request = await insertRequest(
      tx,
      codPessoa,
      library,
      chosen.map((c) => c.cod_exemplar),
    );
    return {
      protocolo: request.protocolo,
      cod_biblioteca: library,
      desc_biblioteca: libraryDesc,
      criado_em: request.criado_em,
      itens: chosen.map((c) => ({ cod_acervo: c.cod_acervo, titulo: c.titulo, tombo: c.tombo, localizacao: c.localizacao })),
    };
  });
}
