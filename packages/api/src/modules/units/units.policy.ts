import { SUGGESTION_REQUIRED, type SugestaoAquisicaoBody } from '@estante/contracts/parameters';
import type { AppError } from '../../lib/errors.js';
import { errors } from './units.messages.js';

type Required = (typeof SUGGESTION_REQUIRED)[number];

/*
 * An acquisition suggestion (spec §7, issue 51), in order: the institution takes them; each
 * required field (title, publisher) holds more than blanks; then (after the campus is found) the
 * library exists and is on the chosen campus. How often one patron may send is the pacing's
 * (10 an hour), not a rule here.
 */

/** The form: activity 12 on, the required fields filled. `fieldName` names a field in the caller's language. */
export function suggestionFormRefusal(enabled: boolean, body: Pick<SugestaoAquisicaoBody, Required>, fieldName: (field: Required) => string): AppError | null {
  if (!enabled) return errors.suggestionsDisabled();
  const blank = SUGGESTION_REQUIRED.find((field) => body[field].trim() === '');
  return blank ? errors.requiredField(fieldName(blank)) : null;
}

/** The library: it exists (`libraryCampus` its campus, null when there is none) and is on the chosen campus. */
export function suggestionLibraryRefusal(body: Pick<SugestaoAquisicaoBody, 'biblioteca' | 'campus'>, libraryCampus: number | null): AppError | null {
  if (libraryCampus === null) return errors.libraryInvalid(body.biblioteca);
  return libraryCampus === body.campus ? null : errors.libraryNotOnCampus(body.biblioteca, body.campus);
}
