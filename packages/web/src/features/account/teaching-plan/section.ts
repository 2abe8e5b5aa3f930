import { lazy } from 'react';
import type { AccountSection } from '../sections';

/** This folder's Meu Pergamum section, found by features/account/sections.ts. */
export const sections: AccountSection[] = [
  {
    order: 270,
    segment: 'plano-ensino',
    label: 'account.teachingPlan',
    component: lazy(() => import('./teaching-plan-page').then((m) => ({ default: m.TeachingPlanPage }))),
  },
];
