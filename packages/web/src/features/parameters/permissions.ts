import type { Atividade } from '@estante/contracts';

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

/** The helpers of spec §6 over a list of activities (module 3, `cod_modulo` + `cod_atividade`). */
export function permissionsOf(activities: Atividade[]): Permissions {
  const on = (code: number) => activities.some((a) => a.cod_modulo === CATALOGUE_MODULE && a.cod_atividade === code);
  return {
    hasAll: (...codes) => codes.every(on),
    hasAny: (...codes) => codes.some(on),
    hasNone: (...codes) => !codes.some(on),
    description: (code, fallback) => activities.find((a) => a.cod_modulo === CATALOGUE_MODULE && a.cod_atividade === code)?.descricao ?? fallback,
  };
}
