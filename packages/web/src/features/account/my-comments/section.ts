import { lazy } from 'react';
import type { AccountSection } from '../sections';

/** This folder's Meu Pergamum section, found by features/account/sections.ts. */
export const sections: AccountSection[] = [
  {
    order: 190,
    segment: 'comentarios',
    group: 'research',
    label: 'account.myComments',
    // Comments are an activity of their own (spec §6): no section while the institution has them off.
    activity: 13,
    component: lazy(() => import('./my-comments-page').then((m) => ({ default: m.MyCommentsPage }))),
  },
];
