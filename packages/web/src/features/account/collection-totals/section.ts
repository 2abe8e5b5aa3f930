import { lazy } from 'react';
import type { AccountSection } from '../sections';

/** This folder's Meu Pergamum section, found by features/account/sections.ts. */
export const sections: AccountSection[] = [
  {
    order: 290,
    segment: 'totais-acervo',
    group: 'research',
    label: 'account.collectionTotals',
    component: lazy(() => import('./collection-totals-page').then((m) => ({ default: m.CollectionTotalsPage }))),
  },
];
