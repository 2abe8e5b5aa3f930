import { lazy } from 'react';
import type { AccountSection } from '../sections';

/** This folder's Meu Pergamum section, found by features/account/sections.ts. */
export const sections: AccountSection[] = [
  {
    order: 180,
    segment: 'pesquisa-especializada',
    group: 'services',
    label: 'account.specialised',
    component: lazy(() => import('./specialised-page').then((m) => ({ default: m.SpecialisedPage }))),
  },
];
