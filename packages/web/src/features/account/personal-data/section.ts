import { lazy } from 'react';
import type { AccountSection } from '../sections';

/** This folder's Meu Pergamum section, found by features/account/sections.ts. */
export const sections: AccountSection[] = [
  {
    order: 220,
    segment: 'dados-pessoais',
    group: 'profile',
    label: 'account.personalData',
    component: lazy(() => import('./personal-data-page').then((m) => ({ default: m.PersonalDataPage }))),
  },
];
