import { lazy } from 'react';
import type { StaffSection } from '../sections';

/** The staff audit: who did what to whom, when and why, for the administration. */
export const section: StaffSection = {
  segment: 'auditoria',
  label: 'staffAudit.title',
  roles: ['administracao'],
  order: 85,
  component: lazy(() => import('./audit-page').then((m) => ({ default: m.AuditPage }))),
};
