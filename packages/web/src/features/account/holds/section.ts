import { lazy } from 'react';
import type { AccountSection } from '../sections';

/** This folder's Meu Pergamum section, found by features/account/sections.ts. */
export const sections: AccountSection[] = [
  {
    order: 80,
    segment: 'reservas',
    group: 'circulation',
    label: 'account.holds',
    component: lazy(() => import('./holds-page').then((m) => ({ default: m.HoldsPage }))),
  },
];
