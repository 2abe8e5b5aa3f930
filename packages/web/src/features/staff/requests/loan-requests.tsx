import { LOAN_REQUEST_STATUS_CODES, type SolicitacaoFila } from '@estante/contracts/circulation';
import { Anchor, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { messageOf } from '../../../api/client';
import { partLabel } from '../../../ui/copy-parts';
import { useShortDate } from '../../../ui/dates';
import { DescriptionRow } from '../../../ui/description-row';
import { type Column, ListSection } from '../../../ui/list-section';
import { Refused } from '../../../ui/announcer';
import { Part, type Say } from './request-detail';
import { type LoanMoveStatus, type LoanQueueFilter, useLoanQueue, useMoveLoanRequest } from './requests.api';

/** The tab of the loan requests, beside the five kinds of request (its label is `staffRequests.kinds.<this>`). */
export const LOAN_TAB = 'solicitacoes-emprestimo';

/** A title's page in the catalogue (a feature builds it: app/paths is not for features). */
const titlePath = (codAcervo: number) => `/acervo/${codAcervo}`;

/** The statuses a loan request may be moved to, in the order of its steps. */
const MOVE_STATUSES = LOAN_REQUEST_STATUS_CODES.filter((s): s is LoanMoveStatus => s !== 'aguardando');

/** The step after each status (the form's first choice); a closed request keeps its own. */
const NEXT_STEP: Record<SolicitacaoFila['situacao'], LoanMoveStatus> = {
  aguardando: 'em_transito',
  em_transito: 'disponivel',
  disponivel: 'retirada',
  retirada: 'atendida',
  atendida: 'atendida',
  cancelada: 'cancelada',
};
const nextStep = (situacao: SolicitacaoFila['situacao']) => NEXT_STEP[situacao];

/** The parts of the title asked for (volume, tome, part), those given, in words; a dash when none. */
function usePartWords(): (request: SolicitacaoFila) => string {
  const { t } = useTranslation();
  return (r) =>
    [
      // The data may already write "v. 1": never "v. v. 1" (issue 55).
      r.volume && partLabel((value) => t('staffRequests.loans.volume', { value }), r.volume),
      r.tomo && partLabel((value) => t('staffRequests.loans.tome', { value }), r.tomo),
      r.parte && partLabel((value) => t('staffRequests.loans.part', { value }), r.parte),
    ]
      .filter(Boolean)
      .join(', ') || '—';
}

/**
 * The loan requests' queue (a patron asks for a copy to be sent from one library to another, or
 * home): as filtered by status and receiving library, oldest first, each opening below the list
 * (one at a time) with how to reach the patron, how they receive it, and the form that moves it on.
 */
export function LoanQueue({ filter, statusWords, libraryWords, say }: { filter: LoanQueueFilter; statusWords: string; libraryWords: string; say: Say }) {
  const { t } = useTranslation();
  const day = useShortDate();
  const parts = usePartWords();
  const queue = useLoanQueue(filter);
  const headingId = useId();
  const detailId = useId();
  // The request open, as last seen: the list's copy while the list has it, else this one (moved out of the filter).
  const [open, setOpen] = useState<SolicitacaoFila | null>(null);
  const openers = useRef(new Map<number, HTMLButtonElement>());
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = open && (queue.data?.find((r) => r.cod_solicitacao === open.cod_solicitacao) ?? open);
  const kind = t(`staffRequests.kinds.${LOAN_TAB}`);

  const close = () => {
    const opener = open && openers.current.get(open.cod_solicitacao);
    setOpen(null);
    // Back to the button that opened it; when the list no longer has the request, to the list's heading.
    (opener?.isConnected ? opener : heading.current)?.focus();
  };
  const columns: Column<SolicitacaoFila>[] = [
    { header: t('staffRequests.list.number'), cell: (r) => r.cod_solicitacao },
    { header: t('staffRequests.list.date'), cell: (r) => day(r.data_solicitacao) },
    { header: t('staffRequests.list.patron'), cell: (r) => r.pessoa },
    {
      header: t('staffRequests.loans.title'),
      cell: (r) => (
        <Anchor component={Link} to={titlePath(r.cod_acervo)} underline="always">
          {r.titulo}
        </Anchor>
      ),
    },
    {
      header: t('staffRequests.loans.route'),
      cell: (r) => (
        <>
          {t('staffRequests.loans.routeCell', { from: r.origem, to: r.recebimento })}
          {r.cod_local_recebimento !== 1 && <Text size="sm">{t(`staffRequests.loans.locations.${r.cod_local_recebimento}`)}</Text>}
        </>
      ),
    },
    { header: t('staffRequests.loans.parts'), cell: (r) => parts(r) },
    { header: t('staffRequests.list.status'), status: true, cell: (r) => t(`staffRequests.statuses.${r.situacao}`) },
    {
      header: t('staffRequests.list.actions'),
      cell: (r) => {
        const isOpen = shown?.cod_solicitacao === r.cod_solicitacao;
        return (
          <Button
            size="compact-sm"
            variant={isOpen ? 'filled' : 'default'}
            ref={(element) => {
              if (element) openers.current.set(r.cod_solicitacao, element);
              else openers.current.delete(r.cod_solicitacao);
            }}
            aria-label={t(isOpen ? 'staffRequests.loans.closeOne' : 'staffRequests.loans.openOne', { id: r.cod_solicitacao })}
            aria-expanded={isOpen}
            aria-controls={isOpen ? detailId : undefined}
            onClick={() => (isOpen ? close() : setOpen(r))}
          >
            {t(isOpen ? 'staffRequests.list.close' : 'staffRequests.list.open')}
          </Button>
        );
      },
    },
  ];

  return (
    <Stack gap="md">
      <section aria-labelledby={headingId}>
        <Title order={2} size="h3" id={headingId} ref={heading} tabIndex={-1} mb="xs">
          {kind}
        </Title>
        <ListSection
          query={queue}
          errorText={t('staffRequests.loans.fetchError')}
          emptyText={t('staffRequests.list.none')}
          caption={t('staffRequests.loans.caption', { kind, status: statusWords, library: libraryWords })}
          columns={columns}
          rowKey={(r) => r.cod_solicitacao}
          minWidth={860}
        />
      </section>
      {shown && <LoanRequestDetail key={shown.cod_solicitacao} id={detailId} request={shown} say={say} onAnswer={setOpen} onClose={close} />}
    </Stack>
  );
}

/**
 * One loan request, opened below the list (`id` is the list's button's aria-controls): what was
 * asked for and where it goes, how to reach the patron, how they receive it, and "Mover". The
 * focus comes to its heading when it opens.
 */
function LoanRequestDetail({
  id,
  request,
  say,
  onAnswer,
  onClose,
}: {
  id: string;
  request: SolicitacaoFila;
  say: Say;
  /** The request as the move answered it (kept while the list, read again, may no longer have it). */
  onAnswer: (request: SolicitacaoFila) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const day = useShortDate();
  const parts = usePartWords();
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const n = request.cod_solicitacao;
  const orDash = (value: string | null) => value || '—';
  return (
    <Paper component="section" id={id} aria-labelledby={headingId} withBorder p="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title order={3} size="h4" id={headingId} ref={heading} tabIndex={-1}>
            {t('staffRequests.loans.heading', { id: n, title: request.titulo })}
          </Title>
          <Button variant="default" size="compact-md" onClick={onClose} aria-label={t('staffRequests.loans.closeOne', { id: n })}>
            {t('staffRequests.list.close')}
          </Button>
        </Group>
        <dl style={{ margin: 0 }}>
          <DescriptionRow label={t('staffRequests.list.patron')}>{request.pessoa}</DescriptionRow>
          <DescriptionRow label={t('staffRequests.list.date')}>{day(request.data_solicitacao)}</DescriptionRow>
          <DescriptionRow label={t('staffRequests.loans.title')}>
            <Anchor component={Link} to={titlePath(request.cod_acervo)} underline="always">
              {request.titulo}
            </Anchor>
          </DescriptionRow>
          <DescriptionRow label={t('staffRequests.loans.parts')}>{parts(request)}</DescriptionRow>
          <DescriptionRow label={t('staffRequests.loans.origin')}>{request.origem}</DescriptionRow>
          <DescriptionRow label={t('staffRequests.loans.receiving')}>{request.recebimento}</DescriptionRow>
          <DescriptionRow label={t('staffRequests.list.status')}>{t(`staffRequests.statuses.${request.situacao}`)}</DescriptionRow>
          <DescriptionRow label={t('staffRequests.loans.updated')}>{day(request.data_atualizacao)}</DescriptionRow>
        </dl>
        <Part title={t('staffRequests.loans.contact')}>
          <dl style={{ margin: 0 }}>
            <DescriptionRow label={t('staffRequests.loans.phone')}>
              <Anchor href={`tel:${request.telefone.replace(/[^0-9+]/g, '')}`} underline="always">
                {request.telefone}
              </Anchor>
            </DescriptionRow>
            <DescriptionRow label={t('staffRequests.loans.email')}>
              <Anchor href={`mailto:${request.email}`} underline="always">
                {request.email}
              </Anchor>
            </DescriptionRow>
          </dl>
        </Part>
        <Part title={t('staffRequests.loans.receipt')}>
          <dl style={{ margin: 0 }}>
            <DescriptionRow label={t('staffRequests.loans.location')}>{t(`staffRequests.loans.locations.${request.cod_local_recebimento}`)}</DescriptionRow>
            <DescriptionRow label={t('staffRequests.loans.authorised')}>{orDash(request.pessoa_autorizada)}</DescriptionRow>
            <DescriptionRow label={t('staffRequests.loans.home')}>{orDash(request.domicilio)}</DescriptionRow>
            <DescriptionRow label={t('staffRequests.loans.elsewhere')}>{orDash(request.recebimento_textual)}</DescriptionRow>
            <DescriptionRow label={t('staffRequests.loans.material')}>{orDash(request.material)}</DescriptionRow>
          </dl>
        </Part>
        <Part title={t('staffRequests.move.heading')}>
          <LoanMoveForm request={request} say={say} onAnswer={onAnswer} />
        </Part>
      </Stack>
    </Paper>
  );
}

/** "Mover": the new status, the next step at first; the server refuses (409) a step out of order, said in an alert here. */
function LoanMoveForm({ request, say, onAnswer }: { request: SolicitacaoFila; say: Say; onAnswer: (request: SolicitacaoFila) => void }) {
  const { t } = useTranslation();
  const move = useMoveLoanRequest();
  const n = request.cod_solicitacao;
  const [situacao, setSituacao] = useState<LoanMoveStatus>(nextStep(request.situacao));
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (move.isPending) return;
    setProblem(null);
    try {
      const answered = await move.mutateAsync({ id: n, situacao });
      onAnswer(answered);
      setSituacao(nextStep(answered.situacao));
      say(t('staffRequests.loans.moved', { id: n, status: t(`staffRequests.statuses.${answered.situacao}`) }));
    } catch (error) {
      setProblem(messageOf(error, t('errors.unexpected')));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t('staffRequests.loans.moveForm', { id: n })}>
      <Stack gap="sm" maw="40rem">
        <NativeSelect
          label={t('staffRequests.move.status')}
          description={t('staffRequests.loans.steps')}
          value={situacao}
          onChange={(event) => setSituacao(event.currentTarget.value as LoanMoveStatus)}
          data={MOVE_STATUSES.map((s) => ({ value: s, label: t(`staffRequests.statuses.${s}`) }))}
        />
        <Refused text={problem} />
        <Group>
          <Button type="submit" loading={move.isPending}>
            {t('staffRequests.move.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
