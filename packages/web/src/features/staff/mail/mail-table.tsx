import type { MensagemEnviada } from '@estante/contracts/jobs';
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../ui/scroll-table';
import { StatusLine } from '../../../ui/status-line';

/** The columns, in order: their names are `staffMail.columns.<column>` (each cell carries its own, for the narrow screen's cards). */
const COLUMNS = ['number', 'when', 'to', 'subject', 'status', 'actions'] as const;

interface Acts {
  /** A timestamp as the page shows it (UTC). */
  when: (iso: string) => string;
  onToggle: (id: number) => void;
  onResend: (message: MensagemEnviada) => void;
}

/**
 * The mail log's messages as a table whose rows open: under a message, its text (or why it is not
 * kept, and its attachments). On a narrow screen, one card per row, its status first.
 */
export function MailTable({
  messages,
  caption,
  opened,
  resending,
  ...acts
}: Acts & { messages: readonly MensagemEnviada[]; caption: string; opened: ReadonlySet<number>; resending: number | null }) {
  const { t } = useTranslation();
  return (
    <ScrollTable minWidth={960} stacks>
      <Table className="stack-table">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((column) => (
              <Table.Th key={column}>{t(`staffMail.columns.${column}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {messages.map((message) => (
            <MailRow key={message.id} message={message} open={opened.has(message.id)} resending={resending === message.id} {...acts} />
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** Why a message cannot be sent again, or null when it can (the call refuses the same ones). */
function whyNotResent(message: MensagemEnviada): 'secret' | 'attachments' | null {
  if (message.corpo === null) return 'secret';
  if (message.anexos > 0) return 'attachments';
  return null;
}

/** One message: its row, and under it, when opened, a row with its text. */
function MailRow({ message, open, resending, when, onToggle, onResend }: Acts & { message: MensagemEnviada; open: boolean; resending: boolean }) {
  const { t } = useTranslation();
  const textId = useId();
  const whyId = useId();
  const label = (column: (typeof COLUMNS)[number]) => t(`staffMail.columns.${column}`);
  const named = { subject: message.assunto, when: when(message.em) };
  const why = whyNotResent(message);
  return (
    <>
      <Table.Tr>
        <Table.Td data-label={label('number')}>{message.id}</Table.Td>
        <Table.Td data-label={label('when')}>{when(message.em)}</Table.Td>
        <Table.Td data-label={label('to')} style={{ overflowWrap: 'anywhere' }}>
          {message.para.join(', ')}
        </Table.Td>
        <Table.Td data-label={label('subject')}>{message.assunto}</Table.Td>
        <Table.Td data-label={label('status')} data-status>
          <Stack gap={2}>
            <StatusLine tone={message.situacao === 'falhou' ? 'danger' : 'ok'} size="sm">
              {t(`staffMail.statuses.${message.situacao}`)}
            </StatusLine>
            {message.erro && (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {message.erro}
              </Text>
            )}
            {message.reenvio_de !== null && <Text size="sm">{t('staffMail.resendOf', { id: message.reenvio_de })}</Text>}
          </Stack>
        </Table.Td>
        <Table.Td data-label={label('actions')}>
          <Stack gap={4}>
            <Group gap="xs" wrap="nowrap">
              <Button
                size="compact-sm"
                variant={open ? 'filled' : 'default'}
                aria-expanded={open}
                aria-controls={open ? textId : undefined}
                aria-label={t(open ? 'staffMail.hideOne' : 'staffMail.readOne', named)}
                onClick={() => onToggle(message.id)}
              >
                {t(open ? 'staffMail.hide' : 'staffMail.read')}
              </Button>
              <Button
                size="compact-sm"
                variant="outline"
                color="blue.9"
                disabled={why !== null}
                loading={resending}
                aria-label={t('staffMail.resendOne', named)}
                aria-describedby={why ? whyId : undefined}
                onClick={() => onResend(message)}
              >
                {t('staffMail.resend')}
              </Button>
            </Group>
            {why && (
              <Text size="xs" c="gray.8" id={whyId}>
                {t(`staffMail.notResent.${why}`)}
              </Text>
            )}
          </Stack>
        </Table.Td>
      </Table.Tr>
      {open && (
        <Table.Tr>
          <Table.Td colSpan={COLUMNS.length} id={textId} data-label={t('staffMail.text')}>
            <MessageText message={message} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

/** A message's text as it was sent; or that it carried a secret and is not kept; and its attachments, which are never kept. */
function MessageText({ message }: { message: MensagemEnviada }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" maw="48rem">
      {message.corpo === null ? (
        <Text size="sm" fs="italic">
          {t('staffMail.secret')}
        </Text>
      ) : (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.corpo}
        </Text>
      )}
      {message.anexos > 0 && (
        <Text size="sm" fs="italic">
          {t('staffMail.attachments', { count: message.anexos })}
        </Text>
      )}
    </Stack>
  );
}
