import { lazy } from 'react';
import type { StaffSection } from '../sections';

/** The staff accounts: who holds which roles, granted and taken back, for the administration. */
export const section: StaffSection = {
  segment: 'membros',
  label: 'staffMembers.title',
  roles: ['administracao'],
  order: 80,
  component: lazy(() => import('./members-page').then((m) => ({ default: m.MembersPage }))),
};
