import { Anchor, Group, Text } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MarcTable } from '../../../ui/marc-table';
import { useMarc } from '../api/get-marc';

/** An object URL for a download, released when the content changes or the tab closes. */
function useDownloadHref(content: string | undefined, type: string): string | undefined {
  const href = useMemo(() => (content === undefined ? undefined : URL.createObjectURL(new Blob([content], { type }))), [content, type]);
  useEffect(
    () => () => {
      if (href) URL.revokeObjectURL(href);
    },
    [href],
  );
  return href;
}

/** Tab 36: the MARC 21 record with labels, and the record to download for copy cataloguing. */
export function MarcTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const marc = useMarc(id);
  const xml = useDownloadHref(marc.data?.marcxml, 'application/marcxml+xml');
  const iso = useDownloadHref(marc.data?.iso2709, 'application/marc');
  if (marc.isError) return <Text c="red.8">{t('errors.loadFailed')}</Text>;
  if (!marc.data) return <Text c="gray.7">{t('common.loading')}</Text>;
  return (
    <>
      <Group gap="md" mb="sm">
        {xml && (
          <Anchor href={xml} download={`${t('marc.fileName', { id })}.xml`}>
            {t('marc.downloadXml')}
          </Anchor>
        )}
        {iso && (
          <Anchor href={iso} download={`${t('marc.fileName', { id })}.mrc`}>
            {t('marc.downloadIso')}
          </Anchor>
        )}
      </Group>
      <MarcTable marc={marc.data} />
    </>
  );
}
