import { lazy } from 'react';
import type { AccountSection } from '../sections';

/** This folder's Meu Pergamum section, found by features/account/sections.ts. */
export const sections: AccountSection[] = [
  {
    order: 120,
    segment: 'levantamento-bibliografico',
    group: 'services',
    label: 'account.survey',
    component: lazy(() => import('./survey-page').then((m) => ({ default: m.SurveyPage }))),
  },
];
