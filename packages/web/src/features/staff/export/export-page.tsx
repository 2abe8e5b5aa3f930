import { CATALOGUE_FORMATS, type CatalogueFormat, HOLDINGS_MAPS, type HoldingsMapName, PEOPLE_FILES, type PeopleFile } from '@estante/contracts/export';
import { Button, Code, FileInput, Group, List, NativeSelect, Radio, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoticeView, useNotify } from '../../../ui/notify';
import { type Downloaded, downloadCatalogue, downloadPeopleFile } from './export.api';

/** A small file's text (the holdings map), read as UTF-8. */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file, 'utf-8');
  });
}

/** An argument as a shell reads it back. */
const shellWord = (arg: string) => (/^[\w./=:@-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`);

/**
 * The staff area's "Exportação" (/equipe/exportacao), for the administration: what the library
 * owns as files another Estante imports — the catalogue with its copies as MARC in the holdings
 * map chosen, and the patrons, their open loans, holds and debts as CSV with the imports' own
 * headers. Each download names, once saved, the command that reads it back (decision 0056).
 */
export function ExportPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="xl" maw={820}>
      <Text>{t('staffExport.intro')}</Text>
      <CataloguePanel />
      <PeoplePanel />
    </Stack>
  );
}

function CataloguePanel() {
  const { t } = useTranslation();
  const headingId = useId();
  const notify = useNotify();
  const [format, setFormat] = useState<CatalogueFormat>('marcxml');
  const [holdings, setHoldings] = useState<HoldingsMapName>('koha');
  const [mapFile, setMapFile] = useState<File | null>(null);
  const [mapProblem, setMapProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const mapInput = useRef<HTMLButtonElement>(null);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (holdings === 'proprio' && !mapFile) {
      setMapProblem(t('staffExport.catalogue.mapRule'));
      mapInput.current?.focus();
      return;
    }
    setMapProblem(null);
    setBusy(true);
    try {
      await notify.run(
        async () => downloadCatalogue({ formato: format, exemplares: holdings, ...(holdings === 'proprio' ? { mapa: await readText(mapFile!) } : {}) }),
        ({ filename, importArgs }: Downloaded) => {
          const map = holdings === 'proprio' ? ['--holdings-map', mapFile!.name] : ['--holdings', holdings];
          const command = ['npm run import --', ...[...map, ...importArgs, filename].map(shellWord)].join(' ');
          return t('staffExport.catalogue.done', { file: filename, command });
        },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="xs">
        {t('staffExport.catalogue.heading')}
      </Title>
      <form onSubmit={send} noValidate aria-labelledby={headingId} aria-busy={busy}>
        <Stack gap="sm">
          <Text size="sm">{t('staffExport.catalogue.help')}</Text>
          <Radio.Group label={t('staffExport.catalogue.format')} value={format} onChange={(value) => setFormat(value as CatalogueFormat)}>
            <Group gap="lg" mt="xs">
              {CATALOGUE_FORMATS.map((f) => (
                <Radio key={f} value={f} label={t(`staffExport.catalogue.formats.${f}`)} />
              ))}
            </Group>
          </Radio.Group>
          <NativeSelect
            label={t('staffExport.catalogue.holdings')}
            description={t('staffExport.catalogue.holdingsHelp')}
            value={holdings}
            onChange={(event) => setHoldings(event.currentTarget.value as HoldingsMapName)}
            data={HOLDINGS_MAPS.map((h) => ({ value: h, label: t(`staffExport.catalogue.maps.${h}`) }))}
          />
          {holdings === 'proprio' && (
            <FileInput
              ref={mapInput}
              label={t('staffExport.catalogue.mapFile')}
              description={t('staffExport.catalogue.mapFileHelp')}
              accept=".json,application/json"
              required
              clearable
              value={mapFile}
              onChange={setMapFile}
              error={mapProblem}
            />
          )}
          <Group>
            <Button type="submit" color="blue.9" loading={busy}>
              {t('staffExport.catalogue.download')}
            </Button>
          </Group>
          <NoticeView notice={notify.notice} />
        </Stack>
      </form>
    </section>
  );
}

/** The import command of each CSV file, in the order they are imported. */
const IMPORT_VERB: Record<PeopleFile, string> = { leitores: 'import', emprestimos: 'import-loans', reservas: 'import-holds', debitos: 'import-debts' };

function PeoplePanel() {
  const { t } = useTranslation();
  const headingId = useId();
  const notify = useNotify();
  const [busy, setBusy] = useState<PeopleFile | null>(null);

  const take = async (file: PeopleFile) => {
    setBusy(file);
    try {
      await notify.run(
        () => downloadPeopleFile(file),
        ({ filename }: Downloaded) =>
          t('staffExport.people.done', { file: filename, command: `npm run staff -- people ${IMPORT_VERB[file]} "$PWD/${filename}"` }),
      );
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="xs">
        {t('staffExport.people.heading')}
      </Title>
      <Stack gap="sm">
        <Text size="sm">{t('staffExport.people.help')}</Text>
        <List type="ordered" size="sm">
          {PEOPLE_FILES.map((file) => (
            <List.Item key={file}>
              {t(`staffExport.people.files.${file}`)} <Code>people {IMPORT_VERB[file]}</Code>
            </List.Item>
          ))}
        </List>
        <Group gap="sm">
          {PEOPLE_FILES.map((file) => (
            <Button
              key={file}
              variant="outline"
              color="blue.9"
              loading={busy === file}
              disabled={busy !== null && busy !== file}
              onClick={() => void take(file)}
            >
              {t(`staffExport.people.download.${file}`)}
            </Button>
          ))}
        </Group>
        <NoticeView notice={notify.notice} />
      </Stack>
    </section>
  );
}
