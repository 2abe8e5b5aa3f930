import { type Pedido, REQUEST_FILTERS, type RequestStatus, type RequestType } from '@estante/contracts/requests';
import { List, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, ListSection } from '../../../ui/list-section';
import { usePatronRequests } from './requests.api';
import { dateFormat } from '../../../ui/dates';

/**
 * The patron's requests of a type (spec §4 status filter): what was asked, of which library,
 * when, its status and the library's notes step by step; `action` adds a cell (the sheet's PDF).
 */
export function RequestHistory({ tipo, heading, action }: { tipo: RequestType; heading: string; action?: (request: Pedido) => ReactNode }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const [status, setStatus] = useState<RequestStatus | 'todas'>('todas');
  const requests = usePatronRequests(tipo, status);
  const date = dateFormat(i18n.language);
  const columns: Column<Pedido>[] = [
    { header: t('requestForms.number'), cell: (r) => r.cod_solicitacao },
    {
      header: t('requestForms.what'),
      cell: (r) => (
        <>
          {r.resumo}
          {r.subtipo && <Text size="sm">{t(`requestForms.kinds.${r.subtipo}`)}</Text>}
        </>
      ),
    },
    { header: t('requestForms.library'), cell: (r) => r.biblioteca },
    { header: t('requests.date'), cell: (r) => date.format(new Date(r.criado_em)) },
    { header: t('requests.status'), cell: (r) => t(`requests.statuses.${r.situacao}`) },
    {
      header: t('requestForms.notes'),
      cell: (r) =>
        r.historico.some((h) => h.nota) ? (
          <List size="sm" spacing={2}>
            {r.historico
              .filter((h) => h.nota)
              .map((h) => (
                <List.Item key={`${h.em}-${h.situacao}`}>
                  {date.format(new Date(h.em))}, {t(`requests.statuses.${h.situacao}`)}: {h.nota}
                </List.Item>
              ))}
          </List>
        ) : (
          '—'
        ),
    },
    ...(action ? [{ header: t('requestForms.document'), cell: (r: Pedido) => action(r) }] : []),
  ];
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {heading}
      </Title>
      <NativeSelect
        label={t('requests.status')}
        w="fit-content"
        value={status}
        onChange={(e) => setStatus(e.currentTarget.value as RequestStatus | 'todas')}
        data={REQUEST_FILTERS.map((s) => ({ value: s, label: t(`requests.statuses.${s}`) }))}
      />
      <ListSection
        query={requests}
        errorText={t('requests.fetchError')}
        emptyText={status === 'todas' ? t('requestForms.none') : t('requestForms.noneWithStatus')}
        caption={heading}
        columns={columns}
        rowKey={(r) => r.cod_solicitacao}
        minWidth={760}
      />
    </Stack>
  );
}
