import { createBrowserRouter } from 'react-router';
import { paths } from './paths';
import { AccountRoute } from './routes/account';
import { AuthorityRoute } from './routes/authority';
import { BasketRoute } from './routes/basket';
import { EventsRoute, FaqRoute, GeneralInformationRoute, OpeningHoursRoute } from './routes/content';
import { ErrorRoute } from './routes/error';
import { GuideRoute } from './routes/guide';
import { NetworkTitleRoute } from './routes/network-title';
import { AccountAppRoute, GrupoaRoute, ProviderRoute, RedirectRoute } from './routes/hand-over';
import { AccountAreaChoice } from '../features/links/components/account-area-choice';
import { HomeRoute } from './routes/home';
import { OidcResponseRoute, SamlResponseRoute } from './routes/sso-response';
import { LoginRoute } from './routes/login';
import { LogoutRoute } from './routes/logout';
import { NotFoundRoute } from './routes/not-found';
import { TitleRoute } from './routes/title';
import { Shell } from './shell/shell';

/** Every route of spec §2, with the spec's paths. */
export function createRouter() {
  return createBrowserRouter([
    // The account area for the mobile app's web view: without the site's header and footer.
    { path: `${paths.accountApp}/*`, element: <AccountAppRoute />, errorElement: <ErrorRoute /> },
    {
      element: <Shell />,
      errorElement: <ErrorRoute />,
      children: [
        { path: paths.home, element: <HomeRoute /> },
        { path: paths.login, element: <LoginRoute /> },
        { path: paths.logout, element: <LogoutRoute /> },
        { path: paths.redirect, element: <RedirectRoute /> },
        { path: paths.oauthResponse, element: <OidcResponseRoute /> },
        { path: paths.samlResponse, element: <SamlResponseRoute /> },
        { path: paths.grupoa, element: <GrupoaRoute /> },
        { path: paths.pearson, element: <ProviderRoute /> },
        { path: paths.basket, element: <BasketRoute /> },
        { path: `${paths.account}/*`, element: <AccountRoute home={<AccountAreaChoice />} /> },
        { path: paths.openingHours, element: <OpeningHoursRoute /> },
        { path: paths.events, element: <EventsRoute /> },
        { path: paths.faq, element: <FaqRoute /> },
        { path: paths.generalInformation, element: <GeneralInformationRoute /> },
        { path: '/:guia', element: <GuideRoute /> },
        { path: '/acervo/:codAcervo', element: <TitleRoute /> },
        { path: '/rede-pergamum/acervo/:codAcervo', element: <NetworkTitleRoute /> },
        { path: '/acervo/:codAcervo/:tab', element: <TitleRoute /> },
        { path: '/autoridade/:codAutoridade', element: <AuthorityRoute /> },
        { path: '/autoridade/:codAutoridade/marc', element: <AuthorityRoute marc /> },
        { path: '*', element: <NotFoundRoute /> },
      ],
    },
  ]);
}
