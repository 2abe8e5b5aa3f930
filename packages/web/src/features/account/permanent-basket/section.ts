import { lazy } from 'react';
import type { AccountSection } from '../sections';

/** This folder's Meu Pergamum section, found by features/account/sections.ts. */
export const sections: AccountSection[] = [
  {
    order: 70,
    segment: 'cesta-permanente',
    group: 'research',
    label: 'account.permanentBasket',
    component: lazy(() => import('./permanent-basket-page').then((m) => ({ default: m.PermanentBasketPage }))),
  },
];
