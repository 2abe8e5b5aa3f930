import { lazy } from 'react';
import type { AccountSection } from '../sections';

/** This folder's Meu Pergamum section, found by features/account/sections.ts. */
export const sections: AccountSection[] = [
  {
    order: 30,
    segment: 'afastamentos',
    group: 'circulation',
    label: 'account.deviations',
    component: lazy(() => import('./deviations-page').then((m) => ({ default: m.DeviationsPage }))),
  },
];
