import { z } from 'zod';

/** The special characters a password may be required to contain (spec §9). */
export const PASSWORD_SPECIALS = '@!#$%&*()_-';

/** Password rules from the server (spec §3 "Password rules"). */
export const passwordRulesSchema = z.object({
  length: z.object({ min: z.number().int(), max: z.number().int() }),
  has_numbers: z.boolean(),
  only_numbers: z.boolean(),
  special_char: z.boolean(),
  diff_case: z.boolean(),
  diff_name: z.boolean(),
  last_pw: z.number().int(),
});
export type PasswordRules = z.infer<typeof passwordRulesSchema>;

/** The rules checked without the server (all but last_pw), in the order the screen lists them. */
export const LIVE_RULES = ['length', 'has_numbers', 'only_numbers', 'special_char', 'diff_case', 'diff_name'] as const;
export type LiveRule = (typeof LIVE_RULES)[number];

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

/**
 * Which of the rules in force a password meets (spec §5), for the live checklist and for the
 * server alike. Rules not in force are met. "No word of the name": words of three letters or
 * more, compared without case or accents.
 */
export function checkPasswordRules(password: string, rules: PasswordRules, name: string): Record<LiveRule, boolean> {
  const words = fold(name)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3);
  const folded = fold(password);
  return {
    length: password.length >= rules.length.min && password.length <= rules.length.max,
    has_numbers: !rules.has_numbers || /\d/.test(password),
    only_numbers: !rules.only_numbers || /^\d+$/.test(password),
    special_char: !rules.special_char || [...PASSWORD_SPECIALS].some((c) => password.includes(c)),
    diff_case: !rules.diff_case || (/\p{Lu}/u.test(password) && /\p{Ll}/u.test(password)),
    diff_name: !rules.diff_name || !words.some((w) => folded.includes(w)),
  };
}

const code = z.string().regex(/^\d{4,10}$/, { error: 'the code is digits only' });

/** `GET /pessoas/{user}/recuperar-senha`: step 1's answer (spec §3 "Recovery response"). */
export const recuperacaoInicioSchema = z.object({
  emails: z.array(z.string()),
  name: z.string(),
  length: z.number().int(),
  tte: z.string(),
});
export const recuperacaoQuerySchema = z.object({ recaptcha_token: z.string().max(5000).optional() });
export const recuperacaoUserParamsSchema = z.object({ user: z.string().trim().min(1, { error: 'username required' }).max(200) });
/** `POST …/recuperar-senha {code}`: the code checked; answers the rules for the new password. */
export const recuperacaoCodigoSchema = z.object({ code });
/** `PUT …/recuperar-senha {code, password}`. */
export const recuperacaoSenhaSchema = z.object({
  code,
  password: z
    .string()
    .max(200)
    .transform((v) => v.trim()),
});
/** `PUT /pessoas/meu-pergamum/senha` (private). */
export const trocaSenhaSchema = z.object({
  senhaAtual: z.string().min(1).max(200),
  senhaNova: z
    .string()
    .max(200)
    .transform((v) => v.trim()),
});
export const senhaAlteradaSchema = z.object({ key: z.literal('SenhaAlteradaSucesso'), message: z.string() });
