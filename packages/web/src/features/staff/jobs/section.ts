import { lazy } from 'react';
import type { StaffSection } from '../sections';

/** The jobs page: the work the server runs by itself, for the administration. */
export const section: StaffSection = {
  segment: 'tarefas',
  label: 'staffJobs.title',
  roles: ['administracao'],
  order: 90,
  component: lazy(() => import('./jobs-page').then((m) => ({ default: m.JobsPage }))),
};
