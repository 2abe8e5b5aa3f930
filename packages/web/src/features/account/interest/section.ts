import { lazy } from 'react';
import type { AccountSection } from '../sections';

/** This folder's Meu Pergamum section, found by features/account/sections.ts. */
export const sections: AccountSection[] = [
  {
    order: 50,
    segment: 'perfil-interesse',
    group: 'research',
    label: 'account.interest',
    component: lazy(() => import('./interest-page').then((m) => ({ default: m.InterestPage }))),
  },
];
