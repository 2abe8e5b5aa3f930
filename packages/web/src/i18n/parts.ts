/**
 * The strings only the account area (Meu Pergamum) shows: fetched with it, not with the first
 * script (issue 24: the Portuguese strings were a sixth of the first download). The build serves
 * each language as two parts, `virtual:locale/<language>/public` and `.../account`
 * (vite/locale-parts.ts); `loadAccountStrings()` adds the second before an account screen draws.
 * A top-level key belongs here when no screen outside `features/account/` and
 * `app/routes/account.tsx` uses it (parts.test.ts checks).
 */
export const ACCOUNT_KEYS: readonly string[] = ['account', 'period'];
