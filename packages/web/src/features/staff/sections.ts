import type { StaffRole } from '@estante/contracts/kernel';
import type { ComponentType } from 'react';

/** A section of the staff area: its folder's `section.ts` exports one as `section`. */
export interface StaffSection {
  /** The path below /equipe; also the section's address. */
  segment: string;
  /** The i18n key of its menu entry and title (in the section's own locales/). */
  label: string;
  /** Who is offered it: a staff member holding one of these roles (its calls check them again). */
  roles: readonly StaffRole[];
  /** Its place in the menu (lower first). */
  order: number;
  /** The section's screen, loaded when first opened. */
  component: ComponentType;
}

/**
 * The staff area's sections, found by their folders (`./<section>/section.ts`): a new section is a
 * folder here, with no list to edit (issue 51).
 */
const found = import.meta.glob<{ section: StaffSection }>('./*/section.ts', { eager: true });

export const STAFF_SECTIONS: readonly StaffSection[] = Object.values(found)
  .map((module) => module.section)
  .sort((a, b) => a.order - b.order || a.segment.localeCompare(b.segment));

/** The sections one of whose roles the person holds, in menu order. */
export function sectionsFor(roles: readonly StaffRole[]): StaffSection[] {
  return STAFF_SECTIONS.filter((section) => section.roles.some((role) => roles.includes(role)));
}
