import { lazy } from 'react';
import type { StaffSection } from '../sections';

/** Acquisition: the patrons' purchase suggestions taken up, quoted, ordered and received, the purchase orders and each library's budget. */
export const section: StaffSection = {
  segment: 'aquisicao',
  label: 'staffAcquisitions.title',
  roles: ['aquisicao'],
  order: 30,
  component: lazy(() => import('./acquisitions-page').then((m) => ({ default: m.AcquisitionsPage }))),
};
