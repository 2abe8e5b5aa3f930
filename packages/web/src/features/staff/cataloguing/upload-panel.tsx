import { UPLOAD_HOLDINGS, UPLOAD_MAX_BYTES, type UploadReport, type UploadState } from '@estante/contracts/catalog';
import { Button, FileInput, Group, List, NativeSelect, Progress, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/client';
import { Refused, type Say } from '../../../ui/announcer';
import { StatusLine } from '../../../ui/status-line';
import { useLastUpload, useUpload } from './cataloguing.api';

type Holdings = (typeof UPLOAD_HOLDINGS)[number];

/** `CPL=1, FPL=2` as typed: the pairs the call takes (`CPL=1,FPL=2`), or null when one is malformed. */
function pairs(text: string, value: RegExp): string | null {
  const list = text
    .split(/[,;\n]/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (list.some((p) => !new RegExp(`^[^=,]{1,100}=${value.source}$`).test(p.replace(/\s*=\s*/, '=')))) return null;
  return list.map((p) => p.replace(/\s*=\s*/, '=')).join(',');
}

/**
 * "Importar arquivo MARC": a file (ISO 2709 or MARCXML) chosen and sent, its copies read by a
 * holdings map (none, Koha's 952, MARC 21's 852/876) with the source's codes mapped; then the
 * import's progress (a bar with its words) polled until it ends, and its report.
 */
export function UploadPanel({ say }: { say: Say }) {
  const { t } = useTranslation();
  const headingId = useId();
  const upload = useUpload();
  const last = useLastUpload();
  const [file, setFile] = useState<File | null>(null);
  const [holdings, setHoldings] = useState<Holdings>('nenhum');
  const [libraries, setLibraries] = useState('');
  const [loanTypes, setLoanTypes] = useState('');
  const [statuses, setStatuses] = useState('');
  const [problems, setProblems] = useState<Record<string, string | null>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const fileInput = useRef<HTMLButtonElement>(null);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const found: Record<string, string | null> = {
      file: !file ? t('staffCataloguing.upload.fileRule') : file.size > UPLOAD_MAX_BYTES ? t('staffCataloguing.upload.tooLarge') : null,
      libraries: pairs(libraries, /\d{1,9}/) === null ? t('staffCataloguing.upload.pairsRule', { example: 'CPL=1' }) : null,
      loanTypes: pairs(loanTypes, /\d{1,5}/) === null ? t('staffCataloguing.upload.pairsRule', { example: 'BK=1' }) : null,
      statuses: pairs(statuses, /[a-z_]+/) === null ? t('staffCataloguing.upload.pairsRule', { example: 'Missing=extraviado' }) : null,
    };
    setProblems(found);
    if (Object.values(found).some(Boolean)) {
      // The first wrong field takes the focus, once it shows its problem.
      if (found.file) fileInput.current?.focus();
      else setTimeout(() => document.querySelector<HTMLInputElement>(`[aria-labelledby="${headingId}"] [aria-invalid="true"]`)?.focus());
      return;
    }
    try {
      const mapped =
        holdings === 'nenhum' ? {} : { bibliotecas: pairs(libraries, /\d{1,9}/)!, tipos: pairs(loanTypes, /\d{1,5}/)!, situacoes: pairs(statuses, /[a-z_]+/)! };
      const state = await upload.mutateAsync({ file: file!, query: { arquivo: file!.name.slice(0, 200), exemplares: holdings, ...mapped } });
      say(t('staffCataloguing.upload.started', { file: state.arquivo }));
    } catch (error) {
      setRefusal(messageOf(error, t('errors.unexpected')));
    }
  };

  const running = last.data?.estado === 'executando';
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="xs">
        {t('staffCataloguing.upload.heading')}
      </Title>
      <Stack gap="md" maw={820}>
        <Text size="sm">{t('staffCataloguing.upload.help')}</Text>
        <form onSubmit={send} noValidate aria-labelledby={headingId} aria-busy={upload.isPending}>
          <Stack gap="sm">
            <FileInput
              ref={fileInput}
              label={t('staffCataloguing.upload.file')}
              description={t('staffCataloguing.upload.fileHelp')}
              placeholder={t('staffCataloguing.upload.choose')}
              accept=".mrc,.marc,.iso,.dat,.xml,application/marc,application/marcxml+xml,text/xml,application/xml"
              required
              clearable
              clearButtonProps={{ 'aria-label': t('staffCataloguing.upload.clear') }}
              value={file}
              onChange={setFile}
              error={problems.file}
            />
            <NativeSelect
              label={t('staffCataloguing.upload.holdings')}
              description={t('staffCataloguing.upload.holdingsHelp')}
              value={holdings}
              onChange={(event) => setHoldings(event.currentTarget.value as Holdings)}
              data={UPLOAD_HOLDINGS.map((h) => ({ value: h, label: t(`staffCataloguing.upload.maps.${h}`) }))}
            />
            {holdings !== 'nenhum' && (
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput
                  label={t('staffCataloguing.upload.mapLibraries')}
                  description={t('staffCataloguing.upload.mapLibrariesHelp')}
                  placeholder="CPL=1, FPL=2"
                  value={libraries}
                  onChange={(event) => setLibraries(event.currentTarget.value)}
                  maxLength={2000}
                  autoComplete="off"
                  error={problems.libraries}
                />
                <TextInput
                  label={t('staffCataloguing.upload.mapLoanTypes')}
                  description={t('staffCataloguing.upload.mapLoanTypesHelp')}
                  placeholder="BK=1"
                  value={loanTypes}
                  onChange={(event) => setLoanTypes(event.currentTarget.value)}
                  maxLength={2000}
                  autoComplete="off"
                  error={problems.loanTypes}
                />
                <TextInput
                  label={t('staffCataloguing.upload.mapStatuses')}
                  description={t('staffCataloguing.upload.mapStatusesHelp')}
                  placeholder="Missing=extraviado"
                  value={statuses}
                  onChange={(event) => setStatuses(event.currentTarget.value)}
                  maxLength={2000}
                  autoComplete="off"
                  error={problems.statuses}
                />
              </SimpleGrid>
            )}
            <Refused text={refusal} />
            <Group>
              <Button type="submit" loading={upload.isPending} disabled={running}>
                {t('staffCataloguing.upload.submit')}
              </Button>
              {running && <Text size="sm">{t('staffCataloguing.upload.oneAtATime')}</Text>}
            </Group>
          </Stack>
        </form>
        {last.data && <UploadProgress state={last.data} say={say} />}
      </Stack>
    </section>
  );
}

