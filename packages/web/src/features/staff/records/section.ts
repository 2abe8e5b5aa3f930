import { lazy } from 'react';
import type { StaffSection } from '../sections';

/** The MARC 21 record editor: a title's or an authority's record, checked as typed, previewed and saved as a new version, for cataloguing staff. */
export const section: StaffSection = {
  segment: 'registros',
  label: 'staffRecords.title',
  roles: ['catalogacao'],
  order: 31,
  component: lazy(() => import('./records-page').then((m) => ({ default: m.RecordsPage }))),
};
