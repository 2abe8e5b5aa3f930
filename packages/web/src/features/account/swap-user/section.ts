import { lazy } from 'react';
import type { AccountSection } from '../sections';

/** This folder's Meu Pergamum section, found by features/account/sections.ts. */
export const sections: AccountSection[] = [
  {
    order: 240,
    segment: 'troca-usuario',
    group: 'profile',
    label: 'account.swapUser',
    component: lazy(() => import('./swap-user-page').then((m) => ({ default: m.SwapUserPage }))),
  },
];
