import { ORDERABLE_STATUSES, SUGGESTION_ACTIONS, type SugestaoEquipe, type SuggestionAction, type SuggestionStatus } from '@estante/contracts/acquisitions';
import { Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dateFormat, useShortDate } from '../../../ui/dates';
import { DescriptionRow } from '../../../ui/description-row';
import { ScrollTable } from '../../../ui/scroll-table';
import { useStatusName } from './acquisitions.api';
import { DeliverForm, NoteOnlyForm, QuoteForm, RefuseForm, type ActProps } from './action-forms';
import { titlePath, useMoney } from './words';

/** The acts, in the order of a suggestion's life (each shown only from the statuses the contract allows it). */
const ACTIONS = ['aceitar', 'cotar', 'negociar', 'entregar', 'recusar'] as const satisfies readonly SuggestionAction[];

/** The acts a suggestion's status allows (SUGGESTION_ACTIONS). */
export const actionsFrom = (situacao: SuggestionStatus) =>
  ACTIONS.filter((action) => (SUGGESTION_ACTIONS[action] as readonly SuggestionStatus[]).includes(situacao));

/**
 * One suggestion, opened below the queue (`id` is its opener's aria-controls): what the patron
 * suggested, the quote and the order it is in, its history, and a form for each act its status
 * allows. The focus comes to its heading when it opens.
 */
