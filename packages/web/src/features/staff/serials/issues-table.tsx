import type { KardexEquipe } from '@estante/contracts/catalog';
import { Button, Group, List, Modal, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShortDate } from '../../../ui/dates';
import { type Column, ListSection } from '../../../ui/list-section';
import { StatusLine } from '../../../ui/status-line';
import type { Say } from '../../../ui/announcer';
import { ArticleForm, ClaimForm } from './issue-forms';
import { claimable, indexable, STANDING_TONE, useMonthWords } from './serial-words';

type Issue = KardexEquipe['fasciculos'][number];

/** An issue's key in the table: its number when recorded, its month when only expected. */
const issueKey = (issue: Issue) => (issue.cod_fasciculo === null ? `esperado-${issue.ano}-${issue.mes}` : String(issue.cod_fasciculo));

/** An issue named for a button or a dialog: its month, and its number when it has one ("março de 2026, n. 3"). */
export function useIssueName(): (issue: Issue) => string {
  const { t } = useTranslation();
  const months = useMonthWords();
  return (issue) => {
    const month = months.long(issue.ano, issue.mes);
    return issue.numero ? t('staffSerials.issues.nameNumbered', { month, number: issue.numero }) : month;
  };
}

/** The act open in the dialog: claiming an issue, or indexing an article in it. */
interface Acting {
  id: number;
  kind: 'claim' | 'article';
  issue: Issue;
  open: boolean;
  done: boolean;
}

/**
 * "Fascículos": the Kardex's issues, newest first — month, volume, number, where each stands in
 * words, arrival, claim (date and note), its articles (listed on demand) — and the acts on each:
 * "Reclamar" an issue that did not come, "Indexar artigo" in a received one, each in a dialog.
 * Done, the dialog closes and the focus goes to the outcome announced; cancelled, back to the button.
 */
export function IssuesTable({ kardex, say }: { kardex: KardexEquipe; say: Say }) {
  const { t } = useTranslation();
  const day = useShortDate();
  const months = useMonthWords();
  const issueName = useIssueName();
  const headingId = useId();
  const [acting, setActing] = useState<Acting | null>(null);
  // The issues whose articles are shown.
  const [shown, setShown] = useState<ReadonlySet<string>>(new Set());
  const at = { acervo: kardex.cod_acervo, biblioteca: kardex.cod_biblioteca };

  const start = (kind: Acting['kind'], issue: Issue) => setActing((last) => ({ id: (last?.id ?? 0) + 1, kind, issue, open: true, done: false }));
  const cancel = () => setActing((last) => last && { ...last, open: false });
  const done = (text: string) => {
    setActing((last) => last && { ...last, open: false, done: true });
    say(text);
  };
  const toggle = (key: string) =>
    setShown((now) => {
      const next = new Set(now);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  const columns: Column<Issue>[] = [
    { header: t('staffSerials.issues.month'), cell: (f) => months.long(f.ano, f.mes) },
    { header: t('staffSerials.fields.volume'), cell: (f) => f.volume ?? '—' },
    { header: t('staffSerials.fields.number'), cell: (f) => f.numero ?? '—' },
    {
      header: t('staffSerials.issues.standing'),
      status: true,
      cell: (f) => (
        <StatusLine tone={STANDING_TONE[f.situacao]} size="sm">
          {t(`staffSerials.standings.${f.situacao}`)}
        </StatusLine>
      ),
    },
    { header: t('staffSerials.issues.arrival'), cell: (f) => (f.chegada ? day(f.chegada) : '—') },
    {
      header: t('staffSerials.issues.claim'),
      cell: (f) =>
        f.reclamado_em ? (
          <Stack gap={2}>
            <Text size="sm">{day(f.reclamado_em)}</Text>
            {f.reclamacao && <Text size="sm">{f.reclamacao}</Text>}
          </Stack>
        ) : (
          '—'
        ),
    },
    { header: t('staffSerials.issues.articles'), cell: (f) => <Articles issue={f} shown={shown.has(issueKey(f))} onToggle={() => toggle(issueKey(f))} /> },
    {
      header: t('staffSerials.list.actions'),
      cell: (f) => (
        <Group gap="xs">
          {claimable(f) && (
            <Button size="compact-sm" variant="default" aria-label={t('staffSerials.claim.one', { issue: issueName(f) })} onClick={() => start('claim', f)}>
              {t('staffSerials.claim.button')}
            </Button>
          )}
          {indexable(f) && (
            <Button size="compact-sm" variant="default" aria-label={t('staffSerials.article.one', { issue: issueName(f) })} onClick={() => start('article', f)}>
              {t('staffSerials.article.button')}
            </Button>
          )}
        </Group>
      ),
    },
  ];

  return (
    <section aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId} mb="xs">
        {t('staffSerials.issues.heading')}
      </Title>
      <ListSection
        query={{ isPending: false, isError: false, data: kardex.fasciculos }}
        errorText=""
        emptyText={t('staffSerials.issues.none')}
        caption={t('staffSerials.issues.caption', { title: kardex.titulo, library: kardex.biblioteca })}
        columns={columns}
        rowKey={issueKey}
        minWidth={960}
      />
      <Modal
        opened={acting?.open ?? false}
        onClose={cancel}
        // Done, the focus goes to the outcome announced; cancelled, back to the button that opened the dialog.
        returnFocus={!acting?.done}
        title={acting && t(acting.kind === 'claim' ? 'staffSerials.claim.one' : 'staffSerials.article.one', { issue: issueName(acting.issue) })}
        closeButtonProps={{ 'aria-label': t('app.close') }}
      >
        {acting?.kind === 'claim' && <ClaimForm key={acting.id} at={at} issue={acting.issue} onCancel={cancel} onDone={done} />}
        {acting?.kind === 'article' && indexable(acting.issue) && (
          <ArticleForm
            key={acting.id}
            issue={acting.issue}
            onCancel={cancel}
            onDone={(text) => {
              // The articles of that issue shown, the new one last.
              setShown((now) => new Set(now).add(issueKey(acting.issue)));
              done(text);
            }}
          />
        )}
      </Modal>
    </section>
  );
}

/** An issue's articles: how many, and a button that shows or hides their list (title, authors, pages). */
function Articles({ issue, shown, onToggle }: { issue: Issue; shown: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const issueName = useIssueName();
  const listId = useId();
  const count = issue.artigos.length;
  if (count === 0) return t('staffSerials.issues.noArticles');
  return (
    <Stack gap={4} align="flex-start">
      <Button
        size="compact-sm"
        variant="subtle"
        aria-expanded={shown}
        aria-controls={shown ? listId : undefined}
        aria-label={t('staffSerials.issues.articlesOf', { count, issue: issueName(issue) })}
        onClick={onToggle}
      >
        {t('staffSerials.issues.articleCount', { count })}
      </Button>
      {shown && (
        <List id={listId} type="ordered" size="sm" spacing={2}>
          {issue.artigos.map((a) => (
            <List.Item key={a.seq}>
              <Text size="sm" component="span" fw={600}>
                {a.titulo}
              </Text>
              {a.autores && <Text size="sm">{a.autores}</Text>}
              {a.paginas && <Text size="sm">{t('staffSerials.article.pagesShown', { pages: a.paginas })}</Text>}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
