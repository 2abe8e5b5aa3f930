import type { Sugestao, SuggestionStatus } from '@estante/contracts/acquisitions';
import { Anchor, Badge, List, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useShortDate } from '../../../ui/dates';
import { type Column, ListSection } from '../../../ui/list-section';
import type { AccountSectionProps } from '../sections';
import { type SuggestionFilter as Filter, useSuggestions, useSuggestionStatuses } from './acquisitions.api';
import { PeriodForm } from '../period-form';

/** Where a suggestion's life ended well, badly, or goes on: the badge's tint (dark text on it; the text says it too). */
const TONE: Partial<Record<SuggestionStatus, string>> = {
  atendida: 'green.9',
  parcialmente_atendida: 'teal.9',
  aguardando_entrega: 'blue.9',
  cancelada: 'gray.8',
  duplicada: 'gray.8',
  esgotada: 'red.9',
  ja_existe: 'gray.8',
  nao_atendida: 'red.9',
  nao_localizada: 'red.9',
  finalizada_incompleta: 'orange.9',
};

/** A suggestion's status as a badge (text, not colour alone). */
export function SuggestionStatusBadge({ situacao, text }: { situacao: SuggestionStatus; text: string }) {
  return (
    <Badge color={TONE[situacao] ?? 'indigo.9'} c="dark.9" variant="light" tt="none" style={{ whiteSpace: 'normal', height: 'auto' }}>
      {text}
    </Badge>
  );
}

/**
 * Meu Pergamum, "Consulta de sugestões": the patron's acquisition suggestions (spec §3 list) with
 * every step of their life, by status and period; a delivered (or already held) title opens from
 * the list.
 */
export function SuggestionsPage({ titleHref }: Pick<AccountSectionProps, 'titleHref'>) {
  const { t } = useTranslation();
  const date = useShortDate();
  const statuses = useSuggestionStatuses();
  const [situacao, setSituacao] = useState<SuggestionStatus | ''>('');
  const [filter, setFilter] = useState<Filter>({});
  const suggestions = useSuggestions(filter);
  const named = (s: SuggestionStatus) => statuses.data?.find((x) => x.codigo === s)?.descricao ?? s;
  const columns: Column<Sugestao>[] = [
    { header: t('acquisitions.number'), cell: (s) => s.codigo },
    {
      header: t('acquisitions.title'),
      cell: (s) => (
        <>
          {s.cod_acervo ? (
            <Anchor component={Link} to={titleHref(s.cod_acervo)} underline="always">
              {s.titulo}
            </Anchor>
          ) : (
            <Text span fw={600}>
              {s.titulo}
            </Text>
          )}
          <Text size="sm">{[s.autor, s.editor, s.edicao].filter(Boolean).join(' · ')}</Text>
          {s.obra_estrangeira && <Text size="sm">{t('acquisitions.foreign')}</Text>}
        </>
      ),
    },
    { header: t('acquisitions.library'), cell: (s) => s.biblioteca },
    {
      header: t('acquisitions.status'),
      cell: (s) => (
        <>
          <SuggestionStatusBadge situacao={s.situacao} text={s.descricao_situacao} />
          {s.nota && <Text size="sm">{t('acquisitions.note', { note: s.nota })}</Text>}
        </>
      ),
    },
    { header: t('acquisitions.copies'), cell: (s) => t('acquisitions.delivered', { delivered: s.total_entregue, ordered: s.quantidade }) },
    {
      header: t('acquisitions.dates'),
      cell: (s) => (
        <List size="sm" listStyleType="none" spacing={0}>
          <List.Item>{t('acquisitions.sent', { date: date(s.criado_em) })}</List.Item>
          {s.data_cotacao && <List.Item>{t('acquisitions.quoted', { date: date(s.data_cotacao) })}</List.Item>}
          {s.pedido && <List.Item>{t('acquisitions.inOrder', { order: s.pedido })}</List.Item>}
          {s.previsao_entrega && <List.Item>{t('acquisitions.expected', { date: date(s.previsao_entrega) })}</List.Item>}
        </List>
      ),
    },
    {
      header: t('acquisitions.history'),
      cell: (s) => (
        <details>
          <summary>{t('acquisitions.steps', { count: s.historico.length })}</summary>
          <List size="sm" type="ordered">
            {s.historico.map((h, i) => (
              <List.Item key={i}>
                {date(h.em)}: {named(h.situacao)}
                {h.nota ? ` — ${h.nota}` : ''}
              </List.Item>
            ))}
          </List>
        </details>
      ),
    },
    { header: t('acquisitions.requester'), cell: (s) => s.solicitante },
  ];
  return (
    <section>
      <PeriodForm
        optional
        onSubmit={({ dataIni, dataFim }) => setFilter({ dataIni: dataIni || undefined, dataFim: dataFim || undefined, situacao: situacao || undefined })}
      >
        <Select
          label={t('acquisitions.status')}
          data={[{ value: '', label: t('acquisitions.allStatuses') }, ...(statuses.data ?? []).map((s) => ({ value: s.codigo, label: s.descricao }))]}
          value={situacao}
          onChange={(v) => setSituacao((v ?? '') as SuggestionStatus | '')}
          allowDeselect={false}
        />
      </PeriodForm>
      <ListSection
        query={suggestions}
        errorText={t('acquisitions.fetchError')}
        emptyText={t('acquisitions.none')}
        caption={t('acquisitions.mine')}
        columns={columns}
        rowKey={(s) => s.codigo}
        minWidth={900}
      />
    </section>
  );
}
