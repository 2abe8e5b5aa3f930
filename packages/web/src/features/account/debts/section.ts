import { lazy } from 'react';
import type { AccountSection } from '../sections';

/** This folder's Meu Pergamum section, found by features/account/sections.ts. */
export const sections: AccountSection[] = [
  {
    order: 20,
    segment: 'debitos',
    group: 'circulation',
    label: 'account.debts',
    component: lazy(() => import('./debts-page').then((m) => ({ default: m.DebtsPage }))),
  },
];
