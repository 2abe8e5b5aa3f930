import { lazy } from 'react';
import type { StaffSection } from '../sections';

/** The patrons' requests (copies, surveys, catalogue sheets, searches, inter-library loans) and loan requests: the queues the reference staff serve. */
export const section: StaffSection = {
  segment: 'solicitacoes',
  label: 'staffRequests.title',
  roles: ['atendimento'],
  order: 20,
  component: lazy(() => import('./requests-page').then((m) => ({ default: m.RequestsPage }))),
};
