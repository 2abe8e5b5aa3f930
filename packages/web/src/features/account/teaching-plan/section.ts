import { lazy } from 'react';
import type { AccountSection } from '../sections';

/** This folder's Meu Pergamum section, found by features/account/sections.ts. */
export const sections: AccountSection[] = [
  {
    order: 270,
    segment: 'plano-ensino',
    group: 'research',
    // A professor's own plans (spec §3): nobody else has any to see.
    audience: 'professor',
    label: 'account.teachingPlan',
    component: lazy(() => import('./teaching-plan-page').then((m) => ({ default: m.TeachingPlanPage }))),
  },
];
