import { isValidElement, Suspense } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { APP_ROUTES } from '@estante/contracts/site';
import { ErrorRoute } from './routes/error';
import { NotFoundRoute } from './routes/not-found';
import { PageSkeleton, Shell } from './shell/shell';
import { loadAccountStrings } from '../i18n';
import { lazyNamed } from '../ui/lazy-named';
import { readRuntimeConfig } from '../api/config';

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

/**
 * Every route of spec §2, with the spec's paths: the patterns of APP_ROUTES (contracts), the list the
 * server answers 200 for, 404 for any other path (decision 0052).
 */
export function createRouter() {
  // Behind a proxy's prefix (PUBLIC_URL with a path, decision 0062) every route lives under it.
  return createBrowserRouter(routes(), { basename: readRuntimeConfig().basePath || undefined });
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
      path: APP_ROUTES.accountApp,
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
        { path: APP_ROUTES.home, element: <HomeRoute /> },
        { path: APP_ROUTES.login, element: <LoginRoute /> },
        { path: APP_ROUTES.logout, element: <LogoutRoute /> },
        { path: APP_ROUTES.redirect, element: <RedirectRoute /> },
        { path: APP_ROUTES.oauthResponse, element: <OidcResponseRoute /> },
        { path: APP_ROUTES.samlResponse, element: <SamlResponseRoute /> },
        { path: APP_ROUTES.grupoa, element: <GrupoaRoute /> },
        { path: APP_ROUTES.pearson, element: <ProviderRoute /> },
        { path: APP_ROUTES.basket, element: <BasketRoute /> },
        { path: APP_ROUTES.account, element: <AccountSiteRoute /> },
        { path: APP_ROUTES.staff, element: <StaffRoute /> },
        { path: APP_ROUTES.openingHours, element: <OpeningHoursRoute /> },
        { path: APP_ROUTES.events, element: <EventsRoute /> },
        { path: APP_ROUTES.faq, element: <FaqRoute /> },
        { path: APP_ROUTES.generalInformation, element: <GeneralInformationRoute /> },
        { path: APP_ROUTES.guide, element: <GuideRoute /> },
        { path: APP_ROUTES.title, element: <TitleRoute /> },
        { path: APP_ROUTES.networkTitle, element: <NetworkTitleRoute /> },
        { path: APP_ROUTES.titleTab, element: <TitleRoute /> },
        { path: APP_ROUTES.authority, element: <AuthorityRoute /> },
        { path: APP_ROUTES.authorityMarc, element: <AuthorityMarcRoute /> },
        { path: '*', element: <NotFoundRoute /> },
      ],
    },
  ];
}
