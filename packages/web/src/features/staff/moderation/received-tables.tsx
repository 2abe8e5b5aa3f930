import type { moderationEndpoints } from '@estante/contracts/comments';
import type { EndpointOutput } from '@estante/contracts/kernel';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useShortDate } from '../../../ui/dates';
import { type Column, ListSection } from '../../../ui/list-section';

type GeneralComment = EndpointOutput<typeof moderationEndpoints.generalComments>[number];
type Suggestion = EndpointOutput<typeof moderationEndpoints.suggestions>[number];

/** A list as TanStack Query gives it, in the shape ListSection draws. */
type Listed<Row> = { isPending: boolean; isError: boolean; data: readonly Row[] | undefined };

/** The text a patron wrote, kept as they wrote it (line breaks and all), never cut. */
function Written({ children }: { children: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'break-word' }}>
      {children}
    </Text>
  );
}

/** "Comentários gerais": what the footer's comment form sent, newest first; read only. */
export function GeneralCommentsTable({ query }: { query: Listed<GeneralComment> }) {
  const { t } = useTranslation();
  const day = useShortDate();
  const columns: Column<GeneralComment>[] = [
    { header: t('staffModeration.general.sent'), status: true, cell: (c) => day(c.enviado_em) },
    { header: t('staffModeration.general.name'), cell: (c) => c.nome },
    { header: t('staffModeration.general.library'), cell: (c) => c.biblioteca },
    { header: t('staffModeration.general.text'), cell: (c) => <Written>{c.texto}</Written> },
  ];
  return (
    <ListSection
      query={query}
      errorText={t('staffModeration.general.fetchError')}
      emptyText={t('staffModeration.general.none')}
      caption={t('staffModeration.general.caption')}
      columns={columns}
      rowKey={(c) => c.id}
      minWidth={720}
    />
  );
}

/** "Sugestões de aquisição": what the footer's suggestion form sent, newest first, with where each stands; read only. */
export function SuggestionsTable({ query }: { query: Listed<Suggestion> }) {
  const { t } = useTranslation();
  const day = useShortDate();
  const columns: Column<Suggestion>[] = [
    { header: t('staffModeration.suggestions.sent'), cell: (s) => day(s.enviado_em) },
    { header: t('staffModeration.suggestions.name'), cell: (s) => s.nome },
    { header: t('staffModeration.suggestions.library'), cell: (s) => s.biblioteca },
    { header: t('staffModeration.suggestions.title'), cell: (s) => s.titulo },
    { header: t('staffModeration.suggestions.author'), cell: (s) => s.autor ?? '—' },
    { header: t('staffModeration.suggestions.publisher'), cell: (s) => s.editor ?? '—' },
    {
      header: t('staffModeration.suggestions.status'),
      status: true,
      // A status this page has no words for yet, as the server codes it.
      cell: (s) => t(`staffModeration.suggestions.statuses.${s.situacao}`, { defaultValue: s.situacao }),
    },
  ];
  return (
    <ListSection
      query={query}
      errorText={t('staffModeration.suggestions.fetchError')}
      emptyText={t('staffModeration.suggestions.none')}
      caption={t('staffModeration.suggestions.caption')}
      columns={columns}
      rowKey={(s) => s.id}
      minWidth={880}
    />
  );
}
