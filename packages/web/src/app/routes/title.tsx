import { Anchor, Group, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../ui/page-title';
import { paths, TITLE_TABS } from '../paths';
import { NotFoundRoute } from './not-found';
import { useSiteName } from './use-site-name';

/** `/acervo/:codAcervo[/tab]`: the title record with its tabs, each a deep-linkable route. */
export function TitleRoute() {
  const { t } = useTranslation();
  const site = useSiteName();
  const { codAcervo = '', tab } = useParams();
  const current = TITLE_TABS.find((x) => x.segment === tab);
  if (!/^\d{1,9}$/.test(codAcervo) || (tab !== undefined && !current)) return <NotFoundRoute />;
  return (
    <>
      <PageTitle site={site}>{t('screens.title', { id: codAcervo })}</PageTitle>
      <Group component="nav" aria-label={t('screens.title', { id: codAcervo })} gap="md" mb="md" wrap="wrap">
        {TITLE_TABS.map((x) => (
          <Anchor
            key={x.segment}
            component={Link}
            to={paths.title(codAcervo, x.segment)}
            aria-current={x.segment === tab ? 'page' : undefined}
            fw={x.segment === tab ? 700 : undefined}
          >
            {t(x.label)}
          </Anchor>
        ))}
      </Group>
      {current && (
        <Title order={2} size="h3" mb="sm">
          {t(current.label)}
        </Title>
      )}
      <Text c="gray.7">{t('screens.comingSoon')}</Text>
    </>
  );
}
