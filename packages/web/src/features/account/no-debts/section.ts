import { lazy } from 'react';
import type { AccountSection } from '../sections';

/** This folder's Meu Pergamum section, found by features/account/sections.ts. */
export const sections: AccountSection[] = [
  {
    order: 40,
    segment: 'nada-consta',
    group: 'circulation',
    label: 'account.noDebts',
    component: lazy(() => import('./no-debts-page').then((m) => ({ default: m.NoDebtsPage }))),
  },
];
