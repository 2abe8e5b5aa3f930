import { endpointUrl } from '@estante/contracts/kernel';
import { type ExportarCatalogoBody, exportEndpoints, IMPORT_ARGUMENTS_HEADER, type PeopleFile } from '@estante/contracts/export';
import { download } from '../../../api/client';

/** A file the browser saved, and the options after the holdings map with which `npm run import` reads it back (the catalogue's). */
export interface Downloaded {
  filename: string;
  importArgs: string[];
}

/** `POST /api/equipe/exportacao/catalogo`: the whole catalogue with its copies, saved by the browser. */
export async function downloadCatalogue(body: ExportarCatalogoBody): Promise<Downloaded> {
  const { filename, headers } = await download(endpointUrl(exportEndpoints.catalogue), body);
  const args = headers.get(IMPORT_ARGUMENTS_HEADER)?.trim();
  return { filename, importArgs: args ? args.split(' ') : [] };
}

/** `GET /api/equipe/exportacao/{arquivo}`: the patrons, their open loans, holds or debts as CSV, saved by the browser. */
export async function downloadPeopleFile(arquivo: PeopleFile): Promise<Downloaded> {
  const { filename } = await download(endpointUrl(exportEndpoints.people, { params: { arquivo } }));
  return { filename, importArgs: [] };
}
