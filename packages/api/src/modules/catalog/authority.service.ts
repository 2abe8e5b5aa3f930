import { type Autoridade, authoritySearchField, type MarcView } from '@estante/contracts/catalog';
import { type Language } from '@estante/contracts/kernel';
import type { Db } from '../../db/client.js';
import { errors } from './catalog.messages.js';
import { marcView } from '../../marc/marc-view.js';
import { dataFields, type DataField, type MarcRecord } from '../../marc/record.js';
import { authoritiesByIds, authorityById, titlesUnderHeading } from './authority.queries.js';

/** Titles listed on an authority page; the rest are a search away. */
const TITLES_SHOWN = 50;

/** A heading as it reads: the lettered subfields, subdivisions after " -- ". */
function headingText(field: DataField): string {
  const parts: string[] = [];
  for (const s of field.subfields) {
    if (!/[a-z]/.test(s.code) || s.code === 'w' || s.code === 'i') continue;
    const value = s.value.trim();
    if (!value) continue;
    if ('vxyz'.includes(s.code) && parts.length > 0) parts.push(`-- ${value}`);
    else parts.push(value);
  }
  return parts.join(' ').replace(/[\s,;:/]+$/, '');
}

function notesOf(record: MarcRecord): string[] {
  return dataFields(record, '670', '675', '678', '680')
    .map((f) =>
      f.subfields
        .filter((s) => /[a-z]/.test(s.code))
        .map((s) => s.value.trim())
        .join(' '),
    )
    .filter(Boolean);
}

/** `GET /autoridade/{id}`: the heading, its references and notes, and the titles filed under it. */
export async function authority(db: Db, id: number): Promise<Autoridade> {
  const row = await authorityById(db, id);
  if (!row) throw errors.authorityNotFound(id);
  const campo = authoritySearchField(row.tipo) as Autoridade['campo'];
  const { total, titles } = await titlesUnderHeading(db, row.heading, campo, TITLES_SHOWN);
  return {
    cod_autoridade: row.cod_autoridade,
    tipo: row.tipo,
    cabecalho: row.heading,
    campo,
    remissivas: dataFields(row.marc, ...['400', '410', '411', '430', '448', '450', '451', '455', '480', '481', '482', '485'])
      .map(headingText)
      .filter(Boolean),
    relacionados: dataFields(row.marc, ...['500', '510', '511', '530', '548', '550', '551', '555', '580', '581', '582', '585'])
      .map(headingText)
      .filter(Boolean),
    notas: notesOf(row.marc),
    total_titulos: total,
    titulos: titles,
  };
}

/** `GET /autoridade/{id}/marc`: the MARC 21 authority record, labelled in the call's language. */
export async function authorityMarc(db: Db, id: number, language: Language): Promise<MarcView> {
  const row = await authorityById(db, id);
  if (!row) throw errors.authorityNotFound(id);
  return marcView(row.marc, 'authority', language);
}

/** `GET /autoridade/combo`: short descriptions of the authorities asked for (unknown ids are left out). */
export async function authorityCombo(db: Db, ids: number[]) {
  const rows = await authoritiesByIds(db, ids);
  return rows.map((r) => ({ cod_autoridade: r.cod_autoridade, tipo: r.tipo, cabecalho: r.heading }));
}
