import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { MarcCampo } from '@estante/contracts';
import { isDataField, type MarcRecord } from './record.js';

interface FieldLabels {
  label: string;
  subfields: Map<string, string>;
}

let bibliographic: Map<string, FieldLabels> | undefined;

/** Field and subfield labels of MARC 21 Bibliographic (data/README.md), read once on first use. */
function bibliographicLabels(): Map<string, FieldLabels> {
  if (bibliographic) return bibliographic;
  const schema = JSON.parse(readFileSync(fileURLToPath(new URL('./data/marc21-bib-schema.json', import.meta.url)), 'utf8')) as {
    fields: Record<string, { label?: string; subfields?: Record<string, { label?: string }> }>;
  };
  bibliographic = new Map(
    Object.entries(schema.fields).map(([tag, field]) => [
      tag,
      { label: field.label ?? tag, subfields: new Map(Object.entries(field.subfields ?? {}).map(([code, s]) => [code, s.label ?? code])) },
    ]),
  );
  return bibliographic;
}

/** MARC 21 Authority headings and references, where their meaning differs from the bibliographic tags. */
const AUTHORITY_LABELS: Record<string, string> = {
  '100': 'Heading - Personal Name',
  '110': 'Heading - Corporate Name',
  '111': 'Heading - Meeting Name',
  '130': 'Heading - Uniform Title',
  '148': 'Heading - Chronological Term',
  '150': 'Heading - Topical Term',
  '151': 'Heading - Geographic Name',
  '155': 'Heading - Genre/Form Term',
  '180': 'Heading - General Subdivision',
  '181': 'Heading - Geographic Subdivision',
  '182': 'Heading - Chronological Subdivision',
  '185': 'Heading - Form Subdivision',
  '400': 'See From Tracing - Personal Name',
  '410': 'See From Tracing - Corporate Name',
  '411': 'See From Tracing - Meeting Name',
  '430': 'See From Tracing - Uniform Title',
  '450': 'See From Tracing - Topical Term',
  '451': 'See From Tracing - Geographic Name',
  '455': 'See From Tracing - Genre/Form Term',
  '500': 'See Also From Tracing - Personal Name',
  '510': 'See Also From Tracing - Corporate Name',
  '511': 'See Also From Tracing - Meeting Name',
  '530': 'See Also From Tracing - Uniform Title',
  '550': 'See Also From Tracing - Topical Term',
  '551': 'See Also From Tracing - Geographic Name',
  '555': 'See Also From Tracing - Genre/Form Term',
  '670': 'Source Data Found',
  '675': 'Source Data Not Found',
  '678': 'Biographical or Historical Data',
  '680': 'Public General Note',
  '681': 'Subject Example Tracing Note',
};

/**
 * The record laid out as cataloguers read it: the leader, then each field with its tag, label,
 * indicators and subfields (code, value, label). Labels are the MARC 21 standard's own names.
 */
export function marcView(record: MarcRecord, format: 'bibliographic' | 'authority' = 'bibliographic'): { lider: string; campos: MarcCampo[] } {
  const labels = bibliographicLabels();
  return {
    lider: record.leader,
    campos: record.fields.map((field) => {
      const known = labels.get(field.tag);
      const rotulo = (format === 'authority' ? (AUTHORITY_LABELS[field.tag] ?? (Number(field.tag) < 100 ? known?.label : undefined)) : known?.label) ?? null;
      if (!isDataField(field)) return { tag: field.tag, rotulo, ind1: null, ind2: null, valor: field.value, subcampos: [] };
      const subfieldLabels = format === 'bibliographic' || Number(field.tag) < 100 ? known?.subfields : undefined;
      return {
        tag: field.tag,
        rotulo,
        ind1: field.ind1,
        ind2: field.ind2,
        valor: null,
        subcampos: field.subfields.map((s) => ({ codigo: s.code, valor: s.value, rotulo: subfieldLabels?.get(s.code) ?? null })),
      };
    }),
  };
}
