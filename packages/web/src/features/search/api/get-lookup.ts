import { type Curso, type Disciplina, lookupsEndpoints, type Professor } from '@estante/contracts/catalog';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../api/client';

/** The teaching-plan look-ups (spec §7 "Search"): a page of options, and one by its code. */
export const LOOKUPS = {
  cursos: { page: lookupsEndpoints.courses, one: lookupsEndpoints.course, oneKey: 'curso', code: (c: Curso) => c.cod_curso, label: (c: Curso) => c.nome_curso },
  disciplinas: {
    page: lookupsEndpoints.disciplines,
    one: lookupsEndpoints.discipline,
    oneKey: 'disciplina',
    code: (d: Disciplina) => d.cod_disciplina,
    label: (d: Disciplina) => `${d.codigo} · ${d.nome_disciplina}`,
  },
  professores: {
    page: lookupsEndpoints.professors,
    one: lookupsEndpoints.professor,
    oneKey: 'professor',
    code: (p: Professor) => p.cod_professor,
    label: (p: Professor) => p.nome_professor,
  },
} as const;
export type LookupKind = keyof typeof LOOKUPS;

type Option = { value: string; label: string };

function options(kind: LookupKind, rows: unknown[]): Option[] {
  const { code, label } = LOOKUPS[kind] as { code: (row: unknown) => number; label: (row: unknown) => string };
  return rows.map((row) => ({ value: String(code(row)), label: label(row) }));
}

/** Whether the server accepts `text` as a search (spec §5: at least 3 characters a word, or none). */
export function searchable(text: string): boolean {
  const words = text.trim().split(/\s+/).filter(Boolean);
  return words.every((w) => w.length >= 3);
}

/** The first page of options whose name matches `text` (all of them when it is blank). */
export function useLookupOptions(kind: LookupKind, text: string) {
  const search = searchable(text) ? text.trim() : '';
  return useQuery({
    queryKey: ['consulta', kind, search],
    queryFn: async ({ signal }) => {
      const page = await api(LOOKUPS[kind].page, { query: search ? { search_text: search } : {} }, signal);
      return options(kind, page.itens);
    },
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** The option of one code (to show a choice that came from the URL), or undefined. */
export function useLookupOption(kind: LookupKind, code: string | null) {
  return useQuery({
    queryKey: ['consulta', LOOKUPS[kind].oneKey, code],
    queryFn: async ({ signal }) => options(kind, [await api(LOOKUPS[kind].one, { params: { id: code! } }, signal)])[0]!,
    enabled: code !== null,
    staleTime: Infinity,
  });
}
