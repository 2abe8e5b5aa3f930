import { lazy } from 'react';
import type { StaffSection } from '../sections';

/** The partner network: libraries whose catalogues are harvested over OAI-PMH, added, harvested now and removed, for the administration. */
export const section: StaffSection = {
  segment: 'rede',
  label: 'staffNetwork.title',
  roles: ['administracao'],
  order: 88,
  component: lazy(() => import('./network-page').then((m) => ({ default: m.NetworkPage }))),
};
