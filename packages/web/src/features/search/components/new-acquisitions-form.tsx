import { newSearchState, searchRow, searchStateToParams, type SearchState } from '@estante/contracts/search';
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

const PERIODS = [7, 15, 30, 60, 90, 180, 365];

/**
 * New acquisitions (spec §2): titles added in a chosen period, newest first, optionally
 * narrowed by a term; shown compact by default (spec §3 opcoesNovasAquisicoes.exibicao C).
 */
export function NewAcquisitionsForm({ resultsPath, initial }: { resultsPath: string; initial?: SearchState | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [days, setDays] = useState(String(initial?.novas ?? 30));
  const [term, setTerm] = useState(initial?.linhas[0]?.termo ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const termo = term.trim();
    const params = searchStateToParams(newSearchState({ linhas: termo ? [searchRow(termo)] : [], novas: Number(days) }));
    params.set('exibicao', 'C');
    navigate(`${resultsPath}?${params}`);
  };

  return (
    <form onSubmit={submit} role="search" aria-label={t('search.newAcquisitions.formLabel')}>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <NativeSelect
          label={t('search.newAcquisitions.period')}
          value={days}
          onChange={(e) => setDays(e.currentTarget.value)}
          data={PERIODS.map((n) => ({ value: String(n), label: t('search.newAcquisitions.lastDays', { count: n }) }))}
        />
        <TextInput
          label={t('search.newAcquisitions.term')}
          value={term}
          maxLength={300}
          onChange={(e) => setTerm(e.currentTarget.value)}
          style={{ flex: '1 1 14rem' }}
        />
        <Button type="submit">{t('search.newAcquisitions.submit')}</Button>
      </Group>
    </form>
  );
}
