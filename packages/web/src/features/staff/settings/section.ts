import { lazy } from 'react';
import type { StaffSection } from '../sections';

/** The institution's settings: sign-in, the site's texts, the values' translations, activities, libraries' hours, the loan policies and the external providers, for the administration. */
export const section: StaffSection = {
  segment: 'configuracoes',
  label: 'staffSettings.title',
  roles: ['administracao'],
  // Right after the partner network (88), before the scheduled jobs (90).
  order: 89,
  component: lazy(() => import('./settings-page').then((m) => ({ default: m.SettingsPage }))),
};