export function SuggestionDetail({ id, suggestion, say, onAnswer, onClose }: ActProps & { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const n = suggestion.codigo;
  const actions = actionsFrom(suggestion.situacao);
  // A new step gives the forms fresh fields (the quote as it now stands, the copies still awaited).
  const step = `${suggestion.situacao}-${suggestion.historico.length}`;
  const props = { suggestion, say, onAnswer };
  return (
    <Paper component="section" id={id} aria-labelledby={headingId} withBorder p="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title order={3} size="h4" id={headingId} ref={heading} tabIndex={-1}>
            {t('staffAcquisitions.detail.heading', { id: n, title: suggestion.titulo })}
          </Title>
          <Button variant="default" size="compact-md" onClick={onClose} aria-label={t('staffAcquisitions.list.closeOne', { id: n })}>
            {t('staffAcquisitions.list.close')}
          </Button>
        </Group>
        <SuggestionData suggestion={suggestion} />
        <Part title={t('staffAcquisitions.history.heading')}>
          <History suggestion={suggestion} />
        </Part>
        {(ORDERABLE_STATUSES as readonly SuggestionStatus[]).includes(suggestion.situacao) && <Text size="sm">{t('staffAcquisitions.detail.orderable')}</Text>}
        {actions.length === 0 && <Text size="sm">{t('staffAcquisitions.detail.noActions')}</Text>}
        {actions.map((action) => (
          <Part key={`${action}-${step}`} title={t(`staffAcquisitions.actions.${action}.heading`)}>
            {action === 'aceitar' || action === 'negociar' ? (
              <NoteOnlyForm acao={action} {...props} />
            ) : action === 'cotar' ? (
              <QuoteForm {...props} />
            ) : action === 'recusar' ? (
              <RefuseForm {...props} />
            ) : (
              <DeliverForm {...props} />
            )}
          </Part>
        ))}
      </Stack>
    </Paper>
  );
}

/** A part of the open suggestion, under its own heading (h4, below the suggestion's h3). */
function Part({ title, children }: { title: string; children: ReactNode }) {
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

/** What the patron suggested and where it stands: the work, the requester, the quote, the order, the title in the catalogue. */
function SuggestionData({ suggestion: s }: { suggestion: SugestaoEquipe }) {
  const { t } = useTranslation();
  const day = useShortDate();
  const money = useMoney();
  const orDash = (value: string | null) => value || '—';
  return (
    <dl style={{ margin: 0 }}>
      <DescriptionRow label={t('staffAcquisitions.detail.author')}>{orDash(s.autor)}</DescriptionRow>
      <DescriptionRow label={t('staffAcquisitions.detail.publisher')}>{orDash(s.editor)}</DescriptionRow>
      <DescriptionRow label={t('staffAcquisitions.detail.edition')}>{orDash(s.edicao)}</DescriptionRow>
      <DescriptionRow label={t('staffAcquisitions.detail.isbn')}>{orDash(s.isbn_issn)}</DescriptionRow>
      <DescriptionRow label={t('staffAcquisitions.list.requester')}>{s.solicitante}</DescriptionRow>
      <DescriptionRow label={t('staffAcquisitions.detail.category')}>{orDash(s.categoria)}</DescriptionRow>
      <DescriptionRow label={t('staffAcquisitions.list.library')}>{s.biblioteca}</DescriptionRow>
      <DescriptionRow label={t('staffAcquisitions.list.sent')}>{day(s.criado_em)}</DescriptionRow>
      <DescriptionRow label={t('staffAcquisitions.list.status')}>{s.descricao_situacao}</DescriptionRow>
      <DescriptionRow label={t('staffAcquisitions.list.copies')}>
        {t('staffAcquisitions.list.copiesCell', { delivered: s.total_entregue, ordered: s.quantidade })}
      </DescriptionRow>
      <DescriptionRow label={t('staffAcquisitions.detail.price')}>{s.preco ? money(s.preco) : '—'}</DescriptionRow>
      <DescriptionRow label={t('staffAcquisitions.detail.supplier')}>{orDash(s.fornecedor)}</DescriptionRow>
      <DescriptionRow label={t('staffAcquisitions.detail.foreign')}>{t(s.obra_estrangeira ? 'staffAcquisitions.yes' : 'staffAcquisitions.no')}</DescriptionRow>
      <DescriptionRow label={t('staffAcquisitions.detail.quoted')}>{s.data_cotacao ? day(s.data_cotacao) : '—'}</DescriptionRow>
      <DescriptionRow label={t('staffAcquisitions.detail.order')}>
        {s.pedido ? t('staffAcquisitions.detail.orderNumber', { id: s.pedido }) : '—'}
      </DescriptionRow>
      <DescriptionRow label={t('staffAcquisitions.detail.expected')}>{s.previsao_entrega ? day(s.previsao_entrega) : '—'}</DescriptionRow>
      <DescriptionRow label={t('staffAcquisitions.detail.title')}>
        {s.cod_acervo ? (
          <Anchor component={Link} to={titlePath(s.cod_acervo)} underline="always">
            {t('staffAcquisitions.detail.titleNumber', { id: s.cod_acervo })}
          </Anchor>
        ) : (
          '—'
        )}
      </DescriptionRow>
      {s.nota && <DescriptionRow label={t('staffAcquisitions.detail.lastNote')}>{s.nota}</DescriptionRow>}
    </dl>
  );
}

/** The suggestion's steps, oldest first: the status by name, the library's note, when. */
function History({ suggestion }: { suggestion: SugestaoEquipe }) {
  const { t, i18n } = useTranslation();
  const statusName = useStatusName();
  const when = dateFormat(i18n.language, 'short');
  if (suggestion.historico.length === 0) return <Text size="sm">{t('staffAcquisitions.history.none')}</Text>;
  return (
    <ScrollTable minWidth={480}>
      <Table striped>
        <Table.Caption>{t('staffAcquisitions.history.caption', { id: suggestion.codigo })}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('staffAcquisitions.history.status')}</Table.Th>
            <Table.Th>{t('staffAcquisitions.history.note')}</Table.Th>
            <Table.Th>{t('staffAcquisitions.history.date')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {suggestion.historico.map((event, i) => (
            <Table.Tr key={i}>
              <Table.Td>{statusName(event.situacao)}</Table.Td>
              <Table.Td>{event.nota ?? '—'}</Table.Td>
              <Table.Td>{when.format(new Date(event.em))}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
