import { isValidElement, Suspense } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { paths } from './paths';
import { ErrorRoute } from './routes/error';
import { NotFoundRoute } from './routes/not-found';
import { PageSkeleton, Shell } from './shell/shell';
import { loadAccountStrings } from '../i18n';
import { lazyNamed } from '../ui/lazy-named';

// Each screen is fetched when it is first shown: the first script holds the shell and none of the
// screens, so home, results and title each download only what they draw (issue 24). The shell's
// Suspense boundary shows a skeleton of the page while a screen's script arrives.

/** An account route's module, once the account area's strings are there too (i18n/parts.ts). */
const withAccountStrings = <M,>(module: Promise<M>): Promise<M> => Promise.all([module, loadAccountStrings()]).then(([loaded]) => loaded);

const AccountAppRoute = lazyNamed(() => withAccountStrings(import('./routes/hand-over')), 'AccountAppRoute');
const HomeRoute = lazyNamed(() => import('./routes/home'), 'HomeRoute');
const LoginRoute = lazyNamed(() => import('./routes/login'), 'LoginRoute');
const LogoutRoute = lazyNamed(() => import('./routes/logout'), 'LogoutRoute');
const RedirectRoute = lazyNamed(() => import('./routes/hand-over'), 'RedirectRoute');
const OidcResponseRoute = lazyNamed(() => import('./routes/sso-response'), 'OidcResponseRoute');
const SamlResponseRoute = lazyNamed(() => import('./routes/sso-response'), 'SamlResponseRoute');
const GrupoaRoute = lazyNamed(() => import('./routes/hand-over'), 'GrupoaRoute');
const ProviderRoute = lazyNamed(() => import('./routes/hand-over'), 'ProviderRoute');
const BasketRoute = lazyNamed(() => import('./routes/basket'), 'BasketRoute');
const AccountSiteRoute = lazyNamed(() => withAccountStrings(import('./routes/account')), 'AccountSiteRoute');
// The staff area's strings are in the account part too (vite/locale-parts.ts).
const StaffRoute = lazyNamed(() => withAccountStrings(import('./routes/staff')), 'StaffRoute');
const OpeningHoursRoute = lazyNamed(() => import('./routes/content'), 'OpeningHoursRoute');
const EventsRoute = lazyNamed(() => import('./routes/content'), 'EventsRoute');
const FaqRoute = lazyNamed(() => import('./routes/content'), 'FaqRoute');
const GeneralInformationRoute = lazyNamed(() => import('./routes/content'), 'GeneralInformationRoute');
const GuideRoute = lazyNamed(() => import('./routes/guide'), 'GuideRoute');
const TitleRoute = lazyNamed(() => import('./routes/title'), 'TitleRoute');
const NetworkTitleRoute = lazyNamed(() => import('./routes/network-title'), 'NetworkTitleRoute');
const AuthorityRoute = lazyNamed(() => import('./routes/authority'), 'AuthorityRoute');
const AuthorityMarcRoute = lazyNamed(() => import('./routes/authority'), 'AuthorityMarcRoute');

/** Every route of spec §2, with the spec's paths. */
export function createRouter() {
  return createBrowserRouter(routes());
}

/**
 * Starts downloading the screen at `pathname` (main.tsx, before the stores are read and the
 * language set up), so its script arrives with the first one rather than after the first draw.
 */
export function preloadRoute(pathname: string): void {
  for (const match of matchRoutes(routes(), pathname) ?? []) {
    const screen = isValidElement(match.route.element) ? (match.route.element.type as { preload?: () => void }) : undefined;
    screen?.preload?.();
  }
}

function routes(): RouteObject[] {
  return [
    // The account area for the mobile app's web view: without the site's header and footer.
    {
      path: `${paths.accountApp}/*`,
      element: (
        <Suspense fallback={<PageSkeleton />}>
          <AccountAppRoute />
        </Suspense>
      ),
      errorElement: <ErrorRoute />,
    },
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
        { path: `${paths.account}/*`, element: <AccountSiteRoute /> },
        { path: `${paths.staff}/*`, element: <StaffRoute /> },
        { path: paths.openingHours, element: <OpeningHoursRoute /> },
        { path: paths.events, element: <EventsRoute /> },
        { path: paths.faq, element: <FaqRoute /> },
        { path: paths.generalInformation, element: <GeneralInformationRoute /> },
        { path: '/:guia', element: <GuideRoute /> },
        { path: '/acervo/:codAcervo', element: <TitleRoute /> },
        { path: '/rede-pergamum/acervo/:codAcervo', element: <NetworkTitleRoute /> },
        { path: '/acervo/:codAcervo/:tab', element: <TitleRoute /> },
        { path: '/autoridade/:codAutoridade', element: <AuthorityRoute /> },
        { path: '/autoridade/:codAutoridade/marc', element: <AuthorityMarcRoute /> },
        { path: '*', element: <NotFoundRoute /> },
      ],
    },
  ];
}
