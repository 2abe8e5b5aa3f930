import { INDEX_SEARCH_FIELD, INDEX_TYPES, type IndexType, newSearchState, searchRow, searchStateToParams } from '@estante/contracts/search';
import { Alert, Anchor, Button, Group, List, Loader, NativeSelect, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useIndice, useOpcoesIndice } from '../api/get-indice';

function isIndexType(value: string | null): value is IndexType {
  return (INDEX_TYPES as readonly (string | null)[]).includes(value);
}

/**
 * Index browse (spec §3 "Index types"): headings of an index in alphabetical order from a
 * starting word, each with its title count and a link to those titles. State in the URL.
 */
export function IndexBrowser({ resultsPath }: { resultsPath: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tipo = isIndexType(params.get('indice')) ? (params.get('indice') as IndexType) : null;
  const inicio = params.get('inicio') ?? '';
  const options = useOpcoesIndice();
  const index = useIndice(tipo, inicio);
  const [draft, setDraft] = useState({ tipo: tipo ?? 'autor', inicio });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams({ indice: draft.tipo, inicio: draft.inicio.trim() });
  };
  const href = (heading: string) => {
    const campo = INDEX_SEARCH_FIELD[tipo!];
    const params = searchStateToParams(
      newSearchState({ linhas: [searchRow(heading, { campo, tipo: campo === 'isbn' || campo === 'chamada' ? 'palavras' : 'frase' })] }),
    );
    return `${resultsPath}?${params}`;
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="index-browser">
      <Title order={2} size="h4" id="index-browser">
        {t('search.index.heading')}
      </Title>
      <form onSubmit={submit} aria-labelledby="index-browser">
        <Group align="flex-end" gap="xs" wrap="wrap">
          <NativeSelect
            label={t('search.index.type')}
            value={draft.tipo}
            onChange={(e) => {
              // Read the value now: the updater runs after React has released the event.
              const value = e.currentTarget.value as IndexType;
              setDraft((d) => ({ ...d, tipo: value }));
            }}
            data={(options.data ?? []).map((o) => ({ value: o.codigo, label: o.descricao }))}
          />
          <TextInput
            label={t('search.index.from')}
            value={draft.inicio}
            maxLength={300}
            onChange={(e) => {
              const value = e.currentTarget.value;
              setDraft((d) => ({ ...d, inicio: value }));
            }}
          />
          <Button type="submit" variant="light" color="institution">
            {t('search.index.browse')}
          </Button>
        </Group>
      </form>
      {index.isFetching && <Loader size="sm" aria-label={t('search.loading')} />}
      {index.isError && <Alert color="red">{t('errors.unreachable')}</Alert>}
      {index.data && (
        <List spacing={4} aria-label={t('search.index.entries')}>
          {index.data.entradas.map((e) => (
            <List.Item key={e.cabecalho}>
              <Anchor component={Link} to={href(e.cabecalho)}>
                {e.cabecalho}
              </Anchor>{' '}
              ({t('search.index.titles', { count: e.total })})
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