/** A number of bytes in the reader's words (KB, MB). */
function useBytes() {
  const { i18n } = useTranslation();
  const format = (n: number, unit: 'kilobyte' | 'megabyte') =>
    new Intl.NumberFormat(i18n.language, { style: 'unit', unit, maximumFractionDigits: 1 }).format(n);
  return (bytes: number) => (bytes >= 2 ** 20 ? format(bytes / 2 ** 20, 'megabyte') : format(bytes / 1024, 'kilobyte'));
}

/** The last import: its progress bar and words while it runs, its report once done (said in the live region when it ends). */
function UploadProgress({ state, say }: { state: UploadState; say: Say }) {
  const { t } = useTranslation();
  const bytes = useBytes();
  const headingId = useId();
  const wasRunning = useRef(state.estado === 'executando');
  useEffect(() => {
    if (state.estado === 'executando') wasRunning.current = true;
    else if (wasRunning.current) {
      wasRunning.current = false;
      say(
        state.estado === 'concluida'
          ? t('staffCataloguing.progress.done', { file: state.arquivo, count: state.lidos })
          : t('staffCataloguing.progress.failed', { file: state.arquivo }),
      );
    }
  }, [state.estado, state.arquivo, state.lidos, say, t]);
  const total = Math.max(state.total, 1);
  const percent = state.estado === 'concluida' ? 100 : Math.min(100, Math.round((state.bytes / total) * 100));
  const words = t('staffCataloguing.progress.words', { read: bytes(state.bytes), total: bytes(state.total), percent, count: state.lidos });

  return (
    <section aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId} mb="xs">
        {t('staffCataloguing.progress.heading', { file: state.arquivo })}
      </Title>
      <Stack gap="xs">
        <Progress.Root size="lg">
          <Progress.Section value={percent} aria-label={t('staffCataloguing.progress.label', { file: state.arquivo })} aria-valuetext={words} />
        </Progress.Root>
        <Text size="sm">{words}</Text>
        <StatusLine tone={state.estado === 'concluida' ? 'ok' : state.estado === 'executando' ? 'neutral' : 'danger'} size="sm">
          {t(`staffCataloguing.progress.states.${state.estado}`)}
          {state.erro ? ` — ${state.erro}` : ''}
        </StatusLine>
        {state.relatorio && <UploadReportView report={state.relatorio} file={state.arquivo} />}
      </Stack>
    </section>
  );
}

