/**
 * The web app's screens by path pattern (React Router's syntax: `:param` one segment, a final `*`
 * the rest). The web's router (web/src/app/router.tsx) is built from this list, and the server
 * answers a page with status 200 only for a path one of them opens, 404 otherwise (decision 0052):
 * one list, so a screen added to the app is a page the server knows.
 */
export const APP_ROUTES = {
  /** The account area for the mobile app's web view, without the site's header and footer. */
  accountApp: '/meupergamum/app/*',
  home: '/',
  login: '/login',
  logout: '/sair',
  redirect: '/pergamum_redireciona',
  oauthResponse: '/oauth-response',
  samlResponse: '/saml-response',
  grupoa: '/grupoa',
  pearson: '/pearson',
  basket: '/cesta',
  account: '/meupergamum/*',
  staff: '/equipe/*',
  openingHours: '/atendimento',
  events: '/eventos',
  faq: '/faq',
  generalInformation: '/informacoes',
  /** A search guide: a page only for the rota of one of the institution's guides. */
  guide: '/:guia',
  title: '/acervo/:codAcervo',
  networkTitle: '/rede-pergamum/acervo/:codAcervo',
  titleTab: '/acervo/:codAcervo/:tab',
  authority: '/autoridade/:codAutoridade',
  authorityMarc: '/autoridade/:codAutoridade/marc',
} as const;

export type AppRoute = keyof typeof APP_ROUTES;

/** Title sub-routes with the tab code each opens (spec §2) and its label key. */
export const TITLE_TABS = [
  { segment: 'referencia', code: '33', label: 'tabs.referencia' },
  { segment: 'marc', code: '36', label: 'tabs.marc' },
  { segment: 'exemplares', code: '30', label: 'tabs.exemplares' },
  { segment: 'dublin-core', code: '115', label: 'tabs.dublinCore' },
  { segment: 'reserva', code: '18', label: 'tabs.reserva' },
  { segment: 'solicitacao-emprestimo', code: '75', label: 'tabs.solicitacaoEmprestimo' },
  { segment: 'colecao-kardex', code: '32', label: 'tabs.colecaoKardex' },
  { segment: 'dados-estatisticos', code: '74', label: 'tabs.dadosEstatisticos' },
  { segment: 'acervo-fechado', code: 'acervo_fechado', label: 'tabs.acervoFechado' },
  { segment: 'sumarios', code: 'summary', label: 'tabs.sumarios' },
  { segment: 'sumarios-livros', code: 'sumario_livro', label: 'tabs.sumariosLivros' },
] as const;

export type TitleTab = (typeof TITLE_TABS)[number]['segment'];

/** A record number in a screen's path (title, authority): what the screens accept, else their not-found. */
export const RECORD_SEGMENT = /^\d{1,9}$/;

/** The route a path opens and its parameters, decoded. */
export interface AppRouteMatch {
  route: AppRoute;
  params: Record<string, string>;
}

/** React Router's rank of a pattern (its computeScore): the best-ranked match wins, static segments over parameters. */
function score(pattern: string): number {
  const segments = pattern.split('/');
  let total = segments.length - (segments.includes('*') ? 2 : 0);
  for (const segment of segments.filter((s) => s !== '*')) total += segment.startsWith(':') ? 3 : segment === '' ? 1 : 10;
  return total;
}

function matchPattern(pattern: string, segments: string[]): Record<string, string> | null {
  const parts = pattern.split('/').filter(Boolean);
  const splat = parts.at(-1) === '*';
  const fixed = splat ? parts.slice(0, -1) : parts;
  if (splat ? segments.length < fixed.length : segments.length !== fixed.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of fixed.entries()) {
    const segment = segments[i]!;
    if (part.startsWith(':')) params[part.slice(1)] = segment;
    // React Router matches paths case-insensitively by default.
    else if (part.toLowerCase() !== segment.toLowerCase()) return null;
  }
  return params;
}

const RANKED = (Object.entries(APP_ROUTES) as [AppRoute, string][]).sort(([, a], [, b]) => score(b) - score(a));

/**
 * The screen the web's router opens for `pathname` (trailing slashes ignored, segments decoded),
 * ranked as React Router ranks its routes; null for its catch-all, the not-found screen.
 */
export function matchAppRoute(pathname: string): AppRouteMatch | null {
  const raw = pathname.replace(/\/+$/, '').split('/').slice(1);
  if (raw.some((segment) => segment === '')) return null;
  let segments: string[];
  try {
    segments = raw.map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
  for (const [route, pattern] of RANKED) {
    const params = matchPattern(pattern, segments);
    if (params) return { route, params };
  }
  return null;
}
