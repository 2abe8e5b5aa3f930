import { lazy } from 'react';
import type { StaffSection } from '../sections';

/** The serials desk: subscriptions, each library's Kardex, issues received, claimed and indexed, for cataloguing and acquisitions staff. */
export const section: StaffSection = {
  segment: 'periodicos',
  label: 'staffSerials.title',
  roles: ['catalogacao', 'aquisicao'],
  order: 35,
  component: lazy(() => import('./serials-page').then((m) => ({ default: m.SerialsPage }))),
};
