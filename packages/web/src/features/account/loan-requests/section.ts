import { lazy } from 'react';
import type { AccountSection } from '../sections';

/** This folder's Meu Pergamum section, found by features/account/sections.ts. */
export const sections: AccountSection[] = [
  {
    order: 90,
    segment: 'solicitacoes',
    group: 'circulation',
    label: 'account.requests',
    component: lazy(() => import('./loan-requests-page').then((m) => ({ default: m.LoanRequestsPage }))),
  },
];
