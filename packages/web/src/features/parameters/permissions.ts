import type { Atividade } from '@estante/contracts/parameters';

/** The module of the catalogue's activities (spec §9 "module code 3"). */
export const CATALOGUE_MODULE = 3;

/** Activity codes of spec §6 that screens depend on. */
export const ACTIVITY = {
  accountArea: 8,
  acquisitionSuggestion: 12,
  comments: 13,
  icap: 57,
  networkCatalogue: 87,
  productLogo: 88,
  modalLoginKeepsSession: 107,
  captcha: 1120,
} as const;

export interface Permissions {
  /** Every one of the codes is on. */
  hasAll: (...codes: number[]) => boolean;
  /** At least one of the codes is on. */
  hasAny: (...codes: number[]) => boolean;
  /** None of the codes is on. */
  hasNone: (...codes: number[]) => boolean;
  /** The activity's description (a modal's title, say), or `fallback` when it is off. */
  description: (code: number, fallback: string) => string;
}

/**
 * The activities a patron's category grants (the server's category permissions, spec §6 "user
 * permissions combine cod_modulo and cod_atividade"): for a signed-in patron each needs the
 * patron's own grant as well as the institution's. The others (ICAP, network catalogue, product
 * logo, 107, 1120) are how the institution's site looks, the same for everyone.
 */
export const PERSONAL_ACTIVITIES: readonly number[] = [ACTIVITY.accountArea, ACTIVITY.acquisitionSuggestion, ACTIVITY.comments];

/** A permission as GET /pessoas lists it. */
export interface UserPermission {
  cod_modulo: number;
  cod_atividade: number;
}

/**
 * The helpers of spec §6 over a list of activities (module 3, `cod_modulo` + `cod_atividade`):
 * the institution's, and — for a signed-in patron whose permissions are known — the patron's own
 * for the personal activities.
 */
export function permissionsOf(activities: Atividade[], user?: readonly UserPermission[]): Permissions {
  const granted = (code: number) =>
    !user || !PERSONAL_ACTIVITIES.includes(code) || user.some((p) => p.cod_modulo === CATALOGUE_MODULE && p.cod_atividade === code);
  const on = (code: number) => granted(code) && activities.some((a) => a.cod_modulo === CATALOGUE_MODULE && a.cod_atividade === code);
  return {
    hasAll: (...codes) => codes.every(on),
    hasAny: (...codes) => codes.some(on),
    hasNone: (...codes) => !codes.some(on),
    description: (code, fallback) =>
      (on(code) ? activities.find((a) => a.cod_modulo === CATALOGUE_MODULE && a.cod_atividade === code)?.descricao : undefined) ?? fallback,
  };
}
