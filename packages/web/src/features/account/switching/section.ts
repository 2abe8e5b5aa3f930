import { lazy } from 'react';
import type { AccountSection } from '../sections';

/** This folder's Meu Pergamum section, found by features/account/sections.ts. */
export const sections: AccountSection[] = [
  {
    order: 110,
    segment: 'comutacao-bibliografica',
    group: 'services',
    label: 'account.switching',
    component: lazy(() => import('./switching-page').then((m) => ({ default: m.SwitchingPage }))),
  },
];
