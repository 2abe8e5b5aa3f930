import { lazy } from 'react';
import type { AccountSection } from '../sections';

/** This folder's Meu Pergamum sections, found by features/account/sections.ts. */
export const sections: AccountSection[] = [
  {
    order: 140,
    segment: 'aquisicao',
    group: 'acquisitions',
    label: 'account.acquisition',
    activity: 12,
    component: lazy(() => import('./acquisition-page').then((m) => ({ default: m.AcquisitionPage }))),
  },
  {
    order: 150,
    segment: 'consulta-sugestoes',
    group: 'acquisitions',
    label: 'account.suggestions',
    component: lazy(() => import('./suggestions-page').then((m) => ({ default: m.SuggestionsPage }))),
  },
  {
    order: 160,
    segment: 'pedidos-compra',
    group: 'acquisitions',
    label: 'account.purchaseOrders',
    component: lazy(() => import('./orders-page').then((m) => ({ default: m.OrdersPage }))),
  },
  {
    order: 170,
    segment: 'estatisticas-aquisicao',
    group: 'acquisitions',
    label: 'account.acquisitionStatistics',
    component: lazy(() => import('./statistics-page').then((m) => ({ default: m.StatisticsPage }))),
  },
];