/** The report's text as a file the browser downloads. */
function download(report: UploadReport, file: string) {
  const url = URL.createObjectURL(new Blob([`${report.linhas.join('\n')}\n`], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${file.replace(/\.[^.]*$/, '')}-relatorio.txt`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** What an import did: new / updated / unchanged / rejected (with reasons), its copies and the codes left unmapped; downloadable. */
function UploadReportView({ report, file }: { report: UploadReport; file: string }) {
  const { t } = useTranslation();
  const rejected = report.rejeitados.length + report.rejeitados_omitidos;
  const copies = report.exemplares;
  const unmapped = copies
    ? (['biblioteca', 'tipo', 'situacao'] as const).flatMap((part) =>
        Object.entries(copies.nao_mapeados[part]).map(([code, count]) => t(`staffCataloguing.report.unmapped.${part}`, { code, count })),
      )
    : [];
  return (
    <Stack gap="xs">
      <List spacing={2} aria-label={t('staffCataloguing.report.counts')}>
        <List.Item>{t('staffCataloguing.report.read', { count: report.lidos })}</List.Item>
        <List.Item>{t('staffCataloguing.report.new', { count: report.novos })}</List.Item>
        <List.Item>{t('staffCataloguing.report.updated', { count: report.atualizados })}</List.Item>
        <List.Item>{t('staffCataloguing.report.unchanged', { count: report.iguais })}</List.Item>
        {report.apagados > 0 && <List.Item>{t('staffCataloguing.report.deleted', { count: report.apagados })}</List.Item>}
        <List.Item>{t('staffCataloguing.report.rejected', { count: rejected })}</List.Item>
        {copies && (
          <List.Item>
            {t('staffCataloguing.report.copies', {
              map: t(`staffCataloguing.upload.maps.${copies.mapa}`, { defaultValue: copies.mapa }),
              new: copies.novos,
              updated: copies.atualizados,
              unchanged: copies.iguais,
              deleted: copies.apagados,
              left: copies.nao_importados,
            })}
          </List.Item>
        )}
      </List>
      {unmapped.length > 0 && (
        <List spacing={2} aria-label={t('staffCataloguing.report.unmappedHeading')}>
          {unmapped.map((line) => (
            <List.Item key={line}>
              <StatusLine tone="warning" size="sm">
                {line}
              </StatusLine>
            </List.Item>
          ))}
        </List>
      )}
      {report.rejeitados.length > 0 && (
        <Table.ScrollContainer minWidth={500}>
          <Table striped withTableBorder>
            <Table.Caption>{t('staffCataloguing.report.rejectedCaption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('staffCataloguing.report.record')}</Table.Th>
                <Table.Th scope="col">{t('staffCataloguing.report.byte')}</Table.Th>
                <Table.Th scope="col">{t('staffCataloguing.report.reason')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.rejeitados.slice(0, 200).map((r) => (
                <Table.Tr key={`${r.registro}-${r.byte}`}>
                  <Table.Td>{r.registro}</Table.Td>
                  <Table.Td>{r.byte}</Table.Td>
                  <Table.Td>{r.motivo}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group>
        <Button variant="outline" onClick={() => download(report, file)}>
          {t('staffCataloguing.report.download')}
        </Button>
      </Group>
    </Stack>
  );
}
