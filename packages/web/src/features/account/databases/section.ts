import { lazy } from 'react';
import type { AccountSection } from '../sections';

/** This folder's Meu Pergamum section, found by features/account/sections.ts. */
export const sections: AccountSection[] = [
  {
    order: 280,
    segment: 'bases-dados',
    group: 'research',
    label: 'account.databases',
    component: lazy(() => import('./databases-page').then((m) => ({ default: m.DatabasesPage }))),
  },
];
