import { type PedidoFila, REQUEST_STATUSES, type RequestStatus } from '@estante/contracts/requests';
import { Button, Group, NativeSelect, Paper, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile, messageOf } from '../../../api/client';
import { dateFormat, useShortDate } from '../../../ui/dates';
import { DescriptionRow } from '../../../ui/description-row';
import { ScrollTable } from '../../../ui/scroll-table';
import { Refused } from '../../../ui/announcer';
import { type Change, sheetPreviewPath, useAssignRequest, useChangeRequest, useColleagues } from './requests.api';

/** Says an outcome in the page's live region; `focus` (the default, after a write) sends the focus to it. */
export type Say = (text: string, focus?: boolean) => void;

/** The longest note, classification and author mark the change takes (the contract's limits). */
const NOTE_MAX = 2000;
const CLASSIFICATION_MAX = 40;
const CUTTER_MAX = 20;

/** A field's name as the patron's form stored it, in words: `titulo_periodico` → "Titulo periodico". */
const humanise = (key: string) => {
  const words = key.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * One request, opened below the list (`id` is the list's button's aria-controls): the patron's
 * request, every field they filled in, its history, and the acts on it. The focus comes to its
 * heading when it opens.
 */
export function RequestDetail({
  id,
  request,
  say,
  onAnswer,
  onClose,
}: {
  id: string;
  request: PedidoFila;
  say: Say;
  /** The request as a write answered it (kept while the list, read again, may no longer have it). */
  onAnswer: (request: PedidoFila) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const day = useShortDate();
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const valueOf = useValueWords();
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const n = request.cod_solicitacao;
  return (
    <Paper component="section" id={id} aria-labelledby={headingId} withBorder p="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title order={3} size="h4" id={headingId} ref={heading} tabIndex={-1}>
            {t('staffRequests.detail.heading', { id: n, summary: request.resumo })}
          </Title>
          <Button variant="default" size="compact-md" onClick={onClose} aria-label={t('staffRequests.list.closeOne', { id: n })}>
            {t('staffRequests.list.close')}
          </Button>
        </Group>
        <dl style={{ margin: 0 }}>
          <DescriptionRow label={t('staffRequests.list.patron')}>{request.pessoa}</DescriptionRow>
          <DescriptionRow label={t('staffRequests.list.library')}>{request.biblioteca}</DescriptionRow>
          <DescriptionRow label={t('staffRequests.list.date')}>{day(request.criado_em)}</DescriptionRow>
          <DescriptionRow label={t('staffRequests.list.status')}>{t(`staffRequests.statuses.${request.situacao}`)}</DescriptionRow>
          <DescriptionRow label={t('staffRequests.list.assignee')}>{request.responsavel?.nome ?? t('staffRequests.nobody')}</DescriptionRow>
          {request.nota && <DescriptionRow label={t('staffRequests.detail.lastNote')}>{request.nota}</DescriptionRow>}
        </dl>
        <Part title={t('staffRequests.detail.data')}>
          {Object.keys(request.dados).length === 0 ? (
            <Text size="sm">{t('staffRequests.detail.noData')}</Text>
          ) : (
            <dl style={{ margin: 0 }}>
              {Object.entries(request.dados).map(([key, value]) => (
                <DescriptionRow key={key} label={humanise(key)}>
                  {valueOf(value)}
                </DescriptionRow>
              ))}
            </dl>
          )}
        </Part>
        <Part title={t('staffRequests.history.heading')}>
          <History request={request} />
        </Part>
        <Part title={t('staffRequests.move.heading')}>
          <MoveForm request={request} say={say} onAnswer={onAnswer} />
        </Part>
        <Part title={t('staffRequests.assign.heading')}>
          <AssignForm request={request} say={say} onAnswer={onAnswer} />
        </Part>
      </Stack>
    </Paper>
  );
}

/** A part of the open request, under its own heading (h4, below the request's h3). */
export function Part({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={4} size="h5" id={headingId} mb="xs">
        {title}
      </Title>
      {children}
    </section>
  );
}

/** A value the patron gave, in words: yes or no, a list joined, nothing as a dash. */
function useValueWords(): (value: unknown) => string {
  const { t } = useTranslation();
  const words = (value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—';
    if (typeof value === 'boolean') return value ? t('staffRequests.yes') : t('staffRequests.no');
    if (Array.isArray(value)) return value.length ? value.map(words).join(', ') : '—';
    if (typeof value === 'object') return JSON.stringify(value);
    return String(value as string | number);
  };
  return words;
}

/** The request's status changes, oldest first: the status in words, the library's note, when. */
function History({ request }: { request: PedidoFila }) {
  const { t, i18n } = useTranslation();
  const when = dateFormat(i18n.language, 'short');
  if (request.historico.length === 0) return <Text size="sm">{t('staffRequests.history.none')}</Text>;
  return (
    <ScrollTable minWidth={480}>
      <Table striped>
        <Table.Caption>{t('staffRequests.history.caption', { id: request.cod_solicitacao })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('staffRequests.history.status')}</Table.Th>
            <Table.Th>{t('staffRequests.history.note')}</Table.Th>
            <Table.Th>{t('staffRequests.history.date')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {request.historico.map((event, i) => (
            <Table.Tr key={i}>
              <Table.Td>{t(`staffRequests.statuses.${event.situacao}`)}</Table.Td>
              <Table.Td>{event.nota ?? '—'}</Table.Td>
              <Table.Td>{when.format(new Date(event.em))}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/**
 * "Mover": the new status and the library's note (optional); for a catalogue sheet, its
 * classification and author mark too (sent with the change when given; the server refuses a
 * release without them), and the sheet previewed with them as a PDF.
 */
function MoveForm({ request, say, onAnswer }: { request: PedidoFila; say: Say; onAnswer: (request: PedidoFila) => void }) {
  const { t } = useTranslation();
  const change = useChangeRequest();
  const isSheet = request.tipo === 'ficha-catalografica';
  const n = request.cod_solicitacao;
  const [situacao, setSituacao] = useState<RequestStatus>(request.situacao);
  const [nota, setNota] = useState('');
  const [classificacao, setClassificacao] = useState(request.classificacao ?? '');
  const [cutter, setCutter] = useState(request.cutter ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    setProblem(null);
    const body: Change = { situacao };
    if (nota.trim()) body.nota = nota.trim();
    if (isSheet && classificacao.trim()) body.classificacao = classificacao.trim();
    if (isSheet && cutter.trim()) body.cutter = cutter.trim();
    try {
      const answered = await change.mutateAsync({ id: n, body });
      setNota('');
      onAnswer(answered);
      say(t('staffRequests.move.done', { id: n, status: t(`staffRequests.statuses.${answered.situacao}`) }));
    } catch (error) {
      setProblem(messageOf(error, t('errors.unexpected')));
    }
  };
  const preview = async () => {
    setProblem(null);
    if (!classificacao.trim() || !cutter.trim()) {
      setProblem(t('staffRequests.sheet.previewRule'));
      return;
    }
    setPreviewing(true);
    try {
      const file = await downloadFile(sheetPreviewPath(n), { classificacao: classificacao.trim(), cutter: cutter.trim() });
      say(t('staffRequests.sheet.previewed', { id: n, file }), false);
    } catch (error) {
      setProblem(messageOf(error, t('errors.unexpected')));
    } finally {
      setPreviewing(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('staffRequests.move.form', { id: n })}>
      <Stack gap="sm" maw="40rem">
        {isSheet && (
          <>
            <Group align="flex-start" gap="sm">
              <TextInput
                label={t('staffRequests.sheet.classification')}
                description={t('staffRequests.sheet.releaseHelp')}
                value={classificacao}
                onChange={(event) => setClassificacao(event.currentTarget.value)}
                maxLength={CLASSIFICATION_MAX}
                autoComplete="off"
                spellCheck={false}
              />
              <TextInput
                label={t('staffRequests.sheet.cutter')}
                description={t('staffRequests.sheet.releaseHelp')}
                value={cutter}
                onChange={(event) => setCutter(event.currentTarget.value)}
                maxLength={CUTTER_MAX}
                autoComplete="off"
                spellCheck={false}
              />
            </Group>
            <Group>
              <Button variant="outline" color="blue.9" loading={previewing} onClick={() => void preview()}>
                {t('staffRequests.sheet.preview')}
              </Button>
            </Group>
          </>
        )}
        <NativeSelect
          label={t('staffRequests.move.status')}
          value={situacao}
          onChange={(event) => setSituacao(event.currentTarget.value as RequestStatus)}
          data={REQUEST_STATUSES.map((s) => ({ value: s, label: t(`staffRequests.statuses.${s}`) }))}
        />
        <Textarea
          label={t('staffRequests.move.note')}
          description={t('staffRequests.move.noteHelp')}
          value={nota}
          onChange={(event) => setNota(event.currentTarget.value)}
          maxLength={NOTE_MAX}
          autosize
          minRows={2}
        />
        <Refused text={problem} />
        <Group>
          <Button type="submit" loading={change.isPending}>
            {t('staffRequests.move.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Atribuir a": a colleague with the atendimento role, or nobody. */
function AssignForm({ request, say, onAnswer }: { request: PedidoFila; say: Say; onAnswer: (request: PedidoFila) => void }) {
  const { t } = useTranslation();
  const colleagues = useColleagues();
  const assign = useAssignRequest();
  const n = request.cod_solicitacao;
  const [chosen, setChosen] = useState(request.responsavel ? String(request.responsavel.cod_pessoa) : '');
  const [problem, setProblem] = useState<string | null>(null);
  // The colleague assigned now stays a choice even when no longer on the team's list.
  const people = [...(colleagues.data ?? [])];
  if (request.responsavel && !people.some((p) => p.cod_pessoa === request.responsavel?.cod_pessoa)) people.push(request.responsavel);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (assign.isPending) return;
    setProblem(null);
    try {
      const answered = await assign.mutateAsync({ id: n, codPessoa: chosen ? Number(chosen) : null });
      onAnswer(answered);
      say(answered.responsavel ? t('staffRequests.assign.done', { id: n, name: answered.responsavel.nome }) : t('staffRequests.assign.doneNobody', { id: n }));
    } catch (error) {
      setProblem(messageOf(error, t('errors.unexpected')));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('staffRequests.assign.form', { id: n })}>
      <Stack gap="sm" maw="40rem">
        <Group align="flex-end" gap="sm">
          <NativeSelect
            label={t('staffRequests.assign.to')}
            value={chosen}
            onChange={(event) => setChosen(event.currentTarget.value)}
            data={[{ value: '', label: t('staffRequests.nobody') }, ...people.map((p) => ({ value: String(p.cod_pessoa), label: p.nome }))]}
          />
          <Button type="submit" loading={assign.isPending}>
            {t('staffRequests.assign.submit')}
          </Button>
        </Group>
        {colleagues.isError && <Text size="sm">{t('staffRequests.assign.fetchError')}</Text>}
        <Refused text={problem} />
      </Stack>
    </form>
  );
}
