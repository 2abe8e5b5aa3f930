import { lazy } from 'react';
import type { AccountSection } from '../sections';

/** This folder's Meu Pergamum section, found by features/account/sections.ts. */
export const sections: AccountSection[] = [
  {
    order: 200,
    segment: 'itens-salvos',
    group: 'research',
    label: 'account.savedItems',
    component: lazy(() => import('./saved-items-page').then((m) => ({ default: m.SavedItemsPage }))),
  },
];
