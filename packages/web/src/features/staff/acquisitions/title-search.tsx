import { Anchor, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTitleSearch } from './acquisitions.api';
import { titlePath } from './words';
import { sitePath } from '../../../api/config';

/** The longest search the title search sends (the catalogue's limit for a term). */
const WORDS_MAX = 300;

/**
 * A catalogue title's number (the field `inputProps` belongs to), with a search of the
 * catalogue beside it: words typed, the library's own titles found listed, one chosen fills the
 * number and takes the focus back to it. The chosen title opens in a new tab, to be checked.
 * Its search is a button, not a form: it sits inside the action's form (Enter in its field searches).
 */
export function TitleField({
  label,
  description,
  required = false,
  inputProps,
  onPick,
}: {
  label: string;
  description: string;
  required?: boolean;
  inputProps: GetInputPropsReturnType;
  onPick: (codAcervo: number) => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [words, setWords] = useState('');
  const found = useTitleSearch(words);
  const numberField = useRef<HTMLInputElement>(null);
  const groupId = useId();
  const value = String(inputProps.value ?? '').trim();
  const chosen = /^\d{1,10}$/.test(value) && Number(value) > 0 ? Number(value) : null;
  const search = () => setWords(typed.trim());

  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="sm">
        <TextInput
          ref={numberField}
          label={label}
          description={description}
          required={required}
          inputMode="numeric"
          autoComplete="off"
          w="16rem"
          {...inputProps}
        />
        {chosen !== null && (
          <Anchor href={sitePath(titlePath(chosen))} target="_blank" rel="noopener noreferrer" underline="always" size="sm" mb={6}>
            {t('staffAcquisitions.titleSearch.open', { id: chosen })}
            <span className="visually-hidden">{` (${t('app.newWindow')})`}</span>
          </Anchor>
        )}
      </Group>
      <Paper withBorder p="xs" role="group" aria-labelledby={groupId}>
        <Text id={groupId} size="sm" fw={600} mb={4}>
          {t('staffAcquisitions.titleSearch.heading')}
        </Text>
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('staffAcquisitions.titleSearch.words')}
            value={typed}
            maxLength={WORDS_MAX}
            onChange={(event) => setTyped(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              search();
            }}
            style={{ flex: '1 1 14rem' }}
          />
          <Button variant="default" onClick={search} loading={words !== '' && found.isFetching}>
            {t('staffAcquisitions.titleSearch.submit')}
          </Button>
        </Group>
        <div aria-live="polite" aria-atomic="true">
          {words !== '' && !found.isPending && (
            <Text size="sm" mt="xs">
              {found.isError ? t('staffAcquisitions.titleSearch.error') : t('staffAcquisitions.titleSearch.found', { count: found.data?.length ?? 0 })}
            </Text>
          )}
        </div>
        {found.data && found.data.length > 0 && (
          <Stack component="ul" gap={4} m={0} mt="xs" p={0} style={{ listStyle: 'none' }}>
            {found.data.map((title) => (
              <li key={title.cod_acervo}>
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Button
                    size="compact-sm"
                    variant="default"
                    aria-label={t('staffAcquisitions.titleSearch.useOne', { id: title.cod_acervo, title: title.titulo })}
                    onClick={() => {
                      onPick(title.cod_acervo);
                      numberField.current?.focus();
                    }}
                  >
                    {t('staffAcquisitions.titleSearch.use')}
                  </Button>
                  <Text size="sm">
                    {t('staffAcquisitions.titleSearch.line', {
                      id: title.cod_acervo,
                      title: title.titulo,
                      author: title.autor ?? '—',
                      year: title.ano_publicacao ?? '—',
                    })}
                  </Text>
                </Group>
              </li>
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
