import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PageTitle } from '../../ui/page-title';
import { paths } from '../paths';
import { useSiteName } from './use-site-name';

/** The not-found screen (spec §2 "*"). */
export function NotFoundRoute() {
  const { t } = useTranslation();
  const site = useSiteName();
  const { pathname } = useLocation();
  return (
    <>
      <PageTitle site={site}>{t('notFound.heading')}</PageTitle>
      <Text mb="md">{t('notFound.body', { path: pathname })}</Text>
      <Anchor component={Link} to={paths.home}>
        {t('notFound.back')}
      </Anchor>
    </>
  );
}
