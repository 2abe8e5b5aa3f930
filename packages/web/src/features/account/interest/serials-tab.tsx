import type { EntradaPerfil, InfoAuxiliarPerfil } from '@estante/contracts/interest';
import { Alert, Button, Checkbox, Group, Loader, MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, ListSection } from '../../../ui/list-section';
import { Described, type Notify, RemoveButton } from './entry-parts';
import { useAddSerials, useChangeSerial, useRemoveSerial, useSerialLookup, useSerials } from './interest.api';

const TELLS = ['fasciculo', 'artigo', 'sumario'] as const;

/**
 * Serials (spec §7 "periodicos"): look them up by title (at chosen libraries), follow them until a
 * date; for each, choose what to be told of — new issues, new articles, each issue's contents —
 * and at which libraries (none chosen: any).
 */
export function SerialsTab({ info, notify }: { info: InfoAuxiliarPerfil; notify: Notify }) {
  const { t } = useTranslation();
  const entries = useSerials();
  const add = useAddSerials();
  const remove = useRemoveSerial();
  const [term, setTerm] = useState('');
  const [libraries, setLibraries] = useState<string[]>([]);
  const [termProblem, setTermProblem] = useState<string | null>(null);
  const [query, setQuery] = useState<{ termoPesquisa: string; bibliotecas?: string } | null>(null);
  const found = useSerialLookup(query);
  const form = useForm({ initialValues: { itens: [] as string[], validade: info.validade_padrao } });
  const libraryChoices = info.bibliotecas.map((b) => ({ value: String(b.cod_biblioteca), label: b.desc_biblioteca }));

  const search = (event: FormEvent) => {
    event.preventDefault();
    const words = term.trim().split(/\s+/);
    if (!term.trim() || words.some((w) => w.length < 3)) return setTermProblem(t('interest.termRule'));
    setTermProblem(null);
    form.setFieldValue('itens', []);
    setQuery({ termoPesquisa: term.trim(), ...(libraries.length ? { bibliotecas: libraries.join(',') } : {}) });
  };
  const addChosen = form.onSubmit((values) => {
    if (values.itens.length === 0) return notify.problem(t('interest.chooseItems'));
    void notify.run(
      async () => {
        await add.mutateAsync({ validade: values.validade, itens: values.itens.map(Number) });
        form.setFieldValue('itens', []);
      },
      t('interest.added', { count: values.itens.length }),
    );
  });
  const columns: Column<EntradaPerfil>[] = [
    { header: t('interest.serial'), cell: (e) => <Described entry={e} /> },
    { header: t('interest.serialChoices'), cell: (e) => <SerialEditor entry={e} info={info} notify={notify} /> },
    {
      header: t('interest.remove'),
      cell: (e) => (
        <RemoveButton entry={e} onRemove={() => void notify.run(() => remove.mutateAsync(e.codigo), t('interest.removed', { item: e.descricao }))} />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <form onSubmit={search} noValidate role="search" aria-label={t('interest.serialLookupLabel')}>
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('interest.serialTerm')}
            value={term}
            onChange={(e) => setTerm(e.currentTarget.value)}
            maxLength={200}
            error={termProblem}
            style={{ flex: '1 1 14rem' }}
          />
          <MultiSelect
            label={t('interest.atLibraries')}
            // Said under the field, where it wraps: as a placeholder the largest text size cut it short (issue 55).
            description={t('interest.atLibrariesHint')}
            data={libraryChoices}
            value={libraries}
            onChange={setLibraries}
            w={260}
            maw="100%"
          />
          <Button type="submit" variant="outline" color="blue.9">
            {t('interest.lookup')}
          </Button>
        </Group>
      </form>
      {query && found.isPending && <Loader size="sm" aria-label={t('loading.title')} />}
      {found.isError && (
        <Alert color="red" variant="filled">
          {t('interest.fetchError')}
        </Alert>
      )}
      {found.data && found.data.length === 0 && <Text>{t('interest.nothingFound')}</Text>}
      {found.data && found.data.length > 0 && (
        <form onSubmit={addChosen} noValidate>
          <Stack gap="sm">
            <Checkbox.Group label={t('interest.foundSerials')} key={form.key('itens')} {...form.getInputProps('itens')}>
              <Stack gap={4} mt={4}>
                {found.data.map((c) => (
                  <Checkbox
                    key={c.codigo}
                    value={String(c.codigo)}
                    label={t('interest.serialCandidate', {
                      item: c.issn ? `${c.descricao} (ISSN ${c.issn})` : c.descricao,
                      count: c.fasciculos,
                      libraries: c.bibliotecas.join(', ') || '—',
                    })}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
            <Group align="flex-end" gap="sm">
              <TextInput type="date" label={t('interest.validity')} required key={form.key('validade')} {...form.getInputProps('validade')} />
              <Button type="submit" loading={add.isPending}>
                {t('interest.add')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      <ListSection
        query={entries}
        errorText={t('interest.fetchError')}
        emptyText={t('interest.noSerials')}
        caption={t('interest.serialsTab')}
        columns={columns}
        rowKey={(e) => e.codigo}
        minWidth={760}
      />
    </Stack>
  );
}

/** A followed serial's choices — new issues, articles, contents — its libraries and validity, saved together. */
function SerialEditor({ entry, info, notify }: { entry: EntradaPerfil; info: InfoAuxiliarPerfil; notify: Notify }) {
  const { t } = useTranslation();
  const change = useChangeSerial();
  const form = useForm({
    initialValues: {
      validade: entry.validade,
      fasciculo: entry.fasciculo,
      artigo: entry.artigo,
      sumario: entry.sumario,
      bibliotecas: entry.bibliotecas.map(String),
    },
  });
  const save = form.onSubmit(
    (values) =>
      void notify.run(
        () => change.mutateAsync({ codigo: entry.codigo, ...values, bibliotecas: values.bibliotecas.map(Number) }),
        t('interest.validitySaved', { item: entry.descricao }),
      ),
  );
  return (
    <form onSubmit={save} noValidate>
      <Stack gap={6}>
        <Group gap="md" role="group" aria-label={t('interest.tellsOf', { item: entry.descricao })}>
          {TELLS.map((kind) => (
            <Checkbox key={form.key(kind)} label={t(`interest.tells.${kind}`)} {...form.getInputProps(kind, { type: 'checkbox' })} />
          ))}
        </Group>
        <Group gap="xs" align="flex-end">
          <TextInput
            type="date"
            size="xs"
            aria-label={t('interest.validityOf', { item: entry.descricao })}
            key={form.key('validade')}
            {...form.getInputProps('validade')}
          />
          <MultiSelect
            size="xs"
            aria-label={t('interest.librariesOf', { item: entry.descricao })}
            placeholder={t('interest.anyLibrary')}
            data={info.bibliotecas.map((b) => ({ value: String(b.cod_biblioteca), label: b.desc_biblioteca }))}
            key={form.key('bibliotecas')}
            {...form.getInputProps('bibliotecas')}
            w={240}
            maw="100%"
          />
          <Button
            type="submit"
            size="compact-sm"
            variant="outline"
            color="blue.9"
            loading={change.isPending}
            aria-label={`${t('interest.save')}: ${entry.descricao}`}
          >
            {t('interest.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
