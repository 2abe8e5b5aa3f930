import { lazy } from 'react';
import type { AccountSection } from '../sections';

/** This folder's Meu Pergamum section, found by features/account/sections.ts. */
export const sections: AccountSection[] = [
  {
    order: 210,
    segment: 'alertas',
    group: 'research',
    label: 'account.alerts',
    badge: lazy(() => import('./alerts-page').then((m) => ({ default: m.UnreadAlerts }))),
    component: lazy(() => import('./alerts-page').then((m) => ({ default: m.AlertsPage }))),
  },
];
