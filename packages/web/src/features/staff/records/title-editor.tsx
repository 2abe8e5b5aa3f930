import type { EditorRecord, PreviaRegistro, VersaoRegistro } from '@estante/contracts/catalog';
import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/client';
import type { Say } from '../../../ui/announcer';
import { Refused } from '../../../ui/announcer';
import { useShortDate } from '../../../ui/dates';
import { Loading } from '../../../ui/loading';
import { RecordEditor } from './record-editor';
import { useLoadVersion, usePreview, useSaveTitle, useTitleRecord, useVersions } from './records.api';

/** A title's record in the editor, its preview, its save as a new version, and its versions. */
export function TitleEditor({ id, say }: { id: number; say: Say }) {
  const { t } = useTranslation();
  const title = useTitleRecord(id);
  // A version loaded into the editor (to be saved again as the newest) replaces the record shown.
  const [loaded, setLoaded] = useState<{ record: EditorRecord; versao: number; n: number } | null>(null);
  if (!title.data)
    return (
      <Loading state={title} error={messageOf(title.error, t('staffRecords.fetchError'))}>
        {() => null}
      </Loading>
    );
  const record = loaded?.record ?? title.data.registro;
  return (
    <Stack gap="lg">
      <Title order={2} size="h3">
        {t('staffRecords.titleHeading', { title: title.data.titulo, version: title.data.versao })}
      </Title>
      <TitleForm key={`${title.data.versao}-${loaded?.n ?? 0}`} id={id} versao={title.data.versao} record={record} say={say} onSaved={() => setLoaded(null)} />
      <Versions id={id} onLoad={(version) => setLoaded((last) => ({ record: version.record, versao: version.versao, n: (last?.n ?? 0) + 1 }))} say={say} />
    </Stack>
  );
}

function TitleForm({ id, versao, record, say, onSaved }: { id: number; versao: number; record: EditorRecord; say: Say; onSaved: () => void }) {
  const { t } = useTranslation();
  const save = useSaveTitle();
  const preview = usePreview();
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <>
      <RecordEditor
        format="bibliographic"
        initial={record}
        actions={(current, issues, focusFirstIssue) => (
          <Stack gap="sm">
            <Refused text={refusal} />
            <Group>
              <Button
                loading={save.isPending}
                onClick={() => {
                  if (issues.length > 0) {
                    setRefusal(t('staffRecords.blocked', { count: issues.length }));
                    focusFirstIssue();
                    return;
                  }
                  setRefusal(null);
                  save.mutate(
                    { id, versao, registro: current },
                    {
                      onSuccess: (saved) => {
                        onSaved();
                        say(t('staffRecords.saved', { version: saved.versao }));
                      },
                      onError: (error) => setRefusal(messageOf(error, t('staffRecords.saveError'))),
                    },
                  );
                }}
              >
                {t('staffRecords.save')}
              </Button>
              <Button variant="default" loading={preview.isPending} onClick={() => preview.mutate({ id, registro: current })}>
                {t('staffRecords.preview.show')}
              </Button>
            </Group>
          </Stack>
        )}
      />
      {preview.isError && <Refused text={messageOf(preview.error, t('staffRecords.preview.error'))} />}
      {preview.data && <PreviewPanel preview={preview.data} />}
    </>
  );
}

/** The unsaved record as a patron would see its title page, and its ABNT reference. */
export function PreviewPanel({ preview }: { preview: PreviaRegistro }) {
  const { t } = useTranslation();
  const headingId = useId();
  const rows: [string, string | null][] = [
    [t('staffRecords.preview.type'), preview.desc_tipo_obra],
    [t('staffRecords.preview.author'), preview.autor],
    [t('staffRecords.preview.responsibility'), preview.responsabilidade],
    [t('staffRecords.preview.edition'), preview.edicao],
    [t('staffRecords.preview.imprint'), [preview.local, preview.editora, preview.ano_publicacao].filter(Boolean).join(', ') || null],
    [t('staffRecords.preview.physical'), preview.descricao_fisica],
    [t('staffRecords.preview.series'), preview.serie],
    [t('staffRecords.preview.subjects'), preview.assuntos.join('; ') || null],
    [t('staffRecords.preview.addedAuthors'), preview.autores_secundarios.join('; ') || null],
    [t('staffRecords.preview.notes'), preview.notas],
    ['ISBN', preview.isbn.join(', ') || null],
  ];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} tabIndex={-1} ref={(el) => el?.focus()}>
        {t('staffRecords.preview.heading')}
      </Title>
      {preview.titulo ? (
        <Stack gap="xs" mt="sm">
          <Text fw={700} size="lg">
            {preview.titulo}
          </Text>
          <dl>
            {rows
              .filter(([, value]) => value)
              .map(([label, value]) => (
                <div key={label}>
                  <Text component="dt" fw={600} size="sm">
                    {label}
                  </Text>
                  <Text component="dd" ml="md" size="sm">
                    {value}
                  </Text>
                </div>
              ))}
          </dl>
          <Title order={3} size="h4">
            {t('staffRecords.preview.reference')}
          </Title>
          <Text data-testid="preview-reference">{preview.referencia?.texto}</Text>
        </Stack>
      ) : (
        <Text mt="sm">{t('staffRecords.preview.noTitle')}</Text>
      )}
    </Paper>
  );
}

/** The record's versions, newest first; an earlier one can be loaded into the editor and saved again as the newest. */
function Versions({ id, onLoad, say }: { id: number; onLoad: (v: { record: EditorRecord; versao: number }) => void; say: Say }) {
  const { t } = useTranslation();
  const versions = useVersions(id);
  const load = useLoadVersion();
  const day = useShortDate();
  const headingId = useId();
  const [refusal, setRefusal] = useState<string | null>(null);
  const when = (iso: string) => day(iso);
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="xs">
        {t('staffRecords.versions.heading')}
      </Title>
      <Refused text={refusal} />
      {versions.data && (
        <Table.ScrollContainer minWidth={500}>
          <Table>
            <Table.Caption>{t('staffRecords.versions.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('staffRecords.versions.version')}</Table.Th>
                <Table.Th scope="col">{t('staffRecords.versions.created')}</Table.Th>
                <Table.Th scope="col">{t('staffRecords.versions.replaced')}</Table.Th>
                <Table.Th scope="col">{t('staffRecords.versions.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {versions.data.map((v: VersaoRegistro) => (
                <Table.Tr key={v.versao}>
                  <Table.Td>{v.atual ? t('staffRecords.versions.current', { version: v.versao }) : v.versao}</Table.Td>
                  <Table.Td>{when(v.criada_em)}</Table.Td>
                  <Table.Td>{v.substituida_em ? `${when(v.substituida_em)} (${v.substituida_por ?? ''})` : '—'}</Table.Td>
                  <Table.Td>
                    {!v.atual && (
                      <Button
                        size="compact-sm"
                        variant="default"
                        aria-label={t('staffRecords.versions.loadOne', { version: v.versao })}
                        onClick={() =>
                          load.mutate(
                            { id, versao: v.versao },
                            {
                              onSuccess: (full) => {
                                onLoad({ record: full.registro, versao: full.versao });
                                say(t('staffRecords.versions.loaded', { version: full.versao }));
                              },
                              onError: (error) => setRefusal(messageOf(error, t('staffRecords.fetchError'))),
                            },
                          )
                        }
                      >
                        {t('staffRecords.versions.load')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}
