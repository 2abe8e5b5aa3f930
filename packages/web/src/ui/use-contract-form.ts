import type { Endpoint } from '@estante/contracts/kernel';
import { type FormErrors, useForm, type UseFormInput, type UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { schemaResolver } from './schema-resolver';

/** A call that takes a body: the kind a data-entry form sends. */
export type BodyEndpoint = Endpoint & { readonly body: z.ZodType };

/** The body as the endpoint's schema takes it (before its transforms: trimming, defaults). */
export type BodyOf<E extends BodyEndpoint> = z.input<E['body']>;

/** What `useContractForm` returns: @mantine/form's form, whose submit handler gets the body. */
export type ContractForm<E extends BodyEndpoint, V> = UseFormReturnType<V, (values: V) => BodyOf<E>>;

/** `useContractForm`'s options: @mantine/form's, with the body made from the values and the rules beyond the schema. */
export interface ContractFormOptions<E extends BodyEndpoint, V> extends Omit<
  UseFormInput<V, (values: V) => BodyOf<E>>,
  'initialValues' | 'validate' | 'transformValues'
> {
  /**
   * The endpoint's body schema itself (`trocaSenhaSchema` for `recoveryEndpoints.changePassword`):
   * the web build strips the schemas out of the declarations (vite/endpoint-addresses.ts,
   * decision 0034), so a form names the one it checks with, and only that one travels with it.
   * Where the declaration still has it (development, tests) it must be the same object.
   */
  schema: E['body'];
  /** The fields as the form starts (and as `form.reset()` leaves them). */
  initialValues: V;
  /**
   * The body the call sends, made from the fields (and from what the screen knows besides: the
   * title, the basket's selection). Validation parses it; the submit handler receives it. Name the
   * fields as the body does: a problem the schema finds at `body.x` is shown on field `x`.
   * A literal the body asks for is written `as const` (`tipo: 'email' as const`): TypeScript does
   * not yet know the body's type while it reads the endpoint's.
   */
  toBody: (values: V) => NoInfer<BodyOf<E>>;
  /**
   * Checks the schema cannot make (the new password typed twice alike, the volume a title asks
   * for), as field → translated message; one given for a field replaces the schema's words there.
   */
  rules?: (values: V) => FormErrors;
}

/**
 * One @mantine/form `useForm` for every data-entry form (issue 51), bound to the call it sends as
 * declared in the contracts: the caller gives the initial values and how they make the endpoint's
 * body (`toBody`); on submit the body is checked against the endpoint's `body` schema — the very
 * check the API makes — through `schemaResolver`, each field getting its first problem in the
 * interface's language (`validation.*` keys through `t()`), plus the caller's own `rules`. The
 * submit handler receives the body, ready for `api(endpoint, { body })`.
 *
 * Fields shown with `form.getInputProps(field)` get the error as Mantine shows it (`aria-invalid`,
 * the message tied by `aria-describedby`; Mantine 8's PasswordInput sets only `data-invalid`); a form that tells its problems in one notice instead
 * reads them in `form.onSubmit(send, (errors) => …)`. Every other @mantine/form option passes
 * through (`mode`, `validateInputOnBlur`, …).
 *
 * @example
 * const form = useContractForm(recoveryEndpoints.changePassword, {
 *   schema: trocaSenhaSchema,
 *   initialValues: { senhaAtual: '', senhaNova: '' },
 *   toBody: (values) => values,
 * });
 * <form onSubmit={form.onSubmit((body) => api(recoveryEndpoints.changePassword, { body }))} noValidate>
 *   <PasswordInput label={t('password.current')} {...form.getInputProps('senhaAtual')} />
 */
export function useContractForm<E extends BodyEndpoint, V extends Record<string, unknown>>(
  endpoint: E,
  { schema, initialValues, toBody, rules, ...options }: ContractFormOptions<E, V>,
): ContractForm<E, V> {
  const { t } = useTranslation();
  if (endpoint.body && endpoint.body !== schema) throw new Error(`${endpoint.method} ${endpoint.path}: the form's schema is not the endpoint's body`);
  const bySchema = schemaResolver<V>(schema, toBody, t);
  return useForm<V, (values: V) => BodyOf<E>>({
    ...options,
    initialValues,
    transformValues: toBody,
    validate: (values) => ({ ...bySchema(values), ...given(rules?.(values)) }),
  });
}

/** The rules' messages that say something (a field a rule let pass keeps the schema's). */
function given(errors: FormErrors | undefined): FormErrors {
  return Object.fromEntries(Object.entries(errors ?? {}).filter(([, message]) => Boolean(message)));
}
