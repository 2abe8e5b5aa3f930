import { lazy } from 'react';
import type { StaffSection } from '../sections';

/** The exports: what the library owns, as files another Estante imports, for the administration. */
export const section: StaffSection = {
  segment: 'exportacao',
  label: 'staffExport.title',
  roles: ['administracao'],
  order: 86,
  component: lazy(() => import('./export-page').then((m) => ({ default: m.ExportPage }))),
};
