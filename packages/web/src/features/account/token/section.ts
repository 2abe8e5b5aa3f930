import { lazy } from 'react';
import type { AccountSection } from '../sections';

/** This folder's Meu Pergamum section, found by features/account/sections.ts. */
export const sections: AccountSection[] = [
  {
    order: 260,
    segment: 'token',
    group: 'circulation',
    label: 'account.token',
    component: lazy(() => import('./token-page').then((m) => ({ default: m.LoanTokenPage }))),
  },
];
