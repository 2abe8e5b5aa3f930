import type { FichaLeitor } from '@estante/contracts/people';
import { Button, Group, List, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/client';
import { dateFormat, useShortDate } from '../../../ui/dates';
import { type Column, ListSection } from '../../../ui/list-section';
import { StatusLine } from '../../../ui/status-line';
import { Refused, type Say } from './announcer';
import { CategorySelect } from './category-select';
import { LibraryCheckboxes } from './library-checkboxes';
import { PatronDataForm } from './patron-data-form';
import { PatronNotes } from './patron-notes';
import { useCategories, useEndSessions, useSaveRegistration, useSendRecovery } from './patrons.api';

/** An act of the history, with its place in it (two acts may share the same second). */
type Act = FichaLeitor['historico'][number] & { at: number };

/** A name as the registration call takes it. */
const NAME_MIN = 3;
const NAME_MAX = 200;

/**
 * An e-mail address as it may be said on a screen: its first letter and its domain's, the rest
 * hidden ("a***@d***"). Masking a masked address leaves it as it is.
 */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return `${address.charAt(0)}***`;
  return `${address.charAt(0)}***@${address.charAt(at + 1)}***`;
}

/**
 * A patron's record as the staff see it (h2, the name): whether they are blocked; the library's
 * side (name, category, validity, libraries); the staff's notes (added and removed); logins; the
 * person's other registrations; open sessions (ended after a confirmation) and the password
 * recovery e-mail; the personal data; the staff's acts on them. Opened from a list, the focus
 * goes to its heading.
 */
export function PatronRecord({
  record,
  focusRequest,
  say,
  onOpen,
  onClose,
}: {
  record: FichaLeitor;
  /** Each new value (but 0) sends the focus to the heading: the record was asked for from a list. */
  focusRequest: number;
  say: Say;
  onOpen: (codPessoa: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusRequest) heading.current?.focus();
  }, [focusRequest]);
  const name = record.dados.nome;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="lg">
        <Stack gap="xs">
          <Group justify="space-between" align="flex-start">
            <Title order={2} size="h3" id={headingId} ref={heading} tabIndex={-1}>
              {name}
            </Title>
            <Button variant="default" size="compact-sm" onClick={onClose}>
              {t('staffPatrons.record.close')}
            </Button>
          </Group>
          <Text size="sm">{t('staffPatrons.record.number', { n: record.cod_pessoa })}</Text>
          <StatusLine tone={record.bloqueio ? 'danger' : 'ok'}>
            {record.bloqueio
              ? record.motivo_bloqueio
                ? t('staffPatrons.standing.blockedWhy', { reason: record.motivo_bloqueio })
                : t('staffPatrons.standing.blocked')
              : t('staffPatrons.standing.free')}
          </StatusLine>
        </Stack>
        <Part title={t('staffPatrons.registration.heading')}>
          <RegistrationForm record={record} say={say} />
        </Part>
        <Part title={t('staffPatrons.notes.heading')}>
          <PatronNotes key={record.cod_pessoa} codPessoa={record.cod_pessoa} notes={record.notas} say={say} />
        </Part>
        <Part title={t('staffPatrons.logins.heading')}>
          {record.logins.length === 0 ? (
            <Text>{t('staffPatrons.logins.none')}</Text>
          ) : (
            <List>
              {record.logins.map((l) => (
                <List.Item key={l.login}>
                  {t('staffPatrons.logins.item', { login: l.login, state: t(l.ativo ? 'staffPatrons.logins.active' : 'staffPatrons.logins.inactive') })}
                </List.Item>
              ))}
            </List>
          )}
        </Part>
        <Part title={t('staffPatrons.registrations.heading')}>
          <OtherRegistrations record={record} onOpen={onOpen} />
        </Part>
        <Part title={t('staffPatrons.access.heading')}>
          <Access record={record} say={say} />
        </Part>
        <Part title={t('staffPatrons.data.heading')}>
          <PatronDataForm key={record.cod_pessoa} record={record} say={say} />
        </Part>
        <Part title={t('staffPatrons.history.heading')}>
          <History record={record} />
        </Part>
      </Stack>
    </Paper>
  );
}

