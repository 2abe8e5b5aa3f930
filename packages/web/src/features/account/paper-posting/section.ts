import { lazy } from 'react';
import type { AccountSection } from '../sections';

/** This folder's Meu Pergamum section, found by features/account/sections.ts. */
export const sections: AccountSection[] = [
  {
    order: 300,
    segment: 'postagem-trabalho',
    group: 'services',
    label: 'account.paperPosting',
    component: lazy(() => import('./paper-posting-page').then((m) => ({ default: m.PaperPostingPage }))),
  },
];
