import { lazy } from 'react';
import type { AccountSection } from '../sections';

/** This folder's Meu Pergamum section, found by features/account/sections.ts. */
export const sections: AccountSection[] = [
  {
    order: 60,
    segment: 'verificar-titulos',
    group: 'research',
    label: 'account.checkTitles',
    component: lazy(() => import('./check-titles-page').then((m) => ({ default: m.CheckTitlesPage }))),
  },
];
