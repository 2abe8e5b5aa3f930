import { VALUE_KIND_CODES } from '@estante/contracts/parameters';
import { Checkbox, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../ui/scroll-table';
import type { Tell } from './announcer';
import type { ValueNames } from './settings.api';
import { TranslationCell } from './translation-cell';
import { folded } from './words';

type Kind = (typeof VALUE_KIND_CODES)[number];

const untranslated = (v: ValueNames) => v.en === null || v.es === null;

/** The values a filter and "only untranslated" leave, by kind (in the contract's order), each kind's sorted as Portuguese sorts. */
function useShown(values: readonly ValueNames[], filter: string, onlyMissing: boolean) {
  const { i18n } = useTranslation();
  const wanted = folded(filter.trim());
  const shown = values.filter(
    (v) => (!onlyMissing || untranslated(v)) && (wanted === '' || [v.valor, v.en ?? '', v.es ?? ''].some((name) => folded(name).includes(wanted))),
  );
  const collator = new Intl.Collator(i18n.language);
  const groups = VALUE_KIND_CODES.map((kind) => ({ kind, values: shown.filter((v) => v.tipo === kind).sort((a, b) => collator.compare(a.valor, b.valor)) }));
  return { count: shown.length, groups: groups.filter((g) => g.values.length > 0) };
}

/**
 * "Traduções": the controlled values in use (knowledge areas, area types, loan types, collections,
 * patron categories),
 * as written in Portuguese, each with its English and Spanish names, a table per kind. Each name is
 * a small form of its own, saved with Enter or its button; the outcome is announced without moving
 * the focus (the next name is a Tab away, as with the activities' switches). A filter finds a value
 * by any of its names; the values still missing a name are counted, and may be shown alone.
 */
export function TranslationsTab({ values, tell }: { values: readonly ValueNames[]; tell: Tell }) {
  const { t } = useTranslation();
  const headingId = useId();
  const listId = useId();
  const [filter, setFilter] = useState('');
  const [onlyMissing, setOnlyMissing] = useState(false);
  const { count, groups } = useShown(values, filter, onlyMissing);
  const missing = { en: values.filter((v) => v.en === null).length, es: values.filter((v) => v.es === null).length };

  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="xs">
        {t('staffSettings.translations.heading')}
      </Title>
      <Text mb="sm">{t('staffSettings.translations.intro')}</Text>
      <Text mb="md" fw={600}>
        {t('staffSettings.translations.untranslated', { count: values.filter(untranslated).length, total: values.length, ...missing })}
      </Text>
      <Group align="flex-end" gap="lg" mb="md">
        <TextInput
          label={t('staffSettings.translations.filter')}
          description={t('staffSettings.translations.filterHelp')}
          type="search"
          autoComplete="off"
          w="24rem"
          maw="100%"
          value={filter}
          onChange={(event) => setFilter(event.currentTarget.value)}
          aria-controls={listId}
        />
        <Checkbox
          label={t('staffSettings.translations.onlyMissing')}
          checked={onlyMissing}
          onChange={(event) => setOnlyMissing(event.currentTarget.checked)}
          aria-controls={listId}
          mb={6}
        />
      </Group>
      <Text size="sm" mb="xs" aria-live="polite">
        {t('staffSettings.translations.count', { count, total: values.length })}
      </Text>
      <Stack gap="xl" id={listId}>
        {groups.map(({ kind, values: ofKind }) => (
          <KindTable key={kind} kind={kind} values={ofKind} tell={tell} />
        ))}
      </Stack>
    </section>
  );
}

/** One kind's values: the Portuguese name heading its row, the English and Spanish names beside it. */
function KindTable({ kind, values, tell }: { kind: Kind; values: readonly ValueNames[]; tell: Tell }) {
  const { t } = useTranslation();
  const headingId = useId();
  const name = t(`staffSettings.translations.kind.${kind}`);
  return (
    <section aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId} mb="xs">
        {name}
      </Title>
      <ScrollTable minWidth={640}>
        <Table striped>
          <Table.Caption>{t('staffSettings.translations.caption', { kind: name })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('staffSettings.translations.inPortuguese')}</Table.Th>
              <Table.Th scope="col">{t('staffSettings.translations.language.en')}</Table.Th>
              <Table.Th scope="col">{t('staffSettings.translations.language.es')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {values.map((v) => (
              <Table.Tr key={v.valor}>
                <Table.Th scope="row" lang="pt">
                  {v.valor}
                </Table.Th>
                <Table.Td>
                  <TranslationCell value={v} language="en" tell={tell} />
                </Table.Td>
                <Table.Td>
                  <TranslationCell value={v} language="es" tell={tell} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </section>
  );
}
