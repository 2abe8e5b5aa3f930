import { lazy } from 'react';
import type { AccountSection } from '../sections';

/** This folder's Meu Pergamum section, found by features/account/sections.ts. */
export const sections: AccountSection[] = [
  {
    order: 250,
    segment: 'meus-dados',
    group: 'profile',
    label: 'account.myData',
    component: lazy(() => import('./my-data-page').then((m) => ({ default: m.MyDataPage }))),
  },
];
