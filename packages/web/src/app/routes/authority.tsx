import { authoritySearchField } from '@estante/contracts/catalog';
import { newSearchState, searchRow, searchStateToParams } from '@estante/contracts/search';
import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiRequestError } from '../../api/client';
import { useAutoridade, useAutoridadeMarc } from '../../features/authority/api/get-autoridade';
import { AuthorityView } from '../../features/authority/components/authority-view';
import { useGuiasPesquisa } from '../../features/parameters/api/get-guias-pesquisa';
import { MarcTable } from '../../ui/marc-table';
import { PageTitle } from '../../ui/page-title';
import { paths } from '../paths';
import { NotFoundRoute } from './not-found';
import { useSiteName } from './use-site-name';

/** `/autoridade/:codAutoridade` and its `/marc` tab. */
export function AuthorityRoute({ marc = false }: { marc?: boolean }) {
  const { codAutoridade = '' } = useParams();
  if (!/^\d{1,9}$/.test(codAutoridade)) return <NotFoundRoute />;
  return <AuthorityPage id={Number(codAutoridade)} marc={marc} />;
}

function AuthorityPage({ id, marc }: { id: number; marc: boolean }) {
  const { t } = useTranslation();
  const site = useSiteName();
  const guides = useGuiasPesquisa();
  const autoridade = useAutoridade(id);
  const record = useAutoridadeMarc(id, marc);
  if (autoridade.error instanceof ApiRequestError && autoridade.error.status === 404) return <NotFoundRoute />;
  if (autoridade.isError) return <Text c="red.8">{t('errors.loadFailed')}</Text>;
  if (!autoridade.data) return <Text c="gray.7">{t('common.loading')}</Text>;
  const a = autoridade.data;
  const general = guides.find((g) => g.codigo === 'geral')?.rota ?? 'pesquisa-geral';
  const allTitles = `${paths.guide(general)}?${searchStateToParams(newSearchState({ linhas: [searchRow(a.cabecalho, { campo: authoritySearchField(a.tipo), tipo: 'frase' })] }))}`;
  return (
    <>
      <PageTitle site={site}>{a.cabecalho}</PageTitle>
      <Group component="nav" aria-label={t('authority.tabs')} gap="md" mb="md">
        <Anchor component={Link} to={paths.authority(id)} aria-current={marc ? undefined : 'page'} fw={marc ? undefined : 700}>
          {t('authority.record')}
        </Anchor>
        <Anchor component={Link} to={paths.authorityMarc(id)} aria-current={marc ? 'page' : undefined} fw={marc ? 700 : undefined}>
          MARC
        </Anchor>
      </Group>
      {marc ? (
        record.data ? (
          <MarcTable marc={record.data} />
        ) : (
          <Text c="gray.7">{record.isError ? t('errors.loadFailed') : t('common.loading')}</Text>
        )
      ) : (
        <AuthorityView autoridade={a} titleHref={(cod) => paths.title(cod)} allTitlesHref={allTitles} />
      )}
    </>
  );
}

/** The authority record's MARC view (`/autoridade/:codAutoridade/marc`). */
export function AuthorityMarcRoute() {
  return <AuthorityRoute marc />;
}
