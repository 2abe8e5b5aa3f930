import { AUTHORITY_TYPES, type AuthorityType, LOOKUP_PAGE_SIZE } from '@estante/contracts/catalog';
import { newSearchState, searchRow, type SearchState } from '@estante/contracts/search';
import { Alert, Anchor, Badge, Button, Group, Loader, NativeSelect, Pagination, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAutoridades } from '../api/get-autoridades';
import { searchable } from '../api/get-lookup';

/**
 * The authorities guide (spec §2): authority headings (names, subjects, uniform titles …) by
 * words and type; each leads to the titles under it and to its authority record. The URL holds
 * the search (`search_text`, `tipo`, `page`), so back and a shared link reproduce it.
 */
export function AuthoritySearch({ titlesHref, recordHref }: { titlesHref: (search: SearchState) => string; recordHref: (codAutoridade: number) => string }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const asked = params.has('search_text') || params.has('tipo');
  const typeParam = params.get('tipo');
  const query = {
    text: params.get('search_text') ?? '',
    tipo: AUTHORITY_TYPES.includes(typeParam as AuthorityType) ? (typeParam as AuthorityType) : null,
    page: Math.max(1, Number(params.get('page')) || 1),
  };
  const [text, setText] = useState(query.text);
  const [tipo, setTipo] = useState<string>(query.tipo ?? '');
  const [tooShort, setTooShort] = useState(false);
  const { data, isFetching, isError } = useAutoridades(query, asked);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!searchable(text)) {
      setTooShort(true);
      return;
    }
    setTooShort(false);
    const next = new URLSearchParams({ search_text: text.trim() });
    if (tipo) next.set('tipo', tipo);
    setParams(next);
  };
  const goTo = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    setParams(next);
  };
  // The titles under a heading: an exact-phrase search of it in its field.
  const titlesOf = (heading: string, campo: 'autor' | 'titulo' | 'assunto') =>
    titlesHref(newSearchState({ linhas: [searchRow(heading, { campo, tipo: 'frase' })] }));

  return (
    <Stack gap="lg">
      <form onSubmit={submit} role="search" aria-label={t('search.authorities.formLabel')} noValidate>
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput
            label={t('search.authorities.term')}
            value={text}
            maxLength={100}
            onChange={(e) => setText(e.currentTarget.value)}
            style={{ flex: '1 1 16rem' }}
          />
          <NativeSelect
            label={t('search.authorities.type')}
            value={tipo}
            onChange={(e) => setTipo(e.currentTarget.value)}
            data={[
              { value: '', label: t('search.authorities.anyType') },
              ...AUTHORITY_TYPES.map((type) => ({ value: type, label: t(`authorityTypes.${type}`) })),
            ]}
          />
          <Button type="submit">{t('search.authorities.submit')}</Button>
        </Group>
        {tooShort && (
          <Alert color="red" role="alert" mt="sm">
            {t('search.authorities.needLetters')}
          </Alert>
        )}
      </form>
      {asked && (
        <Stack gap="sm" aria-busy={isFetching}>
          {isError ? (
            <Alert color="red" role="alert">
              {t('search.authorities.failed')}
            </Alert>
          ) : !data ? (
            <Loader aria-label={t('search.loading')} />
          ) : (
            <>
              <Title order={2} size="h4">
                {data.total === 0
                  ? t('search.authorities.none')
                  : t('search.authorities.count', { count: data.total, formatted: data.total.toLocaleString(i18n.language) })}
              </Title>
              <Stack gap={0} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {data.itens.map((a) => (
                  <Group key={a.cod_autoridade} component="li" gap="sm" py="xs" wrap="wrap" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
                    <Text fw={600} style={{ flex: '1 1 16rem' }}>
                      {a.cabecalho}
                    </Text>
                    <Badge variant="filled" color="gray.7">
                      {t(`authorityTypes.${a.tipo}`)}
                    </Badge>
                    <Anchor component={Link} to={titlesOf(a.cabecalho, a.campo)} aria-label={t('search.authorities.titlesOf', { heading: a.cabecalho })}>
                      {t('search.authorities.titles')}
                    </Anchor>
                    <Anchor component={Link} to={recordHref(a.cod_autoridade)} aria-label={t('search.authorities.recordOf', { heading: a.cabecalho })}>
                      {t('search.authorities.record')}
                    </Anchor>
                  </Group>
                ))}
              </Stack>
              {data.total > LOOKUP_PAGE_SIZE && (
                <Pagination total={Math.ceil(data.total / LOOKUP_PAGE_SIZE)} value={query.page} onChange={goTo} aria-label={t('search.pagination')} />
              )}
            </>
          )}
        </Stack>
      )}
    </Stack>
  );
}
