import {
  DEFAULT_PAGE_SIZE,
  MATCH_TYPES,
  NETWORK_BASE,
  newSearchState,
  OPERATORS,
  SEARCH_FIELDS,
  type SearchRow,
  searchRow,
  type SearchState,
  searchStateToParams,
} from '@estante/contracts/search';
import { Button, Checkbox, Group, NativeSelect, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type TypeaheadPick, SearchTermInput } from './search-term-input';

const emptyRow = (): SearchRow => searchRow('');

/**
 * The search form: one row (simple) or three joined by AND/OR/NOT (advanced). Submitting
 * opens `resultsPath` with the search (and the guide's filters) in its URL; an empty search
 * is refused on the spot.
 */
export function SearchForm({
  resultsPath,
  advanced = false,
  initial,
  filtros = [],
  base = null,
}: {
  resultsPath: string;
  advanced?: boolean;
  initial?: SearchState | null;
  /** Filters a guide always starts from (e-books: online only). */
  filtros?: SearchState['filtros'];
  /** The base a guide searches (the partner network's: `rede`); our catalogue when null. */
  base?: string | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const count = advanced ? 3 : 1;
  const [rows, setRows] = useState<SearchRow[]>(() => Array.from({ length: count }, (_, i) => initial?.linhas[i] ?? emptyRow()));
  const [error, setError] = useState(false);
  const change = (i: number, patch: Partial<SearchRow>) => setRows((all) => all.map((r, j) => (j === i ? { ...r, ...patch } : r)));

  const go = (all: SearchRow[]) => {
    const filled = all.filter((r) => r.termo.trim());
    if (filled.length === 0) return setError(true);
    setError(false);
    const params = searchStateToParams(
      newSearchState({ linhas: filled, filtros, base, ordenacao: initial?.ordenacao ?? 'C', quantPag: initial?.quantPag ?? DEFAULT_PAGE_SIZE }),
    );
    navigate(`${resultsPath}?${params}`);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    go(rows);
  };
  // A suggestion chosen fills its row (heading and field); in the one-row form it searches at once.
  const pick = (i: number, { texto, campo }: TypeaheadPick) => {
    const next = rows.map((r, j) => (j === i ? { ...r, termo: texto, campo } : r));
    setRows(next);
    if (!advanced) go(next);
  };

  return (
    <form onSubmit={submit} role="search" aria-label={t('search.formLabel')} noValidate>
      <Stack gap="sm">
        {rows.map((row, i) => (
          <Group key={i} align="flex-end" gap="xs" wrap="wrap">
            {advanced && i > 0 && (
              <NativeSelect
                label={t('search.operator')}
                value={row.operador}
                onChange={(e) => change(i, { operador: e.currentTarget.value as SearchRow['operador'] })}
                data={OPERATORS.map((o) => ({ value: o, label: t(`search.operators.${o}`) }))}
              />
            )}
            <SearchTermInput
              label={advanced ? t('search.termN', { n: i + 1 }) : t('search.term')}
              value={row.termo}
              campo={row.campo}
              onChange={(termo) => change(i, { termo })}
              onPick={(choice) => pick(i, choice)}
              suggest={base !== NETWORK_BASE}
              error={error && i === 0 ? t('messages.PreenchaCampoPesquisa') : undefined}
            />
            <NativeSelect
              label={t('search.field')}
              value={row.campo}
              onChange={(e) => change(i, { campo: e.currentTarget.value as SearchRow['campo'] })}
              data={SEARCH_FIELDS.map((f) => ({ value: f, label: t(`search.fields.${f}`) }))}
            />
            {advanced && (
              <NativeSelect
                label={t('search.matchType')}
                value={row.tipo}
                onChange={(e) => change(i, { tipo: e.currentTarget.value as SearchRow['tipo'] })}
                data={MATCH_TYPES.map((m) => ({ value: m, label: t(`search.matchTypes.${m}`) }))}
              />
            )}
            <Checkbox label={t('search.similar')} checked={row.similar} onChange={(e) => change(i, { similar: e.currentTarget.checked })} mb={8} />
          </Group>
        ))}
        <Group>
          {/* Above the suggestion list: an open list never takes the click meant for the search. */}
          <Button type="submit" className="search-submit">
            {t('search.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
