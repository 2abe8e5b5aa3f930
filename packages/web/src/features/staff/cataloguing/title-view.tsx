import type { CatalogCopy, CatalogTitleDetail } from '@estante/contracts/catalog';
import { Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { messageOf } from '../../../api/client';
import { Refused, type Say } from '../../../ui/announcer';
import { confirmAction } from '../../../ui/confirm';
import { StatusLine } from '../../../ui/status-line';
import { useCatalogTitle, useDeleteTitle, useSuppress, useWithdrawCopy } from './cataloguing.api';
import { CopyForm } from './copy-form';

/** Where the MARC record editor opens a title (features/staff/records, another section). */
export const recordEditorPath = (acervo: number) => `/equipe/registros?titulo=${acervo}`;

/**
 * One title for the cataloguer (`?titulo=<n>`): its number, control number and whether patrons
 * see it; suppress or show it, delete it, open its record in the MARC editor; its copies, each
 * edited, moved or withdrawn, and a copy added. Its heading takes the focus when it opens.
 */
export function TitleView({ acervo, say, onBack, onDeleted }: { acervo: number; say: Say; onBack: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const title = useCatalogTitle(acervo);
  const heading = useRef<HTMLHeadingElement>(null);
  const focused = useRef(false);
  useEffect(() => {
    if (title.data && !focused.current) {
      focused.current = true;
      heading.current?.focus();
    }
  }, [title.data]);

  if (title.isError) {
    return (
      <Stack gap="sm">
        <Refused text={messageOf(title.error, t('errors.unexpected'))} />
        <Group>
          <Button variant="default" onClick={onBack}>
            {t('staffCataloguing.title.back')}
          </Button>
        </Group>
      </Stack>
    );
  }
  if (!title.data) return <Text>{t('staffCataloguing.loading')}</Text>;
  const data = title.data;
  return (
    <Stack gap="md">
      <Group>
        <Button variant="subtle" onClick={onBack}>
          {t('staffCataloguing.title.back')}
        </Button>
      </Group>
      <Title order={2} size="h3" ref={heading} tabIndex={-1}>
        {data.titulo}
      </Title>
      <Group gap="sm">
        <Text size="sm">{t('staffCataloguing.title.numbers', { number: data.cod_acervo, control: data.numero_controle })}</Text>
        {data.suprimido ? (
          <Badge color="red.9" variant="filled">
            {t('staffCataloguing.title.suppressed')}
          </Badge>
        ) : (
          <Badge color="teal.9" variant="filled">
            {t('staffCataloguing.title.visible')}
          </Badge>
        )}
      </Group>
      <TitleActions title={data} say={say} onDeleted={onDeleted} />
      <Copies title={data} say={say} />
    </Stack>
  );
}

/** Suppress from the OPAC (or show again), delete, and the MARC editor's link. */
function TitleActions({ title, say, onDeleted }: { title: CatalogTitleDetail; say: Say; onDeleted: () => void }) {
  const { t } = useTranslation();
  const suppress = useSuppress();
  const remove = useDeleteTitle();
  const [refusal, setRefusal] = useState<string | null>(null);

  const toggle = async () => {
    setRefusal(null);
    try {
      const done = await suppress.mutateAsync({ acervo: title.cod_acervo, suprimido: !title.suprimido });
      say(done.suprimido ? t('staffCataloguing.title.suppressedDone', { title: done.titulo }) : t('staffCataloguing.title.shownDone', { title: done.titulo }));
    } catch (error) {
      setRefusal(messageOf(error, t('errors.unexpected')));
    }
  };
  const askDelete = () =>
    confirmAction({
      title: t('staffCataloguing.title.deleteTitle'),
      text: t('staffCataloguing.title.deleteText', { title: title.titulo, count: title.copias.length }),
      keepLabel: t('staffCataloguing.title.keep'),
      confirmLabel: t('staffCataloguing.title.delete'),
      danger: true,
      onConfirm: async () => {
        setRefusal(null);
        try {
          const done = await remove.mutateAsync(title.cod_acervo);
          say(t('staffCataloguing.title.deleted', { title: title.titulo, count: done.exemplares_apagados }));
          onDeleted();
        } catch (error) {
          setRefusal(messageOf(error, t('errors.unexpected')));
        }
      },
    });

  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Button variant="outline" onClick={toggle} loading={suppress.isPending}>
          {title.suprimido ? t('staffCataloguing.title.show') : t('staffCataloguing.title.suppress')}
        </Button>
        <Anchor component={Link} to={recordEditorPath(title.cod_acervo)}>
          {t('staffCataloguing.title.editRecord')}
        </Anchor>
        <Button variant="outline" color="red.9" onClick={askDelete} loading={remove.isPending}>
          {t('staffCataloguing.title.delete')}
        </Button>
      </Group>
      <Text size="sm">{t('staffCataloguing.title.suppressHelp')}</Text>
      <Refused text={refusal} />
    </Stack>
  );
}

/** The title's copies in a table, each with Edit and Withdraw, and the form to add one (or edit the one chosen). */
function Copies({ title, say }: { title: CatalogTitleDetail; say: Say }) {
  const { t } = useTranslation();
  const headingId = useId();
  const withdraw = useWithdrawCopy();
  // The form open: a new copy (null) or the copy edited; undefined: none.
  const [editing, setEditing] = useState<CatalogCopy | null | undefined>(undefined);
  const [refusal, setRefusal] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  const askWithdraw = (copy: CatalogCopy) =>
    confirmAction({
      title: t('staffCataloguing.copies.withdrawTitle'),
      text: t('staffCataloguing.copies.withdrawText', { barcode: copy.tombo }),
      keepLabel: t('staffCataloguing.title.keep'),
      confirmLabel: t('staffCataloguing.copies.withdraw'),
      danger: true,
      onConfirm: async () => {
        setRefusal(null);
        try {
          await withdraw.mutateAsync(copy.cod_exemplar);
          say(t('staffCataloguing.copies.withdrawn', { barcode: copy.tombo }));
        } catch (error) {
          setRefusal(messageOf(error, t('errors.unexpected')));
        }
      },
    });
  const close = () => setEditing(undefined);
  // Cancelled, the focus goes back to "Add a copy" (a save's outcome takes it itself).
  const cancel = () => {
    setEditing(undefined);
    setTimeout(() => addButton.current?.focus());
  };

  return (
    <section aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId} mb="xs">
        {t('staffCataloguing.copies.heading', { count: title.copias.length })}
      </Title>
      <Stack gap="sm">
        {title.copias.length === 0 ? (
          <Text>{t('staffCataloguing.copies.none')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={820}>
            <Table striped withTableBorder>
              <Table.Caption>{t('staffCataloguing.copies.caption', { title: title.titulo })}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('staffCataloguing.copy.barcode')}</Table.Th>
                  <Table.Th scope="col">{t('staffCataloguing.copy.library')}</Table.Th>
                  <Table.Th scope="col">{t('staffCataloguing.copy.location')}</Table.Th>
                  <Table.Th scope="col">{t('staffCataloguing.copy.loanType')}</Table.Th>
                  <Table.Th scope="col">{t('staffCataloguing.copy.collection')}</Table.Th>
                  <Table.Th scope="col">{t('staffCataloguing.copy.status')}</Table.Th>
                  <Table.Th scope="col">{t('staffCataloguing.copies.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {title.copias.map((copy) => (
                  <Table.Tr key={copy.cod_exemplar}>
                    <Table.Td data-label={t('staffCataloguing.copy.barcode')}>{copy.tombo}</Table.Td>
                    <Table.Td data-label={t('staffCataloguing.copy.library')}>{copy.biblioteca}</Table.Td>
                    <Table.Td data-label={t('staffCataloguing.copy.location')}>
                      {copy.localizacao}
                      {copy.volume ? ` ${copy.volume}` : ''}
                    </Table.Td>
                    <Table.Td data-label={t('staffCataloguing.copy.loanType')}>{copy.tipo_emprestimo}</Table.Td>
                    <Table.Td data-label={t('staffCataloguing.copy.collection')}>{copy.colecao ?? '—'}</Table.Td>
                    <Table.Td data-label={t('staffCataloguing.copy.status')}>
                      <StatusLine tone={copy.situacao === 'disponivel' ? 'ok' : 'neutral'} size="sm">
                        {t(`staffCataloguing.statuses.${copy.situacao}`)}
                      </StatusLine>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Button
                          size="compact-sm"
                          variant="default"
                          aria-label={t('staffCataloguing.copies.editOne', { barcode: copy.tombo })}
                          onClick={() => setEditing(copy)}
                        >
                          {t('staffCataloguing.copies.edit')}
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="default"
                          color="red.9"
                          aria-label={t('staffCataloguing.copies.withdrawOne', { barcode: copy.tombo })}
                          onClick={() => askWithdraw(copy)}
                        >
                          {t('staffCataloguing.copies.withdraw')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Refused text={refusal} />
        {editing === undefined ? (
          <Group>
            <Button ref={addButton} onClick={() => setEditing(null)}>
              {t('staffCataloguing.copies.add')}
            </Button>
          </Group>
        ) : (
          <CopyForm key={editing?.cod_exemplar ?? 'new'} acervo={title.cod_acervo} copy={editing} say={say} onDone={close} onCancel={cancel} />
        )}
      </Stack>
    </section>
  );
}
