import { lazy } from 'react';
import type { StaffSection } from '../sections';

/** Cataloguing (issue 57): a MARC file uploaded and imported with its progress and report; a title's copies; a title suppressed or deleted. */
export const section: StaffSection = {
  segment: 'catalogacao',
  label: 'staffCataloguing.section',
  roles: ['catalogacao'],
  order: 30,
  component: lazy(() => import('./cataloguing-page').then((m) => ({ default: m.CataloguingPage }))),
};
