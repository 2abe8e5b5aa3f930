import type { ComponentType } from 'react';

/** What every Meu Pergamum section is given by the account area (the app builds title links). */
export interface AccountSectionProps {
  titleHref: (codAcervo: number) => string;
  /** The results page of a saved search: its guide's path segment and query string. */
  searchHref: (guia: string, consulta: string) => string;
  /** The acquisition suggestion form (another feature's; the app hands it over). */
  SuggestionForm: ComponentType<{ onSent: (message: string) => void }>;
  /** The provider hand-over screen opening an external resource at one of the patron's databases (decision 0023). */
  externalHref?: (recurso: string, base: number) => string;
}

/**
 * The menu's headings, in their order (issue 55): thirty entries in one column were hard to scan,
 * so each section names what it is for and the menu gathers them under these.
 */
export const ACCOUNT_GROUPS = ['circulation', 'research', 'services', 'acquisitions', 'profile'] as const;
export type AccountGroup = (typeof ACCOUNT_GROUPS)[number];

export interface AccountSection {
  /** Its place in the menu (lower first; the spec §2 menu's order), within its group. */
  order: number;
  /** The menu heading it is listed under. */
  group: AccountGroup;
  /**
   * Who the section is for, when not every patron: `professor`, a registration in a professors'
   * category (the teaching plan: an undergraduate has no plans to see).
   */
  audience?: 'professor';
  /** Shown beside the menu entry (the unread alerts). */
  badge?: ComponentType;
  /** The path below /meupergamum (spec §2 menu); also the section's address. */
  segment: string;
  /** The i18n key of its menu entry and title. */
  label: string;
  /** An activity the institution must have switched on for the section to show (spec §6), besides 8. */
  activity?: number;
  /** The section's screen, loaded when first opened. */
  component: ComponentType<AccountSectionProps>;
}

/**
 * The sections of Meu Pergamum, in menu order: the one list the menu and the router read, found by
 * their folders (`./<section>/section.ts`, each exporting its `sections`): adding a section is a
 * folder with its section.ts, no list to edit (issue 51).
 */
const found = import.meta.glob<{ sections: AccountSection[] }>('./*/section.ts', { eager: true });

export const ACCOUNT_SECTIONS: readonly AccountSection[] = Object.values(found)
  .flatMap((module) => module.sections)
  .sort((a, b) => a.order - b.order);

/** The address of a section: `/meupergamum/<segment>`. */
export function accountSectionPath(segment: string): string {
  return `/meupergamum/${segment}`;
}

/**
 * The sections a patron is offered (spec §6): those whose activity the institution has on (and
 * the patron's category grants), and that are for patrons like them — a section meant for
 * professors is not shown to anyone else (issue 55). The menu, the routes and the dashboard read
 * this one list.
 */
export function sectionsFor(permissions: { hasAll: (...codes: number[]) => boolean }, user: { professor?: boolean } | null): AccountSection[] {
  return ACCOUNT_SECTIONS.filter(
    (s) => (s.activity === undefined || permissions.hasAll(s.activity)) && (s.audience !== 'professor' || user?.professor === true),
  );
}

/** The sections under their menu headings, in the headings' order; a heading with none left is dropped. */
export function groupSections<S extends { group: AccountGroup }>(sections: readonly S[]): { group: AccountGroup; sections: S[] }[] {
  return ACCOUNT_GROUPS.map((group) => ({ group, sections: sections.filter((s) => s.group === group) })).filter((g) => g.sections.length > 0);
}
