import type { BaseDados } from '@estante/contracts/collection';
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../ui/loading';
import { useDatabases } from './databases.api';

/**
 * A database: its name opening it in a new tab (said to screen readers), what it holds, its area,
 * where it can be used. A database at a configured provider opens through the provider's
 * hand-over screen (`external`, decision 0023) — a page of this site, so the tab keeps the
 * opener and with it the browser-session sign-in; the screen cuts the opener before leaving.
 */
function DatabaseCard({ base, external }: { base: BaseDados; external?: (recurso: string, base: number) => string }) {
  const { t } = useTranslation();
  const handOver = base.recurso && external ? external(base.recurso, base.codigo) : null;
  return (
    <Paper component="li" withBorder p="md" style={{ listStyle: 'none' }}>
      <Title order={2} size="h5" mb={4}>
        <Anchor href={handOver ?? base.url} target="_blank" rel={handOver ? 'opener' : 'noopener noreferrer'} underline="always">
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
 * offers the patron's category, by name, each a link that opens in a new tab — through the
 * external-access hand-over when a configured provider holds it, a plain link otherwise.
 */
export function DatabasesPage({ externalHref }: { externalHref?: (recurso: string, base: number) => string } = {}) {
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
                <DatabaseCard key={base.codigo} base={base} external={externalHref} />
              ))}
            </SimpleGrid>
          )
        }
      </Loading>
    </Stack>
  );
}
