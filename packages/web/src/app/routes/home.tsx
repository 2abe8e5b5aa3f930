import { Anchor, List, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGuiasPesquisa } from '../../features/parameters/api/get-guias-pesquisa';
import { useInstituicao } from '../../features/parameters/api/get-instituicao';
import { PageTitle } from '../../ui/page-title';
import { paths } from '../paths';

/** Home (spec §2 "/"): the institution's catalogue and its search guides. */
export function HomeRoute() {
  const { t } = useTranslation();
  const instituicao = useInstituicao();
  const guias = useGuiasPesquisa();
  return (
    <>
      <PageTitle site={instituicao.sigla}>{t('home.heading')}</PageTitle>
      <Text mb="lg">{t('home.intro')}</Text>
      <Title order={2} size="h3" mb="sm">
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
    </>
  );
}
