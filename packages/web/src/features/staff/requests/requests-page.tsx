import { type PedidoFila, REQUEST_FILTERS, REQUEST_TYPES, type RequestType } from '@estante/contracts/requests';
import { Button, Group, NativeSelect, Stack, Tabs, Text, Title } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLibraries } from '../../../api/libraries';
import { useShortDate } from '../../../ui/dates';
import { type Column, ListSection } from '../../../ui/list-section';
import { Announcer, type Said } from '../../../ui/announcer';
import { LOAN_TAB, LoanQueue } from './loan-requests';
import { RequestDetail, type Say } from './request-detail';
import { type QueueFilter, useLoanOpenCount, useQueue, useQueueCounts } from './requests.api';

type Filter = QueueFilter['status'];
/** A tab: one of the five kinds of request, or the loan requests. */
type Tab = RequestType | typeof LOAN_TAB;
const TABS: readonly Tab[] = [...REQUEST_TYPES, LOAN_TAB];

/**
 * The staff area's "Solicitações" (/equipe/solicitacoes, role `atendimento`): the patrons'
 * requests by kind, in tabs that count the open ones, filtered by status (awaiting, at first) and
 * library, oldest first; a sixth tab, the loan requests (a copy sent from one library to another,
 * or home), with the same filters, the library being the receiving one, each moved a step on. A request opens below the list with everything the patron filled in, its
 * history, and the acts: move it on with a note (a catalogue sheet with its classification and
 * author mark, previewed as a PDF), and assign it to a colleague. Each outcome is announced in a
 * live region that takes the focus; a refusal is said beside the form that was sent.
 */
export function RequestsPage() {
  const { t } = useTranslation();
  const counts = useQueueCounts();
  const loanCount = useLoanOpenCount();
  const libraries = useLibraries();
  const [tab, setTab] = useState<Tab>(TABS[0]!);
  const [status, setStatus] = useState<Filter>('aguardando');
  const [library, setLibrary] = useState('');
  const [said, setSaid] = useState<Said | null>(null);
  const say: Say = (text, focus = true) => setSaid((last) => ({ id: (last?.id ?? 0) + 1, text, focus }));

  const labelOf = (kind: Tab) => {
    const label = t(`staffRequests.kinds.${kind}`);
    const n = kind === LOAN_TAB ? loanCount.data?.abertas : counts.data?.[kind];
    return n === undefined ? label : t('staffRequests.kinds.counted', { label, n });
  };
  const libraryName = libraries.data?.find((b) => String(b.cod_biblioteca) === library)?.desc_biblioteca;
  const filter = { status, biblioteca: library ? Number(library) : null };
  const statusWords = t(`staffRequests.statuses.${status}`);
  const libraryWords = libraryName ?? t('staffRequests.filters.allLibraries');

  return (
    <Stack gap="lg">
      <Text>{t('staffRequests.intro')}</Text>
      <Announcer said={said} />
      <Group align="flex-end" gap="sm" role="group" aria-label={t('staffRequests.filters.label')}>
        <NativeSelect
          label={t('staffRequests.filters.status')}
          value={status}
          onChange={(event) => setStatus(event.currentTarget.value as Filter)}
          data={REQUEST_FILTERS.map((s) => ({ value: s, label: t(`staffRequests.statuses.${s}`) }))}
        />
        <NativeSelect
          label={t('staffRequests.filters.library')}
          // On the loan requests' tab, the library is the receiving one.
          description={tab === LOAN_TAB ? t('staffRequests.loans.libraryHelp') : undefined}
          value={library}
          onChange={(event) => setLibrary(event.currentTarget.value)}
          data={[
            { value: '', label: t('staffRequests.filters.allLibraries') },
            ...(libraries.data ?? []).map((b) => ({ value: String(b.cod_biblioteca), label: b.desc_biblioteca })),
          ]}
        />
      </Group>
      <Tabs value={tab} onChange={(value) => value && setTab(value as Tab)} keepMounted={false}>
        <Tabs.List aria-label={t('staffRequests.kinds.label')}>
          {TABS.map((kind) => (
            <Tabs.Tab key={kind} value={kind}>
              {labelOf(kind)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {REQUEST_TYPES.map((kind) => (
          <Tabs.Panel key={kind} value={kind} pt="md">
            <Queue filter={{ ...filter, tipo: kind }} statusWords={statusWords} libraryWords={libraryWords} say={say} />
          </Tabs.Panel>
        ))}
        <Tabs.Panel value={LOAN_TAB} pt="md">
          <LoanQueue filter={filter} statusWords={statusWords} libraryWords={libraryWords} say={say} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** One kind's queue: its requests as filtered, each opening below the list (one at a time). */
function Queue({ filter, statusWords, libraryWords, say }: { filter: QueueFilter; statusWords: string; libraryWords: string; say: Say }) {
  const { t } = useTranslation();
  const day = useShortDate();
  const queue = useQueue(filter);
  const headingId = useId();
  const detailId = useId();
  // The request open, as last seen: the list's copy while the list has it, else this one (moved out of the filter).
  const [open, setOpen] = useState<PedidoFila | null>(null);
  const openers = useRef(new Map<number, HTMLButtonElement>());
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = open && (queue.data?.find((r) => r.cod_solicitacao === open.cod_solicitacao) ?? open);
  const kind = t(`staffRequests.kinds.${filter.tipo}`);

  const close = () => {
    const opener = open && openers.current.get(open.cod_solicitacao);
    setOpen(null);
    // Back to the button that opened it; when the list no longer has the request, to the list's heading.
    (opener?.isConnected ? opener : heading.current)?.focus();
  };
  const columns: Column<PedidoFila>[] = [
    { header: t('staffRequests.list.number'), cell: (r) => r.cod_solicitacao },
    { header: t('staffRequests.list.date'), cell: (r) => day(r.criado_em) },
    { header: t('staffRequests.list.patron'), cell: (r) => r.pessoa },
    { header: t('staffRequests.list.library'), cell: (r) => r.biblioteca },
    { header: t('staffRequests.list.summary'), cell: (r) => r.resumo },
    { header: t('staffRequests.list.status'), status: true, cell: (r) => t(`staffRequests.statuses.${r.situacao}`) },
    { header: t('staffRequests.list.assignee'), cell: (r) => r.responsavel?.nome ?? t('staffRequests.nobody') },
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
            aria-label={t(isOpen ? 'staffRequests.list.closeOne' : 'staffRequests.list.openOne', { id: r.cod_solicitacao })}
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
          errorText={t('staffRequests.list.fetchError')}
          emptyText={t('staffRequests.list.none')}
          caption={t('staffRequests.list.caption', { kind, status: statusWords, library: libraryWords })}
          columns={columns}
          rowKey={(r) => r.cod_solicitacao}
          minWidth={860}
        />
      </section>
      {shown && <RequestDetail key={shown.cod_solicitacao} id={detailId} request={shown} say={say} onAnswer={setOpen} onClose={close} />}
    </Stack>
  );
}
