import type { SugestaoEquipe } from '@estante/contracts/acquisitions';
import { Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLibraries } from '../../../api/libraries';
import { useShortDate } from '../../../ui/dates';
import { type Column, ListSection } from '../../../ui/list-section';
import { type QueueFilter, useQueue, useStatusName } from './acquisitions.api';
import type { Say } from '../../../ui/announcer';
import { type Opener, SuggestionBoard } from './suggestion-board';
import { SuggestionDetail } from './suggestion-detail';
import { SuggestionFilters } from './suggestion-filters';
import { useMoney } from './words';

/** How the suggestions are shown: a table, or a board with a column per stage. */
export type View = 'lista' | 'quadro';

/** The filter in words, for the list's caption: status, library, and the category and period when given. */
function useFilterWords(filter: QueueFilter): string {
  const { t } = useTranslation();
  const libraries = useLibraries();
  const statusName = useStatusName();
  const day = useShortDate();
  const library = libraries.data?.find((b) => String(b.cod_biblioteca) === filter.biblioteca)?.desc_biblioteca;
  const words = [
    filter.situacao ? statusName(filter.situacao) : t('staffAcquisitions.filters.allStatuses'),
    filter.biblioteca ? (library ?? filter.biblioteca) : t('staffAcquisitions.filters.allLibraries'),
  ];
  if (filter.categoria) words.push(t('staffAcquisitions.filters.words.category', { code: filter.categoria }));
  if (filter.dataIni && filter.dataFim) words.push(t('staffAcquisitions.filters.words.period', { from: day(filter.dataIni), to: day(filter.dataFim) }));
  else if (filter.dataIni) words.push(t('staffAcquisitions.filters.words.since', { from: day(filter.dataIni) }));
  else if (filter.dataFim) words.push(t('staffAcquisitions.filters.words.until', { to: day(filter.dataFim) }));
  return words.join(', ');
}

/**
 * "Sugestões": the queue as filtered, oldest first, as a list or a board; a suggestion opens
 * below it (one at a time) with its data, its history and the acts its status allows. Closed, the
 * focus goes back to what opened it (or to the heading, when it has left the queue).
 */
export function SuggestionsTab({
  filter,
  onFilter,
  view,
  onView,
  say,
}: {
  filter: QueueFilter;
  onFilter: (filter: QueueFilter) => void;
  view: View;
  onView: (view: View) => void;
  say: Say;
}) {
  const { t } = useTranslation();
  const queue = useQueue(filter);
  const filterWords = useFilterWords(filter);
  const headingId = useId();
  const detailId = useId();
  // The suggestion open, as last seen: the queue's copy while it has it, else this one (moved out of the filter).
  const [open, setOpen] = useState<SugestaoEquipe | null>(null);
  const openers = useRef(new Map<number, HTMLButtonElement>());
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = open && (queue.data?.find((s) => s.codigo === open.codigo) ?? open);

  const close = () => {
    const opener = open && openers.current.get(open.codigo);
    setOpen(null);
    (opener?.isConnected ? opener : heading.current)?.focus();
  };
  const opener: Opener = (s) => {
    const isOpen = shown?.codigo === s.codigo;
    return {
      isOpen,
      ref: (element: HTMLButtonElement | null) => {
        if (element) openers.current.set(s.codigo, element);
        else openers.current.delete(s.codigo);
      },
      'aria-expanded': isOpen,
      'aria-controls': isOpen ? detailId : undefined,
      onClick: () => (isOpen ? close() : setOpen(s)),
    };
  };

  return (
    <Stack gap="md">
      <SuggestionFilters filter={filter} onFilter={onFilter} />
      <section aria-labelledby={headingId}>
        <Group justify="space-between" align="flex-end" mb="xs" gap="sm">
          <Title order={2} size="h3" id={headingId} ref={heading} tabIndex={-1}>
            {t('staffAcquisitions.suggestions.heading')}
          </Title>
          <SegmentedControl
            aria-label={t('staffAcquisitions.view.label')}
            value={view}
            onChange={(value) => onView(value as View)}
            data={[
              { value: 'lista', label: t('staffAcquisitions.view.lista') },
              { value: 'quadro', label: t('staffAcquisitions.view.quadro') },
            ]}
          />
        </Group>
        {view === 'lista' ? (
          <SuggestionList query={queue} caption={t('staffAcquisitions.list.caption', { filter: filterWords })} opener={opener} />
        ) : (
          <SuggestionBoard query={queue} filterWords={filterWords} opener={opener} />
        )}
      </section>
      {shown && <SuggestionDetail key={shown.codigo} id={detailId} suggestion={shown} say={say} onAnswer={setOpen} onClose={close} />}
    </Stack>
  );
}

/** The list: number, sent, title and author, requester and category, library, copies, price, status, and the button that opens it. */
function SuggestionList({ query, caption, opener }: { query: ReturnType<typeof useQueue>; caption: string; opener: Opener }) {
  const { t } = useTranslation();
  const day = useShortDate();
  const money = useMoney();
  const columns: Column<SugestaoEquipe>[] = [
    { header: t('staffAcquisitions.list.number'), cell: (s) => s.codigo },
    { header: t('staffAcquisitions.list.sent'), cell: (s) => day(s.criado_em) },
    {
      header: t('staffAcquisitions.list.title'),
      cell: (s) => (
        <>
          <Text span fw={600} size="sm">
            {s.titulo}
          </Text>
          {s.autor && <Text size="sm">{s.autor}</Text>}
        </>
      ),
    },
    {
      header: t('staffAcquisitions.list.requester'),
      cell: (s) => (
        <>
          <Text size="sm">{s.solicitante}</Text>
          {s.categoria && <Text size="sm">{s.categoria}</Text>}
        </>
      ),
    },
    { header: t('staffAcquisitions.list.library'), cell: (s) => s.biblioteca },
    { header: t('staffAcquisitions.list.copies'), cell: (s) => t('staffAcquisitions.list.copiesCell', { delivered: s.total_entregue, ordered: s.quantidade }) },
    { header: t('staffAcquisitions.list.price'), cell: (s) => (s.preco ? money(s.preco) : '—') },
    { header: t('staffAcquisitions.list.status'), status: true, cell: (s) => s.descricao_situacao },
    {
      header: t('staffAcquisitions.list.actions'),
      cell: (s) => {
        const { isOpen, ...props } = opener(s);
        return (
          <Button
            size="compact-sm"
            variant={isOpen ? 'filled' : 'default'}
            aria-label={t(isOpen ? 'staffAcquisitions.list.closeOne' : 'staffAcquisitions.list.openOne', { id: s.codigo })}
            {...props}
          >
            {t(isOpen ? 'staffAcquisitions.list.close' : 'staffAcquisitions.list.open')}
          </Button>
        );
      },
    },
  ];
  return (
    <ListSection
      query={query}
      errorText={t('staffAcquisitions.list.fetchError')}
      emptyText={t('staffAcquisitions.list.none')}
      caption={caption}
      columns={columns}
      rowKey={(s) => s.codigo}
      minWidth={960}
    />
  );
}
