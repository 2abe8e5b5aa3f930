import { lazy } from 'react';
import type { AccountSection } from '../sections';

/** This folder's Meu Pergamum section, found by features/account/sections.ts. */
export const sections: AccountSection[] = [
  {
    order: 10,
    segment: 'emprestimos',
    group: 'circulation',
    label: 'account.loans',
    component: lazy(() => import('./loans-page').then((m) => ({ default: m.LoansPage }))),
  },
];
