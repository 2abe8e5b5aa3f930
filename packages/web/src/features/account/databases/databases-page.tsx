import type { BaseDados } from '@estante/contracts';
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../ui/loading';
import { useDatabases } from './databases.api';

/** A database: its name opening it in a new tab (said to screen readers), what it holds, its area, where it can be used. */
function DatabaseCard({ base }: { base: BaseDados }) {
  const { t } = useTranslation();
  return (
    <Paper component="li" withBorder p="md" style={{ listStyle: 'none' }}>
      <Title order={2} size="h5" mb={4}>
        <Anchor href={base.url} target="_blank" rel="noopener noreferrer" underline="always">
          {base.nome}
          <VisuallyHidden> ({t('databases.newTab')})</VisuallyHidden>
        </Anchor>
      </Title>
      {base.descricao && (
        <Text size="sm" mb="xs">
          {base.descricao}
        </Text>
      )}
      <Group gap="xs">
        {base.area && (
          <Badge color="gray.8" c="dark.9" variant="light" tt="none">
            {t('databases.area', { area: base.area })}
          </Badge>
        )}
        <Badge color={base.acesso_remoto ? 'green.9' : 'blue.9'} c="dark.9" variant="light" tt="none">
          {base.acesso_remoto ? t('databases.remote') : t('databases.campusOnly')}
        </Badge>
      </Group>
    </Paper>
  );
}

/**
 * Meu Pergamum, "Bases de dados" (spec §2 menu, §7): the databases and e-resources the library
 * offers the patron's category, by name, each a link that opens in a new tab.
 */
export function DatabasesPage() {
  const { t } = useTranslation();
  const databases = useDatabases();
  return (
    <Stack gap="sm">
      <Text>{t('databases.intro')}</Text>
      <Loading state={databases} error={t('databases.fetchError')}>
        {() =>
          databases.data!.length === 0 ? (
            <Text>{t('databases.none')}</Text>
          ) : (
            <SimpleGrid component="ul" cols={{ base: 1, md: 2 }} spacing="sm" p={0} m={0} aria-label={t('databases.list')}>
              {databases.data!.map((base) => (
                <DatabaseCard key={base.codigo} base={base} />
              ))}
            </SimpleGrid>
          )
        }
      </Loading>
    </Stack>
  );
}
