import { Button, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useInstituicoesRede } from '../../api/network';
import { useGuiasPesquisa } from '../../features/parameters/api/get-guias-pesquisa';
import { useInstituicao } from '../../features/parameters/api/get-instituicao';
import { NewAcquisitionsStrip } from '../../features/search/components/new-acquisitions-strip';
import { SearchForm } from '../../features/search/components/search-form';
import { PageTitle } from '../../ui/page-title';
import { paths } from '../paths';
import { HomeSection } from './content';

/** Home (spec §2 "/"): the institution's catalogue, its newest titles and its search guides. */
export function HomeRoute() {
  const { t } = useTranslation();
  const instituicao = useInstituicao();
  const guias = useGuiasPesquisa();
  const generalRoute = guias.find((g) => g.codigo === 'geral')?.rota ?? 'pesquisa-geral';
  // An institution without the new-acquisitions guide gets no front-page strip either.
  const newRoute = guias.find((g) => g.codigo === 'novas_aquisicoes')?.rota;
  // The partner network's guide only while the network has a partner: with none it finds nothing (issue 55).
  const partners = useInstituicoesRede();
  const offered = guias.filter((g) => g.codigo !== 'rede' || (partners.data?.length ?? 0) > 0);
  return (
    <>
      <PageTitle site={instituicao.sigla}>{t('home.heading')}</PageTitle>
      <Text mb="md">{t('home.intro')}</Text>
      <SearchForm resultsPath={paths.guide(generalRoute)} />
      {newRoute && <NewAcquisitionsStrip guidePath={paths.guide(newRoute)} titleHref={(cod) => paths.title(cod)} />}

      <Title order={2} size="h3" mt="xl" mb="sm">
        {t('home.guidesHeading')}
      </Title>
      <nav aria-label={t('home.guidesHeading')}>
        <Group gap="xs" wrap="wrap">
          {offered.map((guia) => (
            <Button key={guia.codigo} component={Link} to={paths.guide(guia.rota)} variant="outline" radius="xl" size="sm">
              {t(`guides.${guia.codigo}`, { defaultValue: guia.codigo })}
            </Button>
          ))}
        </Group>
      </nav>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" mt="xl">
        <HomeSection chave="secao_1" />
        <HomeSection chave="secao_2" />
      </SimpleGrid>
    </>
  );
}
