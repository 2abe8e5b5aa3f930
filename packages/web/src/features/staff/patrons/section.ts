import { lazy } from 'react';
import type { StaffSection } from '../sections';

/** The patrons' records: find, read, correct, help (sessions, password recovery) and create, for circulation and reference staff. */
export const section: StaffSection = {
  segment: 'leitores',
  label: 'staffPatrons.title',
  roles: ['circulacao', 'atendimento'],
  order: 15,
  component: lazy(() => import('./patrons-page').then((m) => ({ default: m.PatronsPage }))),
};
