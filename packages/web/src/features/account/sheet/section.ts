import { lazy } from 'react';
import type { AccountSection } from '../sections';

/** This folder's Meu Pergamum section, found by features/account/sections.ts. */
export const sections: AccountSection[] = [
  {
    order: 130,
    segment: 'ficha-catalografica',
    group: 'services',
    label: 'account.sheet',
    component: lazy(() => import('./sheet-page').then((m) => ({ default: m.SheetPage }))),
  },
];
