import { lazy } from 'react';
import type { StaffSection } from '../sections';

/** The mail log: what the server sent, to whom and how it went, a message read and sent again, for the administration. */
export const section: StaffSection = {
  segment: 'correio',
  label: 'staffMail.title',
  roles: ['administracao'],
  // Right after the scheduled jobs (90): the mail is most of what they do.
  order: 95,
  component: lazy(() => import('./mail-page').then((m) => ({ default: m.MailPage }))),
};
