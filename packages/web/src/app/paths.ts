import type { TitleTab } from '@estante/contracts/site';

/** Every screen path of spec §2, in one place; build links with these, never by hand (the router's patterns: APP_ROUTES). */
export const paths = {
  home: '/',
  login: '/login',
  logout: '/sair',
  redirect: '/pergamum_redireciona',
  oauthResponse: '/oauth-response',
  samlResponse: '/saml-response',
  grupoa: '/grupoa',
  pearson: '/pearson',
  basket: '/cesta',
  accountApp: '/meupergamum/app',
  account: '/meupergamum',
  /** The staff area (issue 51): its sections below, each for the roles that open it. */
  staff: '/equipe',
  staffSection: (segment: string) => `/equipe/${segment}`,
  openingHours: '/atendimento',
  events: '/eventos',
  faq: '/faq',
  generalInformation: '/informacoes',
  guide: (rota: string) => `/${encodeURIComponent(rota)}`,
  title: (codAcervo: number | string, tab?: TitleTab) => `/acervo/${codAcervo}${tab ? `/${tab}` : ''}`,
  authority: (codAutoridade: number | string) => `/autoridade/${codAutoridade}`,
  /** A partner network record (issue 22). */
  networkTitle: (codAcervo: number | string) => `/rede-pergamum/acervo/${codAcervo}`,
  authorityMarc: (codAutoridade: number | string) => `/autoridade/${codAutoridade}/marc`,
  loginWithRedirect: (redirect: string) => `/login?redirect=${encodeURIComponent(redirect)}`,
  /**
   * The provider hand-over screen (spec §2 `/pearson`, opened in a new tab): a restricted link kept
   * in local storage under `h`, an external resource of spec §9 (at one of the patron's databases),
   * or a technical standard at Target GEDWeb.
   */
  handOver: (what: { h: string } | { recurso: string; base?: number } | { target: number }) =>
    `/pearson?${new URLSearchParams(Object.entries(what).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]]))).toString()}`,
  accountAppSection: (segment: string) => `/meupergamum/app/${segment}`,
} as const;

// The title's tabs are in contracts: the server answers 404 for a tab that is not one (decision 0052).
export { TITLE_TABS, type TitleTab } from '@estante/contracts/site';
