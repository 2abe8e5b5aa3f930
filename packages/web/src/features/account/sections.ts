import { type ComponentType, lazy } from 'react';

/** What every Meu Pergamum section is given by the account area (the app builds title links). */
export interface AccountSectionProps {
  titleHref: (codAcervo: number) => string;
  /** The results page of a saved search: its guide's path segment and query string. */
  searchHref: (guia: string, consulta: string) => string;
  /** The acquisition suggestion form (another feature's; the app hands it over). */
  SuggestionForm: ComponentType<{ onSent: (message: string) => void }>;
  /** The provider hand-over screen opening an external resource at one of the patron's databases (decision 0023). */
  externalHref?: (recurso: string, base: number) => string;
}

export interface AccountSection {
  /** Shown beside the menu entry (the unread alerts). */
  badge?: ComponentType;
  /** The path below /meupergamum (spec §2 menu); also the section's address. */
  segment: string;
  /** The i18n key of its menu entry and title. */
  label: string;
  /** An activity the institution must have switched on for the section to show (spec §6), besides 8. */
  activity?: number;
  /** The section's screen, loaded when first opened. */
  component: ComponentType<AccountSectionProps>;
}

/**
 * The sections of Meu Pergamum, in menu order: the one list the menu and the router read. Adding a
 * section is a folder under features/account/ and one entry here (docs/ARCHITECTURE.md).
 */
export const ACCOUNT_SECTIONS: readonly AccountSection[] = [
  { segment: 'emprestimos', label: 'account.loans', component: lazy(() => import('./loans/loans-page').then((m) => ({ default: m.LoansPage }))) },
  { segment: 'debitos', label: 'account.debts', component: lazy(() => import('./debts/debts-page').then((m) => ({ default: m.DebtsPage }))) },
  {
    segment: 'afastamentos',
    label: 'account.deviations',
    component: lazy(() => import('./deviations/deviations-page').then((m) => ({ default: m.DeviationsPage }))),
  },
  { segment: 'nada-consta', label: 'account.noDebts', component: lazy(() => import('./no-debts/no-debts-page').then((m) => ({ default: m.NoDebtsPage }))) },
  {
    segment: 'perfil-interesse',
    label: 'account.interest',
    component: lazy(() => import('./interest/interest-page').then((m) => ({ default: m.InterestPage }))),
  },
  {
    segment: 'verificar-titulos',
    label: 'account.checkTitles',
    component: lazy(() => import('./check-titles/check-titles-page').then((m) => ({ default: m.CheckTitlesPage }))),
  },
  {
    segment: 'cesta-permanente',
    label: 'account.permanentBasket',
    component: lazy(() => import('./permanent-basket/permanent-basket-page').then((m) => ({ default: m.PermanentBasketPage }))),
  },
  { segment: 'reservas', label: 'account.holds', component: lazy(() => import('./holds/holds-page').then((m) => ({ default: m.HoldsPage }))) },
  {
    segment: 'solicitacoes',
    label: 'account.requests',
    component: lazy(() => import('./loan-requests/loan-requests-page').then((m) => ({ default: m.LoanRequestsPage }))),
  },
  {
    segment: 'emprestimo-entre-bibliotecas',
    label: 'account.interLibrary',
    component: lazy(() => import('./inter-library/inter-library-page').then((m) => ({ default: m.InterLibraryPage }))),
  },
  {
    segment: 'comutacao-bibliografica',
    label: 'account.switching',
    component: lazy(() => import('./switching/switching-page').then((m) => ({ default: m.SwitchingPage }))),
  },
  {
    segment: 'levantamento-bibliografico',
    label: 'account.survey',
    component: lazy(() => import('./survey/survey-page').then((m) => ({ default: m.SurveyPage }))),
  },
  { segment: 'ficha-catalografica', label: 'account.sheet', component: lazy(() => import('./sheet/sheet-page').then((m) => ({ default: m.SheetPage }))) },
  {
    segment: 'aquisicao',
    label: 'account.acquisition',
    activity: 12,
    component: lazy(() => import('./acquisitions/acquisition-page').then((m) => ({ default: m.AcquisitionPage }))),
  },
  {
    segment: 'consulta-sugestoes',
    label: 'account.suggestions',
    component: lazy(() => import('./acquisitions/suggestions-page').then((m) => ({ default: m.SuggestionsPage }))),
  },
  {
    segment: 'pedidos-compra',
    label: 'account.purchaseOrders',
    component: lazy(() => import('./acquisitions/orders-page').then((m) => ({ default: m.OrdersPage }))),
  },
  {
    segment: 'estatisticas-aquisicao',
    label: 'account.acquisitionStatistics',
    component: lazy(() => import('./acquisitions/statistics-page').then((m) => ({ default: m.StatisticsPage }))),
  },
  {
    segment: 'pesquisa-especializada',
    label: 'account.specialised',
    component: lazy(() => import('./specialised/specialised-page').then((m) => ({ default: m.SpecialisedPage }))),
  },
  {
    segment: 'comentarios',
    label: 'account.myComments',
    // Comments are an activity of their own (spec §6): no section while the institution has them off.
    activity: 13,
    component: lazy(() => import('./my-comments/my-comments-page').then((m) => ({ default: m.MyCommentsPage }))),
  },
  {
    segment: 'itens-salvos',
    label: 'account.savedItems',
    component: lazy(() => import('./saved-items/saved-items-page').then((m) => ({ default: m.SavedItemsPage }))),
  },
  {
    segment: 'alertas',
    label: 'account.alerts',
    badge: lazy(() => import('./alerts/alerts-page').then((m) => ({ default: m.UnreadAlerts }))),
    component: lazy(() => import('./alerts/alerts-page').then((m) => ({ default: m.AlertsPage }))),
  },
  {
    segment: 'dados-pessoais',
    label: 'account.personalData',
    component: lazy(() => import('./personal-data/personal-data-page').then((m) => ({ default: m.PersonalDataPage }))),
  },
  { segment: 'senha', label: 'account.password', component: lazy(() => import('./password/password-page').then((m) => ({ default: m.PasswordPage }))) },
  {
    segment: 'troca-usuario',
    label: 'account.swapUser',
    component: lazy(() => import('./swap-user/swap-user-page').then((m) => ({ default: m.SwapUserPage }))),
  },
  { segment: 'meus-dados', label: 'account.myData', component: lazy(() => import('./my-data/my-data-page').then((m) => ({ default: m.MyDataPage }))) },
  { segment: 'token', label: 'account.token', component: lazy(() => import('./token/token-page').then((m) => ({ default: m.LoanTokenPage }))) },
  {
    segment: 'plano-ensino',
    label: 'account.teachingPlan',
    component: lazy(() => import('./teaching-plan/teaching-plan-page').then((m) => ({ default: m.TeachingPlanPage }))),
  },
  {
    segment: 'bases-dados',
    label: 'account.databases',
    component: lazy(() => import('./databases/databases-page').then((m) => ({ default: m.DatabasesPage }))),
  },
  {
    segment: 'totais-acervo',
    label: 'account.collectionTotals',
    component: lazy(() => import('./collection-totals/collection-totals-page').then((m) => ({ default: m.CollectionTotalsPage }))),
  },
  {
    segment: 'postagem-trabalho',
    label: 'account.paperPosting',
    component: lazy(() => import('./paper-posting/paper-posting-page').then((m) => ({ default: m.PaperPostingPage }))),
  },
];

/** The address of a section: `/meupergamum/<segment>`. */
export function accountSectionPath(segment: string): string {
  return `/meupergamum/${segment}`;
}
