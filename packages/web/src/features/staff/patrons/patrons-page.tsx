import type { EndpointOutput } from '@estante/contracts/kernel';
import { novoLeitorSchema, patronRecordEndpoints } from '@estante/contracts/people';
import { Alert, Button, Group, Loader, Modal, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { type Ref, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/client';
import { type Column, ListSection } from '../../../ui/list-section';
import { StatusLine } from '../../../ui/status-line';
import { useContractForm } from '../../../ui/use-contract-form';
import { Announcer, Refused, type Said, type Say } from './announcer';
import { CategorySelect } from './category-select';
import { PatronRecord } from './patron-record';
import { searchQuery, useCategories, useCreatePatron, usePatronRecord, usePatronSearch } from './patrons.api';

type Found = EndpointOutput<typeof patronRecordEndpoints.search>[number];
type Ficha = EndpointOutput<typeof patronRecordEndpoints.create>;

/** The longest search the call takes (the contract's limit). */
const SEARCH_MAX = 200;
/** A login as the contract takes it: letters, digits and . _ - @, 3 to 60 of them. */
const LOGIN_PATTERN = /^[A-Za-z0-9._@-]{3,60}$/;

/**
 * The staff area's "Leitores" (/equipe/leitores, roles circulação and atendimento): patrons found
 * by login, CPF or name, each record opened below the list — the library's side (name, category,
 * validity), logins, the person's other registrations, open sessions ended, a password recovery
 * e-mailed (no password is ever shown), the personal data with the patron's own rules (§5), and
 * the staff's acts on it — and a patron registered by hand. Each outcome is announced in a live
 * region that takes the focus after a write; a refusal is said at once beside what was used.
 */
export function PatronsPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [term, setTerm] = useState<string | null>(null);
  // The record open; `focus` counts the times it was asked for from a list (each sends the focus to its heading), 0 when it was created here.
  const [open, setOpen] = useState<{ codPessoa: number; focus: number } | null>(null);
  const [said, setSaid] = useState<Said | null>(null);
  const [creating, setCreating] = useState<{ id: number; open: boolean; done: boolean } | null>(null);
  const found = usePatronSearch(term);
  const record = usePatronRecord(open?.codPessoa ?? null);
  const searchInput = useRef<HTMLInputElement>(null);

  const tell = (ok: boolean, text: string, focus: boolean) => setSaid((last) => ({ id: (last?.id ?? 0) + 1, ok, text, focus }));
  const say: Say = (text, focus = true) => tell(true, text, focus);

  const search = async (busca: string) => {
    try {
      // Asked again each time (a search repeated after a colleague's change says what is there now).
      const hits = await client.fetchQuery({ ...searchQuery(busca), staleTime: 0 });
      setTerm(busca);
      say(hits.length ? t('staffPatrons.search.found', { count: hits.length, busca }) : t('staffPatrons.search.none', { busca }), false);
    } catch (error) {
      tell(false, messageOf(error, t('errors.unexpected')), false);
    }
  };
  const openRecord = (codPessoa: number) => setOpen((last) => ({ codPessoa, focus: (last?.focus ?? 0) + 1 }));
  const closeRecord = () => {
    setOpen(null);
    searchInput.current?.focus();
  };
  const created = (patron: Ficha) => {
    setCreating((last) => last && { ...last, open: false, done: true });
    setOpen({ codPessoa: patron.cod_pessoa, focus: 0 });
    say(t('staffPatrons.create.done', { name: patron.dados.nome }));
  };

  const columns: Column<Found>[] = [
    { header: t('staffPatrons.list.name'), cell: (p) => p.nome },
    { header: t('staffPatrons.list.category'), cell: (p) => p.categoria },
    { header: t('staffPatrons.list.logins'), cell: (p) => p.logins.join(', ') || t('staffPatrons.list.noLogin') },
    { header: t('staffPatrons.list.standing'), status: true, cell: (p) => <Standing blocked={p.bloqueio} /> },
    {
      header: t('staffPatrons.list.actions'),
      cell: (p) => {
        const isOpen = open?.codPessoa === p.cod_pessoa;
        return (
          <Button
            size="compact-sm"
            variant={isOpen ? 'filled' : 'default'}
            aria-label={t('staffPatrons.list.openOne', { name: p.nome })}
            aria-current={isOpen || undefined}
            onClick={() => openRecord(p.cod_pessoa)}
          >
            {t('staffPatrons.list.open')}
          </Button>
        );
      },
    },
  ];

  return (
    <Stack gap="lg">
      <Text>{t('staffPatrons.intro')}</Text>
      <SearchForm inputRef={searchInput} onSearch={search} onCreate={() => setCreating((last) => ({ id: (last?.id ?? 0) + 1, open: true, done: false }))} />
      <Announcer said={said} />
      {term !== null && (
        <ListSection
          query={found}
          errorText={t('staffPatrons.search.fetchError')}
          emptyText={t('staffPatrons.search.empty')}
          caption={t('staffPatrons.search.caption', { busca: term })}
          columns={columns}
          rowKey={(p) => p.cod_pessoa}
          minWidth={720}
        />
      )}
      {open &&
        (record.data ? (
          <PatronRecord key={open.codPessoa} record={record.data} focusRequest={open.focus} say={say} onOpen={openRecord} onClose={closeRecord} />
        ) : record.isError ? (
          <Alert color="red" variant="filled">
            {messageOf(record.error, t('staffPatrons.record.fetchError'))}
          </Alert>
        ) : (
          <Loader size="sm" role="status" aria-label={t('loading.title')} />
        ))}
      <Modal
        opened={creating?.open ?? false}
        onClose={() => setCreating((last) => last && { ...last, open: false })}
        // Done, the focus goes to the outcome announced; cancelled, back to "Novo leitor".
        returnFocus={!creating?.done}
        title={t('staffPatrons.create.title')}
        closeButtonProps={{ 'aria-label': t('app.close') }}
        size="lg"
      >
        {creating && <CreateForm key={creating.id} onCancel={() => setCreating((last) => last && { ...last, open: false })} onCreated={created} />}
      </Modal>
    </Stack>
  );
}

/** Blocked or not, in words (an icon and a colour besides). */
function Standing({ blocked }: { blocked: boolean }) {
  const { t } = useTranslation();
  return (
    <StatusLine tone={blocked ? 'danger' : 'ok'} size="sm">
      {t(blocked ? 'staffPatrons.standing.blocked' : 'staffPatrons.standing.free')}
    </StatusLine>
  );
}

/** "Buscar leitores": one input (a login, a CPF or words of the name) and "Novo leitor". */
function SearchForm({ inputRef, onSearch, onCreate }: { inputRef: Ref<HTMLInputElement>; onSearch: (busca: string) => Promise<void>; onCreate: () => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [pending, setPending] = useState(false);
  const form = useForm({
    initialValues: { busca: '' },
    validate: { busca: (value) => (value.trim() === '' ? t('staffPatrons.search.rule') : null) },
  });
  const submit = form.onSubmit(async ({ busca }) => {
    setPending(true);
    try {
      await onSearch(busca.trim());
    } finally {
      setPending(false);
    }
  });
  return (
    <section aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-end" mb="xs">
        <Title order={2} size="h3" id={headingId}>
          {t('staffPatrons.search.heading')}
        </Title>
        <Button variant="outline" color="blue.9" onClick={onCreate}>
          {t('staffPatrons.create.button')}
        </Button>
      </Group>
      <form onSubmit={submit} noValidate aria-labelledby={headingId} role="search">
        <Group align="flex-end" gap="sm">
          <TextInput
            ref={inputRef}
            label={t('staffPatrons.search.label')}
            description={t('staffPatrons.search.help')}
            maxLength={SEARCH_MAX}
            autoComplete="off"
            spellCheck={false}
            style={{ flex: '1 1 20rem' }}
            {...form.getInputProps('busca')}
          />
          <Button type="submit" loading={pending}>
            {t('staffPatrons.search.submit')}
          </Button>
        </Group>
      </form>
    </section>
  );
}

/** The creation form's fields, as typed ('' for none). */
interface NewValues {
  nome: string;
  login: string;
  categoria: string;
  email: string;
  cpf: string;
  validade: string;
}

/** "Novo leitor": name, login, category, e-mail, CPF and validity, checked with the call's own schema; a refusal (409, 422) under it, the modal kept. */
function CreateForm({ onCancel, onCreated }: { onCancel: () => void; onCreated: (record: Ficha) => void }) {
  const { t } = useTranslation();
  const categories = useCategories();
  const create = useCreatePatron();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useContractForm(patronRecordEndpoints.create, {
    schema: novoLeitorSchema,
    initialValues: { nome: '', login: '', categoria: '', email: '', cpf: '', validade: '' } satisfies NewValues,
    toBody: (v) => ({
      nome: v.nome.trim(),
      login: v.login.trim(),
      categoria: v.categoria,
      email: v.email.trim() || null,
      ...(v.cpf.trim() ? { cpf: v.cpf.trim() } : {}),
      validade: v.validade || null,
    }),
    rules: (v) => ({
      nome: v.nome.trim().length < 3 ? t('staffPatrons.rules.name') : null,
      login: LOGIN_PATTERN.test(v.login.trim()) ? null : t('staffPatrons.rules.login'),
      categoria: v.categoria ? null : t('staffPatrons.rules.category'),
    }),
  });
  const submit = form.onSubmit(
    async (body) => {
      setProblem(null);
      try {
        onCreated(await create.mutateAsync(body));
      } catch (error) {
        setProblem(messageOf(error, t('errors.unexpected')));
      }
    },
    () => setProblem(t('staffPatrons.fix')),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('staffPatrons.create.title')} aria-busy={create.isPending}>
      <Stack gap="sm">
        <Text size="sm">{t('staffPatrons.create.help')}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('staffPatrons.fields.nome')} required maxLength={200} data-autofocus {...form.getInputProps('nome')} />
          <TextInput
            label={t('staffPatrons.fields.login')}
            description={t('staffPatrons.create.loginHelp')}
            required
            maxLength={60}
            autoComplete="off"
            spellCheck={false}
            {...form.getInputProps('login')}
          />
          <CategorySelect categories={categories} current={null} inputProps={form.getInputProps('categoria')} />
          <TextInput label={t('staffPatrons.fields.email')} inputMode="email" autoComplete="off" {...form.getInputProps('email')} />
          <TextInput label={t('staffPatrons.fields.cpf')} description={t('staffPatrons.create.cpfHelp')} inputMode="numeric" {...form.getInputProps('cpf')} />
          <TextInput label={t('staffPatrons.fields.validade')} description={t('staffPatrons.validityHelp')} type="date" {...form.getInputProps('validade')} />
        </SimpleGrid>
        <Refused text={problem} />
        <Group gap="sm">
          <Button type="submit" loading={create.isPending}>
            {t('staffPatrons.create.submit')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('staffPatrons.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
