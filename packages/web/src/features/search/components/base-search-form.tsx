import {
  MAX_TERM_LENGTH,
  newSearchState,
  searchRow,
  searchStateToParams,
  type SearchField,
  type SearchFilter,
  type SearchState,
} from '@estante/contracts/search';
import { Button, Group, Loader, NativeSelect, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type OptionsBase, useOpcoesBase } from '../api/get-opcoes-base';

/** A second text field of a base's form, searching one field: the act's number, the rapporteur. */
const SECOND_FIELD: Partial<Record<OptionsBase, { campo: SearchField; label: string }>> = {
  atos_normativos: { campo: 'titulo', label: 'search.bases.number' },
  jurisprudencia: { campo: 'autor', label: 'search.bases.rapporteur' },
};

/**
 * The archive, normative-acts and jurisprudence guides (spec §1): words, and the base's own
 * choices (fonds and document type; type of act and issuing body; court and type of decision;
 * year), which the server draws from the titles of that base. Words are optional: the choices
 * alone list the base.
 */
export function BaseSearchForm({ base, resultsPath, initial }: { base: OptionsBase; resultsPath: string; initial?: SearchState | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const options = useOpcoesBase(base);
  const second = SECOND_FIELD[base];
  const rows = initial?.base === base ? initial.linhas : [];
  const [words, setWords] = useState(rows.find((r) => r.campo === 'livre')?.termo ?? '');
  const [secondTerm, setSecondTerm] = useState(rows.find((r) => r.campo === second?.campo)?.termo ?? '');
  const [chosen, setChosen] = useState<Record<string, string>>(() =>
    Object.fromEntries((initial?.base === base ? initial.filtros : []).map((f) => [f.tipo, f.codigo])),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const linhas = [
      ...(words.trim() ? [searchRow(words.trim())] : []),
      ...(second && secondTerm.trim() ? [searchRow(secondTerm.trim(), { campo: second.campo })] : []),
    ];
    const filtros: SearchFilter[] = (options.data?.campos ?? []).flatMap((c) => (chosen[c.filtro] ? [{ tipo: c.filtro, codigo: chosen[c.filtro]! }] : []));
    navigate(`${resultsPath}?${searchStateToParams(newSearchState({ base, linhas, filtros }))}`);
  };

  // Without its choices (the call failed) the form still searches the base by words.
  if (options.isPending) return <Loader size="sm" aria-label={t('loading.title')} />;
  return (
    <form onSubmit={submit} role="search" aria-label={t(`search.bases.${base}`)}>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <TextInput
          label={t('search.bases.words')}
          value={words}
          maxLength={MAX_TERM_LENGTH}
          onChange={(e) => setWords(e.currentTarget.value)}
          style={{ flex: '2 1 16rem' }}
        />
        {second && (
          <TextInput
            label={t(second.label)}
            value={secondTerm}
            maxLength={MAX_TERM_LENGTH}
            onChange={(e) => setSecondTerm(e.currentTarget.value)}
            style={{ flex: '1 1 10rem' }}
          />
        )}
        {(options.data?.campos ?? []).map((campo) => (
          <NativeSelect
            key={campo.filtro}
            label={campo.descricao}
            value={chosen[campo.filtro] ?? ''}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setChosen((c) => ({ ...c, [campo.filtro]: value }));
            }}
            data={[{ value: '', label: t('search.bases.any') }, ...campo.opcoes.map((o) => ({ value: o.codigo, label: `${o.descricao} (${o.total})` }))]}
            style={{ flex: '1 1 10rem' }}
          />
        ))}
        <Button type="submit">{t('search.bases.submit')}</Button>
      </Group>
    </form>
  );
}
