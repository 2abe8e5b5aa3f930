import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { MarcCampo } from '@estante/contracts/catalog';
import type { Language } from '@estante/contracts/kernel';
import { isDataField, type MarcRecord } from './record.js';

interface FieldLabels {
  label: string;
  subfields: Map<string, string>;
}

/** One language's labels, each falling back to the English one where the translation has none. */
interface Labels {
  fields: Map<string, FieldLabels>;
  authority: Record<string, string>;
}

/** The shape of `data/marc21-labels-{pt,es}.json`. */
interface Translation {
  fields: Record<string, { label: string; subfields?: Record<string, string> }>;
  authority: Record<string, string>;
}

const readJson = <T>(name: string): T => JSON.parse(readFileSync(fileURLToPath(new URL(`./data/${name}`, import.meta.url)), 'utf8')) as T;

let bibliographic: Map<string, FieldLabels> | undefined;

/** Field and subfield labels of MARC 21 Bibliographic (data/README.md), read once on first use. */
function bibliographicLabels(): Map<string, FieldLabels> {
  if (bibliographic) return bibliographic;
  const schema = readJson<{ fields: Record<string, { label?: string; subfields?: Record<string, { label?: string }> }> }>('marc21-bib-schema.json');
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
  '053': 'LC Classification Number',
  '073': 'Subdivision Usage',
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
  '360': 'Complex See Also Reference - Subject',
  '400': 'See From Tracing - Personal Name',
  '410': 'See From Tracing - Corporate Name',
  '411': 'See From Tracing - Meeting Name',
  '430': 'See From Tracing - Uniform Title',
  '448': 'See From Tracing - Chronological Term',
  '450': 'See From Tracing - Topical Term',
  '451': 'See From Tracing - Geographic Name',
  '455': 'See From Tracing - Genre/Form Term',
  '480': 'See From Tracing - General Subdivision',
  '481': 'See From Tracing - Geographic Subdivision',
  '482': 'See From Tracing - Chronological Subdivision',
  '485': 'See From Tracing - Form Subdivision',
  '500': 'See Also From Tracing - Personal Name',
  '510': 'See Also From Tracing - Corporate Name',
  '511': 'See Also From Tracing - Meeting Name',
  '530': 'See Also From Tracing - Uniform Title',
  '548': 'See Also From Tracing - Chronological Term',
  '550': 'See Also From Tracing - Topical Term',
  '551': 'See Also From Tracing - Geographic Name',
  '555': 'See Also From Tracing - Genre/Form Term',
  '580': 'See Also From Tracing - General Subdivision',
  '581': 'See Also From Tracing - Geographic Subdivision',
  '582': 'See Also From Tracing - Chronological Subdivision',
  '585': 'See Also From Tracing - Form Subdivision',
  '642': 'Series Numbering Example',
  '643': 'Series Place and Publisher/Issuing Body',
  '644': 'Series Analysis Practice',
  '645': 'Series Tracing Practice',
  '646': 'Series Classification Practice',
  '667': 'Nonpublic General Note',
  '670': 'Source Data Found',
  '675': 'Source Data Not Found',
  '678': 'Biographical or Historical Data',
  '680': 'Public General Note',
  '681': 'Subject Example Tracing Note',
};

const byLanguage = new Map<Language, Labels>();

/**
 * The labels in `language`: English from the standard itself, Portuguese and Spanish from the
 * published translations (data/README.md) laid over it, so a tag or code they lack keeps its English name.
 */
function labelsIn(language: Language): Labels {
  const cached = byLanguage.get(language);
  if (cached) return cached;
  const english = bibliographicLabels();
  let labels: Labels = { fields: english, authority: AUTHORITY_LABELS };
  if (language !== 'en') {
    const translation = readJson<Translation>(`marc21-labels-${language}.json`);
    const fields = new Map(english);
    for (const [tag, field] of Object.entries(translation.fields)) {
      const base = english.get(tag);
      fields.set(tag, { label: field.label, subfields: new Map([...(base?.subfields ?? []), ...Object.entries(field.subfields ?? {})]) });
    }
    labels = { fields, authority: { ...AUTHORITY_LABELS, ...translation.authority } };
  }
  byLanguage.set(language, labels);
  return labels;
}

/**
 * The record laid out as cataloguers read it: the leader, then each field with its tag, label,
 * indicators and subfields (code, value, label). Labels are the MARC 21 standard's own names, in
 * the call's language.
 */
export function marcView(record: MarcRecord, format: 'bibliographic' | 'authority', language: Language): { lider: string; campos: MarcCampo[] } {
  const { fields, authority } = labelsIn(language);
  return {
    lider: record.leader,
    campos: record.fields.map((field) => {
      const known = fields.get(field.tag);
      const rotulo = (format === 'authority' ? (authority[field.tag] ?? (Number(field.tag) < 100 ? known?.label : undefined)) : known?.label) ?? null;
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
