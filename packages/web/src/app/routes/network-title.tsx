import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiRequestError } from '../../api/client';
import { useAcervoRede } from '../../api/network';
import { accountSectionPath } from '../../features/account/sections';
import { NetworkRecord } from '../../features/network/components/network-record';
import { PageTitle } from '../../ui/page-title';
import { NotFoundRoute } from './not-found';
import { useSiteName } from './use-site-name';

/** `/rede-pergamum/acervo/:codAcervo`: a partner network record, with the way to ask for it here. */
export function NetworkTitleRoute() {
  const { codAcervo = '' } = useParams();
  if (!/^\d{1,9}$/.test(codAcervo)) return <NotFoundRoute />;
  return <NetworkTitlePage id={Number(codAcervo)} />;
}

function NetworkTitlePage({ id }: { id: number }) {
  const { t } = useTranslation();
  const site = useSiteName();
  const record = useAcervoRede(id);
  if (record.error instanceof ApiRequestError && record.error.status === 404) return <NotFoundRoute />;
  if (record.isError) return <Text c="red.8">{t('network.unavailable')}</Text>;
  if (!record.data) {
    return (
      <Text c="gray.7" aria-busy>
        {t('common.loading')}
      </Text>
    );
  }
  return (
    <>
      <PageTitle site={site}>{record.data.titulo}</PageTitle>
      <NetworkRecord record={record.data} interLibraryHref={`${accountSectionPath('emprestimo-entre-bibliotecas')}?rede=${id}`} />
    </>
  );
}
