import { lazy } from 'react';
import type { StaffSection } from '../sections';

/** Moderation: comments awaiting approval and published ones, and what the footer forms sent, for the moderators. */
export const section: StaffSection = {
  segment: 'moderacao',
  label: 'staffModeration.title',
  roles: ['moderacao'],
  order: 40,
  component: lazy(() => import('./moderation-page').then((m) => ({ default: m.ModerationPage }))),
};