/** A part of the record: an h3 and what it holds, a region named by it. */
function Part({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Title order={3} size="h4" id={id} mb="xs">
        {title}
      </Title>
      {children}
    </section>
  );
}

interface RegistrationValues {
  nome: string;
  categoria: string;
  validade: string;
  /** The codes of the libraries checked, as text. */
  bibliotecas: string[];
}

const registrationValues = (record: FichaLeitor): RegistrationValues => ({
  nome: record.dados.nome,
  categoria: record.dados.categoria.codigo,
  validade: record.dados.validade?.slice(0, 10) ?? '',
  bibliotecas: record.bibliotecas.map((b) => String(b.cod_biblioteca)),
});

/** What the library controls of the registration: name, category, validity (blank: none) and the libraries the patron is at. */
function RegistrationForm({ record, say }: { record: FichaLeitor; say: Say }) {
  const { t } = useTranslation();
  const categories = useCategories();
  const save = useSaveRegistration();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<RegistrationValues>({
    initialValues: registrationValues(record),
    validate: {
      nome: (value) => (value.trim().length < NAME_MIN || value.trim().length > NAME_MAX ? t('staffPatrons.rules.name') : null),
      categoria: (value) => (value ? null : t('staffPatrons.rules.category')),
    },
  });
  const submit = form.onSubmit(
    async ({ nome, categoria, validade, bibliotecas }) => {
      setProblem(null);
      try {
        const body = { nome: nome.trim(), categoria, validade: validade || null, bibliotecas: bibliotecas.map(Number).sort((a, b) => a - b) };
        const now = await save.mutateAsync({ codPessoa: record.cod_pessoa, body });
        form.setValues(registrationValues(now));
        form.resetDirty();
        say(t('staffPatrons.registration.done', { name: now.dados.nome }));
      } catch (error) {
        setProblem(messageOf(error, t('errors.unexpected')));
      }
    },
    () => setProblem(t('staffPatrons.fix')),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('staffPatrons.registration.heading')} aria-busy={save.isPending}>
      <Stack gap="sm" maw={720}>
        <TextInput label={t('staffPatrons.fields.nome')} required maxLength={NAME_MAX} {...form.getInputProps('nome')} />
        <Group grow align="flex-start">
          <CategorySelect categories={categories} current={record.dados.categoria} inputProps={form.getInputProps('categoria')} />
          <TextInput label={t('staffPatrons.fields.validade')} description={t('staffPatrons.validityHelp')} type="date" {...form.getInputProps('validade')} />
        </Group>
        <LibraryCheckboxes
          current={record.bibliotecas}
          value={form.values.bibliotecas}
          onChange={(bibliotecas) => form.setFieldValue('bibliotecas', bibliotecas)}
        />
        <Refused text={problem} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('staffPatrons.registration.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The person's other registrations (the same CPF), each to open. */
function OtherRegistrations({ record, onOpen }: { record: FichaLeitor; onOpen: (codPessoa: number) => void }) {
  const { t } = useTranslation();
  const day = useShortDate();
  if (record.cadastros.length === 0) return <Text>{t('staffPatrons.registrations.none')}</Text>;
  return (
    <List listStyleType="none" spacing="xs">
      {record.cadastros.map((c) => (
        <List.Item key={c.cod_pessoa}>
          <Group gap="sm">
            <Text>
              {c.validade
                ? t('staffPatrons.registrations.item', { n: c.cod_pessoa, category: c.categoria, date: day(c.validade) })
                : t('staffPatrons.registrations.itemNoDate', { n: c.cod_pessoa, category: c.categoria })}
            </Text>
            <Button
              size="compact-sm"
              variant="default"
              aria-label={t('staffPatrons.registrations.openOne', { n: c.cod_pessoa })}
              onClick={() => onOpen(c.cod_pessoa)}
            >
              {t('staffPatrons.list.open')}
            </Button>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}

/** Open sessions (ended after a confirmation in a modal) and the password recovery e-mail; refusals beside the buttons. */
function Access({ record, say }: { record: FichaLeitor; say: Say }) {
  const { t, i18n } = useTranslation();
  const recovery = useSendRecovery();
  const end = useEndSessions();
  const [problem, setProblem] = useState<string | null>(null);
  const [ending, setEnding] = useState<{ open: boolean; done: boolean; problem: string | null } | null>(null);
  const name = record.dados.nome;

  const sendRecovery = async () => {
    setProblem(null);
    try {
      const { emails } = await recovery.mutateAsync(record.cod_pessoa);
      const list = new Intl.ListFormat(i18n.language, { style: 'long', type: 'conjunction' });
      say(emails.length ? t('staffPatrons.access.sent', { emails: list.format(emails.map(maskEmail)) }) : t('staffPatrons.access.sentNowhere'));
    } catch (error) {
      setProblem(messageOf(error, t('errors.unexpected')));
    }
  };
  const endSessions = async () => {
    setEnding((last) => last && { ...last, problem: null });
    try {
      await end.mutateAsync(record.cod_pessoa);
      setEnding({ open: false, done: true, problem: null });
      say(t('staffPatrons.access.ended'));
    } catch (error) {
      setEnding((last) => last && { ...last, problem: messageOf(error, t('errors.unexpected')) });
    }
  };

  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Text>{record.sessoes === 0 ? t('staffPatrons.access.noSessions') : t('staffPatrons.access.sessions', { count: record.sessoes })}</Text>
        {record.sessoes > 0 && (
          <Button variant="outline" color="red.9" onClick={() => setEnding({ open: true, done: false, problem: null })}>
            {t('staffPatrons.access.end')}
          </Button>
        )}
      </Group>
      <Text size="sm">{t('staffPatrons.access.recoveryHelp')}</Text>
      <Group>
        <Button variant="outline" color="blue.9" loading={recovery.isPending} onClick={() => void sendRecovery()}>
          {t('staffPatrons.access.recovery')}
        </Button>
      </Group>
      <Refused text={problem} />
      <Modal
        opened={ending?.open ?? false}
        onClose={() => setEnding((last) => last && { ...last, open: false })}
        // Done, the focus goes to the outcome announced; cancelled, back to the button that opened the modal.
        returnFocus={!ending?.done}
        title={t('staffPatrons.access.endTitle', { name })}
        closeButtonProps={{ 'aria-label': t('app.close') }}
      >
        <Stack gap="sm">
          <Text>{t('staffPatrons.access.endText', { name })}</Text>
          <Refused text={ending?.problem ?? null} />
          <Group gap="sm">
            <Button color="red.9" loading={end.isPending} onClick={() => void endSessions()} data-autofocus>
              {t('staffPatrons.access.endConfirm')}
            </Button>
            <Button variant="default" onClick={() => setEnding((last) => last && { ...last, open: false })}>
              {t('staffPatrons.cancel')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** A detail's value as it reads best: a text as it is, anything else as compact JSON. */
const detailValue = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The staff's latest acts on the patron, newest first: when (in the interface's language), who, what, why, and its details. */
function History({ record }: { record: FichaLeitor }) {
  const { t, i18n } = useTranslation();
  const when = dateFormat(i18n.language, 'short');
  const columns: Column<Act>[] = [
    { header: t('staffPatrons.history.when'), status: true, cell: (act) => when.format(new Date(act.em)) },
    { header: t('staffPatrons.history.who'), cell: (act) => act.autor_nome ?? act.autor },
    { header: t('staffPatrons.history.action'), cell: (act) => act.acao },
    { header: t('staffPatrons.history.reason'), cell: (act) => act.motivo ?? '—' },
    {
      header: t('staffPatrons.history.details'),
      cell: (act) => {
        const entries = Object.entries(act.detalhes ?? {});
        if (entries.length === 0) return '—';
        return (
          <List listStyleType="none" size="sm" spacing={0}>
            {entries.map(([key, value]) => (
              <List.Item key={key} style={{ overflowWrap: 'anywhere' }}>
                {key}: {detailValue(value)}
              </List.Item>
            ))}
          </List>
        );
      },
    },
  ];
  return (
    <ListSection
      query={{ isPending: false, isError: false, data: record.historico.map((act, at) => ({ ...act, at })) }}
      errorText={t('errors.unexpected')}
      emptyText={t('staffPatrons.history.none')}
      caption={t('staffPatrons.history.caption', { name: record.dados.nome })}
      columns={columns}
      rowKey={(act) => act.at}
      minWidth={760}
    />
  );
}
