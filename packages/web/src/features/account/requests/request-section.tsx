import type { DadosPedido, RequestType } from '@estante/contracts/requests';
import { Alert, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useRequestStart, useSendRequest } from './requests.api';
import { type FieldSpec, RequestForm } from './request-form';
import { RequestHistory } from './request-history';

/** A request section: its introduction, then (once the libraries are known) its form and history. */
export function RequestSection({ intro, children }: { intro: string; children: (start: DadosPedido) => ReactNode }) {
  const { t } = useTranslation();
  const start = useRequestStart();
  if (start.isPending) return <Loader size="sm" aria-label={t('loading.title')} />;
  if (start.isError)
    return (
      <Alert color="red" variant="filled">
        {t('requests.fetchError')}
      </Alert>
    );
  return (
    <Stack gap="lg">
      <Text>{intro}</Text>
      <Text size="sm">{t('requestForms.limit', { count: start.data.limite })}</Text>
      {children(start.data)}
    </Stack>
  );
}

/**
 * A request section of one form and its history (survey, specialised search, inter-library
 * loan): the fields, the contracts' schema and the call are all that differ.
 */
export function SingleRequestPage({
  tipo,
  name,
  fields,
  schema,
  send: call,
}: {
  tipo: RequestType;
  /** The i18n name of its introduction and form heading (`requestForms.intro.<name>`, `…headings.<name>`). */
  name: string;
  fields: FieldSpec[];
  schema: z.ZodType;
  send: (body: Record<string, unknown>) => Promise<{ codigo: number; mensagem: string }>;
}) {
  const { t } = useTranslation();
  const send = useSendRequest(call);
  return (
    <RequestSection intro={t(`requestForms.intro.${name}`)}>
      {(start) => (
        <>
          <RequestForm
            heading={t(`requestForms.headings.${name}`)}
            fields={fields}
            schema={schema}
            start={start}
            send={send.mutateAsync}
            busy={send.isPending}
          />
          <RequestHistory tipo={tipo} heading={t(`requestForms.history.${tipo}`)} />
        </>
      )}
    </RequestSection>
  );
}
