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

export interface AccountSection {
  /** Its place in the menu (lower first; the spec §2 menu's order). */
  order: number;
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
