/** Every screen path of spec §2, in one place; build links with these, never by hand. */
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
