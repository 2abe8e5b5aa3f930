import { lazy } from 'react';
import type { StaffSection } from '../sections';

/** The circulation desk: lend, take back, renew, settle debts and block, for the circulation staff. */
export const section: StaffSection = {
  segment: 'balcao',
  label: 'staffDesk.title',
  roles: ['circulacao'],
  order: 10,
  component: lazy(() => import('./desk-page').then((m) => ({ default: m.DeskPage }))),
};
