import { FINAL_SUGGESTION_STATUSES, type SugestaoEquipe, type SuggestionStatus } from '@estante/contracts/acquisitions';
import { Alert, Loader, Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { type ReactNode, type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';

/** What a suggestion's opener (the list's button, the board's card) is given: whether it is open, and its props. */
export type Opener = (suggestion: SugestaoEquipe) => {
  isOpen: boolean;
  ref: Ref<HTMLButtonElement>;
  'aria-expanded': boolean;
  'aria-controls': string | undefined;
  onClick: () => void;
};

/** The board's columns: a stage of a suggestion's life, and the statuses it gathers (`staffAcquisitions.board.<key>`). */
export const BOARD_COLUMNS: readonly { key: string; statuses: readonly SuggestionStatus[] }[] = [
  { key: 'pre', statuses: ['pre_sugestao'] },
  { key: 'purchase', statuses: ['sugestao_compra'] },
  { key: 'quoting', statuses: ['em_cotacao', 'em_negociacao'] },
  { key: 'delivery', statuses: ['aguardando_entrega', 'parcialmente_atendida'] },
];
const ENDED: readonly SuggestionStatus[] = FINAL_SUGGESTION_STATUSES;

/**
 * The board: a column per stage (pre-suggestions, purchase suggestions, in quote or negotiation,
 * awaiting delivery or partly delivered), oldest first, each card a button that opens the
 * suggestion; the ended ones folded under the columns.
 */
export function SuggestionBoard({
  query,
  filterWords,
  opener,
}: {
  query: { isPending: boolean; isError: boolean; data: readonly SugestaoEquipe[] | undefined };
  filterWords: string;
  opener: Opener;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <Loader size="sm" aria-label={t('loading.title')} />;
  if (query.isError || !query.data)
    return (
      <Alert color="red" variant="filled">
        {t('staffAcquisitions.list.fetchError')}
      </Alert>
    );
  const all = query.data;
  if (all.length === 0) return <Text>{t('staffAcquisitions.list.none')}</Text>;
  const ended = all.filter((s) => ENDED.includes(s.situacao));
  return (
    <Stack gap="md">
      <Text size="sm">{t('staffAcquisitions.board.caption', { filter: filterWords })}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        {BOARD_COLUMNS.map((column) => (
          <BoardColumn
            key={column.key}
            title={t(`staffAcquisitions.board.${column.key}`)}
            suggestions={all.filter((s) => column.statuses.includes(s.situacao))}
            showStatus={column.statuses.length > 1}
            opener={opener}
          />
        ))}
      </SimpleGrid>
      {ended.length > 0 && (
        <details>
          <summary>{t('staffAcquisitions.board.ended', { count: ended.length })}</summary>
          <Cards suggestions={ended} showStatus opener={opener} />
        </details>
      )}
    </Stack>
  );
}

/** One stage: its name and count as a heading, its cards (or a word saying there are none). */
function BoardColumn({ title, suggestions, showStatus, opener }: { title: string; suggestions: SugestaoEquipe[]; showStatus: boolean; opener: Opener }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="sm" bg="var(--mantine-color-default-hover)">
      <Title order={3} size="h5" id={headingId} mb="xs">
        {t('staffAcquisitions.board.counted', { title, count: suggestions.length })}
      </Title>
      {suggestions.length === 0 ? (
        <Text size="sm">{t('staffAcquisitions.board.empty')}</Text>
      ) : (
        <Cards suggestions={suggestions} showStatus={showStatus} opener={opener} />
      )}
    </Paper>
  );
}

/** The cards of a stage, as a list: each a button (title, requester, library; the status where a stage has two). */
function Cards({ suggestions, showStatus, opener }: { suggestions: SugestaoEquipe[]; showStatus: boolean; opener: Opener }) {
  const { t } = useTranslation();
  return (
    <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
      {suggestions.map((s) => {
        const { isOpen, ...props } = opener(s);
        return (
          <li key={s.codigo}>
            <UnstyledButton
              {...props}
              w="100%"
              p="xs"
              bg="var(--mantine-color-body)"
              style={{
                border: `${isOpen ? 2 : 1}px solid ${isOpen ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
                borderRadius: 'var(--mantine-radius-sm)',
              }}
            >
              <Line size="xs">{t('staffAcquisitions.board.number', { id: s.codigo })}</Line>
              <Line fw={600}>{s.titulo}</Line>
              <Line>{s.solicitante}</Line>
              <Line>{s.biblioteca}</Line>
              {showStatus && <Line>{s.descricao_situacao}</Line>}
            </UnstyledButton>
          </li>
        );
      })}
    </Stack>
  );
}

/** A line of a card: a span on its own line (a button holds phrasing content only). */
function Line({ size = 'sm', fw, children }: { size?: 'xs' | 'sm'; fw?: number; children: ReactNode }) {
  return (
    <Text component="span" display="block" size={size} fw={fw}>
      {children}
    </Text>
  );
}
