import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSumario } from '../api/get-sumario';
import { IssueContents } from './issue-contents';

/** The contents tab of a serial (summary): the latest issues' tables of contents, newest first. */
export function SerialContentsTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const contents = useSumario(id);
  if (contents.isError) return <Text c="red.8">{t('errors.loadFailed')}</Text>;
  if (!contents.data) return <Text c="gray.7">{t('common.loading')}</Text>;
  return (
    <Stack gap="md">
      {contents.data.fasciculos.map((issue) => (
        <IssueContents key={issue.seq} issue={issue} />
      ))}
    </Stack>
  );
}
