import { Anchor, List, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGuiasPesquisa } from '../../features/parameters/api/get-guias-pesquisa';
import { useInstituicao } from '../../features/parameters/api/get-instituicao';
import { SearchForm } from '../../features/search/components/search-form';
import { PageTitle } from '../../ui/page-title';
import { paths } from '../paths';
import { HomeSection } from './content';

/** Home (spec §2 "/"): the institution's catalogue and its search guides. */
export function HomeRoute() {
  const { t } = useTranslation();
  const instituicao = useInstituicao();
  const guias = useGuiasPesquisa();
  const generalRoute = guias.find((g) => g.codigo === 'geral')?.rota ?? 'pesquisa-geral';
  return (
    <>
      <PageTitle site={instituicao.sigla}>{t('home.heading')}</PageTitle>
      <Text mb="md">{t('home.intro')}</Text>
      <SearchForm resultsPath={paths.guide(generalRoute)} />

      <Title order={2} size="h3" mt="xl" mb="sm">
        {t('home.guidesHeading')}
      </Title>
      <nav aria-label={t('home.guidesHeading')}>
        <List spacing="xs">
          {guias.map((guia) => (
            <List.Item key={guia.codigo}>
              <Anchor component={Link} to={paths.guide(guia.rota)}>
                {t(`guides.${guia.codigo}`, { defaultValue: guia.codigo })}
              </Anchor>
            </List.Item>
          ))}
        </List>
      </nav>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mt="xl">
        <HomeSection chave="secao_1" />
        <HomeSection chave="secao_2" />
      </SimpleGrid>
    </>
  );
}
