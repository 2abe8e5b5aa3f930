import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSumario } from '../api/get-sumario';

/** The book-contents tab (sumario_livro): the table of contents from the record. */
export function ContentsTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const contents = useSumario(id);
  if (contents.isError) return <Text c="red.8">{t('errors.loadFailed')}</Text>;
  if (!contents.data) return <Text c="gray.7">{t('common.loading')}</Text>;
  return (
    <List type="ordered" spacing={4}>
      {contents.data.itens.map((item, i) => (
        <List.Item key={i}>
          {item.titulo}
          {item.autoria && (
            <Text span c="gray.7">
              {' '}
              — {item.autoria}
            </Text>
          )}
        </List.Item>
      ))}
    </List>
  );
}
