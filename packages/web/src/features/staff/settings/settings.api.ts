import { type limiteBodySchema, policiesEndpoints, type Politicas, type regraEmprestimoSchema } from '@estante/contracts/circulation';
import {
  type Acesso,
  type bibliotecaBodySchema,
  type Configuracoes,
  type InstitutionTexts,
  type provedorBodySchema,
  type provedorConfigSchema,
  settingsEndpoints,
  type traducaoBodySchema,
  type traducaoValorSchema,
} from '@estante/contracts/parameters';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../api/client';

/** A language the institution's texts are written in. */
export type TextLanguage = 'pt' | 'en' | 'es';
/** A library's e-mail and opening hours as the call takes them (1 Monday … 7 Sunday; a day left out is closed). */
export type LibraryBody = z.input<typeof bibliotecaBodySchema>;
/** A category's loan limit as the call takes it. */
export type LimitBody = z.input<typeof limiteBodySchema>;
/** A loan rule as the form sends it (before the contract's trimming of the fine). */
export type RuleBody = z.input<typeof regraEmprestimoSchema>;

/** A controlled value as written in Portuguese, with its names in English and Spanish (null: not translated). */
export type ValueNames = z.infer<typeof traducaoValorSchema>;
/** A value's name in one language as the call takes it (an empty text removes it). */
export type TranslationBody = z.input<typeof traducaoBodySchema>;
/** An external provider: its entry as stored (null: not configured) and, when signed, the key to hand over. */
export type ProviderSetting = z.infer<typeof provedorConfigSchema>;
/** A provider's entry to set, or null to remove it. */
export type ProviderBody = z.input<typeof provedorBodySchema>;

/** `GET /api/equipe/configuracoes`: sign-in, texts, activities, libraries. */
const settingsQuery = queryOptions({
  queryKey: ['equipe', 'configuracoes'],
  queryFn: ({ signal }) => api(settingsEndpoints.read, {}, signal),
});

/** `GET /api/equipe/politicas`: categories and their loan limit, loan types, the rules, the default. */
const policiesQuery = queryOptions({
  queryKey: ['equipe', 'politicas'],
  queryFn: ({ signal }) => api(policiesEndpoints.read, {}, signal),
});

/** `GET /api/equipe/configuracoes/traducoes`: every controlled value in use with its English and Spanish names. */
const translationsQuery = queryOptions({
  queryKey: ['equipe', 'traducoes'],
  queryFn: ({ signal }) => api(settingsEndpoints.translations, {}, signal),
});

/** `GET /api/equipe/configuracoes/provedores`: every provider the catalogue knows, with its entry and key. */
const providersQuery = queryOptions({
  queryKey: ['equipe', 'provedores'],
  queryFn: ({ signal }) => api(settingsEndpoints.providers, {}, signal),
});

/** The institution's settings (one read for the sign-in, texts, activities and libraries tabs). */
export function useSettings() {
  return useQuery(settingsQuery);
}

/** The loan policies. */
export function usePolicies() {
  return useQuery(policiesQuery);
}

/**
 * A write on the settings: every call answers the whole settings, put in place at once. Done, the
 * public parameters this browser holds (`['parametros', …]`: the institution's texts and sign-in,
 * the activities, the libraries' hours; src/features/parameters) are read again, so the staff
 * member's own site shows the change too. Refused, the settings are read again (another
 * administrator may have been there first).
 */
function useSettingsWrite<I>(write: (input: I) => Promise<Configuracoes>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (settings) => {
      client.setQueryData(settingsQuery.queryKey, settings);
      // Not waited for: the write is done; the site catches up in the background.
      void client.invalidateQueries({ queryKey: ['parametros'] });
    },
    onError: () => client.invalidateQueries({ queryKey: settingsQuery.queryKey }),
  });
}

/** `PUT /api/equipe/configuracoes/acesso`: how patrons sign in. */
export function useSaveAccess() {
  return useSettingsWrite((body: Acesso) => api(settingsEndpoints.access, { body }));
}

/** `PUT /api/equipe/configuracoes/textos/:idioma`: the texts of one language (one left out is unset). */
export function useSaveTexts() {
  return useSettingsWrite(({ idioma, body }: { idioma: TextLanguage; body: InstitutionTexts }) => api(settingsEndpoints.texts, { params: { idioma }, body }));
}

/** `PUT /api/equipe/configuracoes/atividades/:codigo`: an activity on or off. */
export function useSwitchActivity() {
  return useSettingsWrite(({ codigo, ativa }: { codigo: number; ativa: boolean }) => api(settingsEndpoints.activity, { params: { codigo }, body: { ativa } }));
}

/** `PUT /api/equipe/configuracoes/bibliotecas/:id`: a library's e-mail and opening hours. */
export function useSaveLibrary() {
  return useSettingsWrite(({ id, body }: { id: number; body: LibraryBody }) => api(settingsEndpoints.library, { params: { id }, body }));
}

/**
 * A write on the loan policies: every call answers them whole, put in place at once; refused, they
 * are read again. The desk reads them on every loan: nothing else here holds them.
 */
function usePolicyWrite<I>(write: (input: I) => Promise<Politicas>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (policies) => {
      client.setQueryData(policiesQuery.queryKey, policies);
    },
    onError: () => client.invalidateQueries({ queryKey: policiesQuery.queryKey }),
  });
}

/** `PUT /api/equipe/politicas/:categoria/:tipo`: the rule of a category and a loan type. */
export function useSetRule() {
  return usePolicyWrite(({ categoria, tipo, body }: { categoria: string; tipo: number; body: RuleBody }) =>
    api(policiesEndpoints.setRule, { params: { categoria, tipo }, body }),
  );
}

/** `DELETE /api/equipe/politicas/:categoria/:tipo`: the rule removed, the default applies. */
export function useDropRule() {
  return usePolicyWrite(({ categoria, tipo }: { categoria: string; tipo: number }) => api(policiesEndpoints.dropRule, { params: { categoria, tipo } }));
}

/** `PUT /api/equipe/categorias/:categoria/limite`: how many open loans a patron of the category may have. */
export function useSetLimit() {
  return usePolicyWrite(({ categoria, body }: { categoria: string; body: LimitBody }) => api(policiesEndpoints.setLimit, { params: { categoria }, body }));
}

/** The controlled values and their names in English and Spanish. */
export function useTranslations() {
  return useQuery(translationsQuery);
}

/**
 * `PUT /api/equipe/configuracoes/traducoes`: a value's name in one language (empty: removed). The
 * answer is the whole list, put in place at once; refused, the list is read again.
 */
export function useTranslate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TranslationBody) => api(settingsEndpoints.translate, { body }),
    onSuccess: (values) => {
      client.setQueryData(translationsQuery.queryKey, values);
    },
    onError: () => client.invalidateQueries({ queryKey: translationsQuery.queryKey }),
  });
}

/** The external providers and their entries. */
export function useProviders() {
  return useQuery(providersQuery);
}

/**
 * `PUT /api/equipe/configuracoes/provedores/:recurso`: a provider configured with its entry, or
 * removed with null. The answer is the whole list, put in place at once; refused (a 422 says what
 * is wrong in the entry), the list is read again.
 */
export function useSetProvider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ recurso, body }: { recurso: string; body: ProviderBody }) => api(settingsEndpoints.provider, { params: { recurso }, body }),
    onSuccess: (providers) => {
      client.setQueryData(providersQuery.queryKey, providers);
    },
    onError: () => client.invalidateQueries({ queryKey: providersQuery.queryKey }),
  });
}
