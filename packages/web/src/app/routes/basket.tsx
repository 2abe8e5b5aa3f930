import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { accountSectionPath } from '../../features/account/sections';
import { BasketPage } from '../../features/basket/components/basket-page';
import { ACTIVITY, usePermissions } from '../../features/parameters/use-permissions';
import { useHasSession } from '../../stores/session';
import { PageTitle } from '../../ui/page-title';
import { paths } from '../paths';
import { useSiteName } from './use-site-name';

/** `/cesta`: the basket (spec §2). */
export function BasketRoute() {
  const { t } = useTranslation();
  const site = useSiteName();
  const signedIn = useHasSession();
  const location = useLocation();
  const permissions = usePermissions();
  return (
    <>
      <PageTitle site={site}>{t('screens.basket')}</PageTitle>
      <BasketPage
        titleHref={(id) => paths.title(id)}
        signedIn={signedIn}
        loginHref={paths.loginWithRedirect(location.pathname)}
        permanentHref={permissions.hasNone(ACTIVITY.accountArea) ? undefined : accountSectionPath('cesta-permanente')}
      />
    </>
  );
}
