import { lazy } from 'react';
import type { AccountSection } from '../sections';

/** This folder's Meu Pergamum section, found by features/account/sections.ts. */
export const sections: AccountSection[] = [
  {
    order: 100,
    segment: 'emprestimo-entre-bibliotecas',
    group: 'circulation',
    label: 'account.interLibrary',
    component: lazy(() => import('./inter-library-page').then((m) => ({ default: m.InterLibraryPage }))),
  },
];
