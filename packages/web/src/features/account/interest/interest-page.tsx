import type { DigestFrequency, DsiType, EntradaPerfil, InfoAuxiliarPerfil } from '@estante/contracts/interest';
import { DIGEST_FREQUENCIES, DSI_TYPES } from '@estante/contracts/interest';
import { Alert, Button, Checkbox, Group, Loader, MultiSelect, NativeSelect, Radio, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, ListSection } from '../../../ui/list-section';
import { NoticeView, useNotify } from '../../../ui/notify';
import { Described, type Notify, RemoveButton } from './entry-parts';
import { SerialsTab } from './serials-tab';
import {
  useAddAreas,
  useAddWorkTypes,
  useAreas,
  useAreaValidity,
  useChangeWorkType,
  useFrequency,
  useLookup,
  useProfileInfo,
  useRemoveArea,
  useRemoveWorkType,
  useWorkTypes,
} from './interest.api';

/**
 * Meu Pergamum, "Perfil de interesse" (spec §7, selective dissemination of information): the
 * knowledge areas, authors, subjects and work types the patron follows, each until a date, and
 * how often the new titles they match are e-mailed. New titles become alerts ("Alertas").
 */
export function InterestPage() {
  const { t } = useTranslation();
  const info = useProfileInfo();
  const notify = useNotify();
  if (info.isPending) return <Loader size="sm" aria-label={t('loading.title')} />;
  if (info.isError)
    return (
      <Alert color="red" variant="filled">
        {t('interest.fetchError')}
      </Alert>
    );
  return (
    <Stack gap="md">
      <Text>{t('interest.intro')}</Text>
      <FrequencyChoice info={info.data} notify={notify} />
      <NoticeView notice={notify.notice} />
      <Tabs defaultValue="areas" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="areas">{t('interest.areasTab')}</Tabs.Tab>
          <Tabs.Tab value="periodicos">{t('interest.serialsTab')}</Tabs.Tab>
          <Tabs.Tab value="tipos">{t('interest.workTypesTab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="areas" pt="md">
          <AreasTab info={info.data} notify={notify} />
        </Tabs.Panel>
        <Tabs.Panel value="periodicos" pt="md">
          <SerialsTab info={info.data} notify={notify} />
        </Tabs.Panel>
        <Tabs.Panel value="tipos" pt="md">
          <WorkTypesTab info={info.data} notify={notify} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/**
 * How often the new alerts are e-mailed: saved as soon as it is chosen. Four choices side by side
 * rather than a drop-down: a select cannot wrap its text, and at the largest text size a phone
 * cut "Uma vez por semana" short (issue 55); the choices wrap as words do.
 */
function FrequencyChoice({ info, notify }: { info: InfoAuxiliarPerfil; notify: Notify }) {
  const { t } = useTranslation();
  const save = useFrequency();
  // The choice shows at once, not when the profile has been read again; a refusal puts the saved one back.
  const [chosen, setChosen] = useState<DigestFrequency | null>(null);
  return (
    <Radio.Group
      label={t('interest.frequency')}
      value={chosen ?? info.frequencia}
      onChange={(value) => {
        const frequencia = value as DigestFrequency;
        setChosen(frequencia);
        void notify.run(
          async () => {
            try {
              return await save.mutateAsync(frequencia);
            } catch (error) {
              setChosen(null);
              throw error;
            }
          },
          t('interest.frequencySaved', { frequency: t(`interest.frequencies.${frequencia}`) }),
        );
      }}
    >
      <Group gap="md" mt={6}>
        {DIGEST_FREQUENCIES.map((f) => (
          <Radio key={f} value={f} label={t(`interest.frequencies.${f}`)} />
        ))}
      </Group>
    </Radio.Group>
  );
}

/** An entry's validity, changed in place. */
function ValidityEditor({ entry, onSave, busy }: { entry: EntradaPerfil; onSave: (validade: string) => void; busy: boolean }) {
  const { t } = useTranslation();
  const [validade, setValidade] = useState(entry.validade);
  return (
    <Group gap="xs" align="flex-end">
      <TextInput
        type="date"
        size="xs"
        aria-label={t('interest.validityOf', { item: entry.descricao })}
        value={validade}
        onChange={(e) => setValidade(e.currentTarget.value)}
      />
      <Button
        aria-label={`${t('interest.save')}: ${entry.descricao}`}
        size="compact-sm"
        variant="outline"
        color="blue.9"
        loading={busy}
        disabled={!validade || validade === entry.validade}
        onClick={() => onSave(validade)}
      >
        {t('interest.save')}
      </Button>
    </Group>
  );
}

/** Areas, authors and subjects: look them up, choose, add until a date; the list to change or remove. */
function AreasTab({ info, notify }: { info: InfoAuxiliarPerfil; notify: Notify }) {
  const { t } = useTranslation();
  const entries = useAreas();
  const add = useAddAreas();
  const validity = useAreaValidity();
  const remove = useRemoveArea();
  const [kind, setKind] = useState<DsiType>('assunto');
  const [term, setTerm] = useState('');
  const [query, setQuery] = useState<{ tipoPesquisa: DsiType; termoPesquisa: string } | null>(null);
  const [termProblem, setTermProblem] = useState<string | null>(null);
  const found = useLookup(query);
  const form = useForm({ initialValues: { itens: [] as string[], validade: info.validade_padrao } });
  const kindName = (k: string) => info.tipos.find((x) => x.codigo === k)?.descricao ?? k;

  const search = (event: FormEvent) => {
    event.preventDefault();
    const words = term.trim().split(/\s+/);
    if (!term.trim() || words.some((w) => w.length < 3)) return setTermProblem(t('interest.termRule'));
    setTermProblem(null);
    form.setFieldValue('itens', []);
    setQuery({ tipoPesquisa: kind, termoPesquisa: term.trim() });
  };
  const addChosen = form.onSubmit((values) => {
    if (!query) return;
    if (values.itens.length === 0) return notify.problem(t('interest.chooseItems'));
    void notify.run(
      async () => {
        await add.mutateAsync({ tipoDSI: query.tipoPesquisa, validade: values.validade, itens: values.itens });
        form.setFieldValue('itens', []);
      },
      t('interest.added', { count: values.itens.length }),
    );
  });

  const columns: Column<EntradaPerfil>[] = [
    { header: t('interest.kind'), cell: (e) => kindName(e.tipo) },
    { header: t('interest.item'), cell: (e) => <Described entry={e} /> },
    {
      header: t('interest.validity'),
      cell: (e) => (
        <ValidityEditor
          entry={e}
          busy={validity.isPending}
          onSave={(validade) =>
            void notify.run(
              () => validity.mutateAsync({ codigo: e.codigo, tipoDSI: e.tipo as DsiType, validade }),
              t('interest.validitySaved', { item: e.descricao }),
            )
          }
        />
      ),
    },
    {
      header: t('interest.remove'),
      cell: (e) => (
        <RemoveButton
          entry={e}
          onRemove={() =>
            void notify.run(() => remove.mutateAsync({ codigo: e.codigo, tipoDSI: e.tipo as DsiType }), t('interest.removed', { item: e.descricao }))
          }
        />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <form onSubmit={search} noValidate role="search" aria-label={t('interest.lookupLabel')}>
        <Group align="flex-end" gap="sm">
          <NativeSelect
            label={t('interest.kind')}
            value={kind}
            onChange={(e) => setKind(e.currentTarget.value as DsiType)}
            data={DSI_TYPES.map((k) => ({ value: k, label: kindName(k) }))}
          />
          <TextInput
            label={t('interest.term')}
            value={term}
            onChange={(e) => setTerm(e.currentTarget.value)}
            maxLength={200}
            error={termProblem}
            style={{ flex: '1 1 14rem' }}
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
            <Checkbox.Group label={t('interest.found')} key={form.key('itens')} {...form.getInputProps('itens')}>
              <Stack gap={4} mt={4}>
                {found.data.map((c) => (
                  <Checkbox key={c.codigo} value={c.codigo} label={t('interest.candidate', { item: c.descricao, count: c.titulos })} />
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
        emptyText={t('interest.noAreas')}
        caption={t('interest.areasTab')}
        columns={columns}
        rowKey={(e) => e.codigo}
        minWidth={640}
      />
    </Stack>
  );
}

/** A work type entry's validity, libraries and languages (none chosen: any), saved together. */
function WorkTypeEditor({ entry, info, notify }: { entry: EntradaPerfil; info: InfoAuxiliarPerfil; notify: Notify }) {
  const { t } = useTranslation();
  const change = useChangeWorkType();
  const form = useForm({ initialValues: { validade: entry.validade, bibliotecas: entry.bibliotecas.map(String), idiomas: entry.idiomas } });
  const save = form.onSubmit(
    (values) =>
      void notify.run(
        () => change.mutateAsync({ codigo: entry.codigo, validade: values.validade, bibliotecas: values.bibliotecas.map(Number), idiomas: values.idiomas }),
        t('interest.validitySaved', { item: entry.descricao }),
      ),
  );
  return (
    <form onSubmit={save} noValidate>
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
          w={220}
          maw="100%"
        />
        <MultiSelect
          size="xs"
          aria-label={t('interest.languagesOf', { item: entry.descricao })}
          placeholder={t('interest.anyLanguage')}
          data={info.idiomas.map((l) => ({ value: l.codigo, label: l.nome }))}
          key={form.key('idiomas')}
          {...form.getInputProps('idiomas')}
          searchable
          w={200}
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
    </form>
  );
}

/** Work types: choose and add until a date; each with its libraries and languages, to change or remove. */
function WorkTypesTab({ info, notify }: { info: InfoAuxiliarPerfil; notify: Notify }) {
  const { t } = useTranslation();
  const entries = useWorkTypes();
  const add = useAddWorkTypes();
  const remove = useRemoveWorkType();
  const form = useForm({ initialValues: { itens: [] as string[], validade: info.validade_padrao } });
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
    { header: t('interest.workType'), cell: (e) => <Described entry={e} /> },
    { header: t('interest.validityAndFilters'), cell: (e) => <WorkTypeEditor entry={e} info={info} notify={notify} /> },
    {
      header: t('interest.remove'),
      cell: (e) => (
        <RemoveButton entry={e} onRemove={() => void notify.run(() => remove.mutateAsync(e.codigo), t('interest.removed', { item: e.descricao }))} />
      ),
    },
  ];
  return (
    <Stack gap="md">
      <form onSubmit={addChosen} noValidate>
        <Group align="flex-end" gap="sm">
          <MultiSelect
            label={t('interest.workTypes')}
            data={info.tipos_obra.map((w) => ({ value: String(w.cod_tipo_obra), label: w.descricao }))}
            key={form.key('itens')}
            {...form.getInputProps('itens')}
            searchable
            w={320}
            maw="100%"
          />
          <TextInput type="date" label={t('interest.validity')} required key={form.key('validade')} {...form.getInputProps('validade')} />
          <Button type="submit" loading={add.isPending}>
            {t('interest.add')}
          </Button>
        </Group>
      </form>
      <ListSection
        query={entries}
        errorText={t('interest.fetchError')}
        emptyText={t('interest.noWorkTypes')}
        caption={t('interest.workTypesTab')}
        columns={columns}
        rowKey={(e) => e.codigo}
        minWidth={760}
      />
    </Stack>
  );
}
