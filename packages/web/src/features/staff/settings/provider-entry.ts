import { HANDOVER_KINDS, HANDOVER_TTL, PROVIDER_BRANDS } from '@estante/contracts/links';
import type { FormErrors } from '@mantine/form';
import type { TFunction } from 'i18next';
import { whole } from './words';

/** How a provider takes the patron over: a signed one-time token in its address, or a plain link (decision 0023). */
export type Handover = (typeof HANDOVER_KINDS)[number];
/** What a signed token may tell about the patron besides who they are and their category. */
export const PATRON_DATA = ['nome', 'email'] as const;

/** A provider's name for people: its brand, the repository's or account area's in words, or its code for one this screen does not know. */
export function providerName(recurso: string, t: TFunction): string {
  if (recurso === 'repositorio' || recurso === 'meupergamum') return t(`staffSettings.providers.name.${recurso}`);
  return (PROVIDER_BRANDS as Readonly<Record<string, string>>)[recurso] ?? recurso;
}

/** A provider's entry as the catalogue reads it, with the API's defaults for what it leaves out (`entrySchema` in links.service.ts). */
export interface Entry {
  /** Null when the stored entry says neither: the catalogue then ignores it. */
  entrega: Handover | null;
  url: string;
  nome: string | null;
  dominios: string[];
  /** Null: every category. */
  categorias: string[] | null;
  validade: number;
  dados: string[];
  ativo: boolean;
}

const strings = (value: unknown): string[] | null => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : null);

/** Reads a stored entry (JSON of any shape) for showing: what is missing takes the API's default. */
export function readEntry(raw: Record<string, unknown>): Entry {
  return {
    entrega: (HANDOVER_KINDS as readonly unknown[]).includes(raw.entrega) ? (raw.entrega as Handover) : null,
    url: typeof raw.url === 'string' ? raw.url : '',
    nome: typeof raw.nome === 'string' && raw.nome.trim() !== '' ? raw.nome : null,
    dominios: strings(raw.dominios) ?? [],
    categorias: strings(raw.categorias),
    validade: typeof raw.validade === 'number' ? raw.validade : HANDOVER_TTL.default,
    dados: strings(raw.dados) ?? [],
    ativo: raw.ativo !== false,
  };
}

/** The dialog's fields: lists as typed (comma-separated), "every category" a checkbox, the lifetime as typed. */
export type EntryValues = {
  entrega: Handover;
  url: string;
  nome: string;
  dominios: string;
  todas: boolean;
  categorias: string;
  validade: string;
  dados: string[];
  ativo: boolean;
};

/** The fields as a stored entry fills them; a provider not configured starts signed, for every category, on. */
export function valuesOf(entry: Entry | null): EntryValues {
  return {
    entrega: entry?.entrega ?? 'assinada',
    url: entry?.url ?? '',
    nome: entry?.nome ?? '',
    dominios: entry?.dominios.join(', ') ?? '',
    todas: (entry?.categorias ?? null) === null,
    categorias: entry?.categorias?.join(', ') ?? '',
    validade: String(entry?.validade ?? HANDOVER_TTL.default),
    dados: entry?.dados ?? [],
    ativo: entry?.ativo ?? true,
  };
}

/** A comma-separated list as typed: each item trimmed, the empty ones dropped. */
const listOf = (typed: string) =>
  typed
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');

/**
 * The entry the call sends, made from the fields: the name only when given; the token's lifetime
 * and the patron's data only for a signed hand-over (a plain link carries no token).
 */
export function entradaOf(v: EntryValues): Record<string, unknown> {
  const signed = v.entrega === 'assinada';
  return {
    entrega: v.entrega,
    url: v.url.trim(),
    ...(v.nome.trim() !== '' ? { nome: v.nome.trim() } : {}),
    dominios: listOf(v.dominios),
    categorias: v.todas ? null : listOf(v.categorias),
    ...(signed ? { validade: whole(v.validade), dados: PATRON_DATA.filter((d) => v.dados.includes(d)) } : {}),
    ativo: v.ativo,
  };
}

/**
 * The API's checks of an entry (`entrySchema`, links.service.ts, which the contracts do not hold),
 * to say before sending what it would refuse with a 422: the address http(s) without spaces, with
 * `{token}` exactly when signed; the domains as hosts; the categories given when not all; the
 * token's lifetime in its bounds. The server checks again; its 422 is shown as it words it.
 */
export function entryProblems(v: EntryValues, t: TFunction): FormErrors {
  const errors: FormErrors = {};
  const url = v.url.trim();
  if (!/^https?:\/\/[^\s]+$/.test(url)) errors.url = t('staffSettings.providers.form.urlRule');
  else if (v.entrega === 'assinada' && !url.includes('{token}')) errors.url = t('staffSettings.providers.form.tokenNeeded');
  else if (v.entrega === 'link' && url.includes('{token}')) errors.url = t('staffSettings.providers.form.tokenUnwanted');
  if (v.nome.trim().length > 100) errors.nome = t('staffSettings.providers.form.nameRule', { max: 100 });
  const dominios = listOf(v.dominios);
  if (dominios.length > 20 || dominios.some((d) => !/^[a-z0-9.-]+(:\d{1,5})?$/i.test(d)))
    errors.dominios = t('staffSettings.providers.form.domainsRule', { max: 20 });
  const categorias = listOf(v.categorias);
  if (!v.todas && categorias.length === 0) errors.categorias = t('staffSettings.providers.form.categoriesNeeded');
  else if (!v.todas && (categorias.length > 200 || categorias.some((c) => c.length > 20))) errors.categorias = t('staffSettings.providers.form.categoriesRule');
  const validade = whole(v.validade);
  if (v.entrega === 'assinada' && !(validade >= HANDOVER_TTL.min && validade <= HANDOVER_TTL.max))
    errors.validade = t('staffSettings.providers.form.lifetimeRule', { min: HANDOVER_TTL.min, max: HANDOVER_TTL.max });
  return errors;
}
