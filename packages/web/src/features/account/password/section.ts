import { lazy } from 'react';
import type { AccountSection } from '../sections';

/** This folder's Meu Pergamum section, found by features/account/sections.ts. */
export const sections: AccountSection[] = [
  {
    order: 230,
    segment: 'senha',
    group: 'profile',
    label: 'account.password',
    component: lazy(() => import('./password-page').then((m) => ({ default: m.PasswordPage }))),
  },
];
