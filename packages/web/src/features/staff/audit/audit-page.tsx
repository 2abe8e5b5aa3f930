import type { AtoEquipe } from '@estante/contracts/staff';
import { Button, Group, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/client';
import { type Column, ListSection } from '../../../ui/list-section';
import { NoticeView, useNotify } from '../../../ui/notify';
import { AuditFilterForm } from './audit-filter-form';
import { AUDIT_PAGE_SIZE, type AuditFilters, downloadAudit, useAudit } from './audit.api';
import { dateFormat } from '../../../ui/dates';

/** A detail's value as it reads best: a text as it is, anything else as compact JSON. */
const detailValue = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * The staff area's "Auditoria" (/equipe/auditoria): the acts the staff_audit table keeps, newest
 * first, 50 a page — when (UTC), who, which action, on whom, why, and its details — filtered by
 * person, action, patron and days, and the same acts as a CSV file, for the administration.
 */
export function AuditPage() {
  const { t, i18n } = useTranslation();
  const [filters, setFilters] = useState<AuditFilters>({});
  const [page, setPage] = useState(1);
  const audit = useAudit(filters, page);
  const notify = useNotify();
  const when = dateFormat(i18n.language, 'medium', 'UTC');
  const total = audit.data?.total ?? 0;
  const shown = audit.data?.pagina ?? page;
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));

  const filter = (next: AuditFilters) => {
    setFilters(next);
    setPage(1);
  };
  const download = () =>
    void notify.run(
      () => downloadAudit(filters),
      (file) => t('staffAudit.downloaded', { file }),
    );

  const columns: Column<AtoEquipe>[] = [
    { header: t('staffAudit.when'), status: true, cell: (act) => t('staffAudit.at', { when: when.format(new Date(act.em)) }) },
    { header: t('staffAudit.who'), cell: (act) => <Named name={act.autor_nome} reference={act.autor} /> },
    { header: t('staffAudit.action'), cell: (act) => act.acao },
    { header: t('staffAudit.target'), cell: (act) => <Named name={act.alvo_nome} reference={act.alvo} /> },
    { header: t('staffAudit.reason'), cell: (act) => act.motivo ?? '—' },
    {
      header: t('staffAudit.details'),
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
    <Stack gap="lg">
      <Text>{t('staffAudit.intro')}</Text>
      <AuditFilterForm onSubmit={filter} />
      <Stack gap="sm">
        <Group gap="sm">
          <Button variant="outline" color="blue.9" onClick={download}>
            {t('staffAudit.csv')}
          </Button>
        </Group>
        <NoticeView notice={notify.notice} />
        <ListSection
          query={{ isPending: audit.isPending, isError: audit.isError, data: audit.data?.itens }}
          errorText={messageOf(audit.error, t('staffAudit.fetchError'))}
          emptyText={t('staffAudit.none')}
          caption={t('staffAudit.caption', { count: total, page: shown, pages })}
          columns={columns}
          rowKey={(act) => act.id}
          minWidth={900}
        />
        {audit.data && total > 0 && (
          <Group component="nav" aria-label={t('staffAudit.pages.label')} gap="sm">
            <Button variant="default" disabled={shown <= 1} onClick={() => setPage(shown - 1)}>
              {t('staffAudit.pages.previous')}
            </Button>
            <Text role="status">{t('staffAudit.pages.where', { page: shown, pages })}</Text>
            <Button variant="default" disabled={shown >= pages} onClick={() => setPage(shown + 1)}>
              {t('staffAudit.pages.next')}
            </Button>
          </Group>
        )}
      </Stack>
    </Stack>
  );
}

/** Who or whom: the name when the audit knows it, with the reference recorded (`pessoa:7`) under it. */
function Named({ name, reference }: { name: string | null; reference: string }) {
  if (!name) return reference;
  return (
    <Stack gap={0}>
      <Text size="sm" component="span">
        {name}
      </Text>
      <Text size="xs" component="span" c="gray.8">
        {reference}
      </Text>
    </Stack>
  );
}
