import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { checkPasswordRules, LIVE_RULES, type PasswordRules } from '@estante/contracts/auth';
import { type Language } from '@estante/contracts/kernel';
import type { Db } from '../../db/client.js';
import { errors, messages } from './auth.messages.js';
import type { Mailer } from '../../lib/mail.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { getInstituicao, passwordRules } from '../parameters/parameters.service.js';
import {
  clearFailures,
  deleteResetCode,
  loginOfPerson,
  recentPasswordHashes,
  recoveryTarget,
  saveResetCode,
  setPasswordHash,
  tryResetCode,
} from './auth.queries.js';
import { revokeAllSessions, throttle } from './auth.service.js';

/** Recovery codes: six digits, valid 15 minutes, five tries. */
export const CODE_LENGTH = 6;
const CODE_TTL_SECONDS = 15 * 60;
const CODE_TRIES = 5;
/** Recovery requests per username in a quarter of an hour (the first and a few resends). */
const REQUESTS_PER_WINDOW = 5;
const WINDOW_SECONDS = 15 * 60;

const codeHash = (codPessoa: number, code: string) => createHash('sha256').update(`${codPessoa}:${code}`).digest('base64url');

/** "ana.souza@demo.estante.local" → "an*******@d***.estante.local": enough to recognise, not to harvest. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const [host = '', ...rest] = domain.split('.');
  const keep = (s: string, n: number) => s.slice(0, n) + '*'.repeat(Math.max(3, s.length - n));
  return `${keep(local, 2)}@${keep(host, 1)}${rest.length ? `.${rest.join('.')}` : ''}`;
}

/**
 * Step 1 (`GET /pessoas/{user}/recuperar-senha`): e-mails a fresh code to the person's address
 * and answers the masked address, the first name, the code length and when it expires. A
 * username that cannot recover (unknown, no password, no e-mail) gets one same 422; five
 * requests per username in 15 minutes, then 429.
 */
export async function startRecovery(db: Db, mailer: Mailer, username: string, language: Language) {
  const login = username.trim().toLowerCase();
  await throttle(db, [{ key: `r:${login}`, limit: REQUESTS_PER_WINDOW }], WINDOW_SECONDS);
  const target = await recoveryTarget(db, login);
  if (!target?.email) throw errors.recoveryUnavailable();
  const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
  const expires = await saveResetCode(db, target.cod_pessoa, target.login, codeHash(target.cod_pessoa, code), CODE_TTL_SECONDS);
  const first = target.nome.trim().split(/\s+/)[0]!;
  const sigla = await getInstituicao(db).then(
    (i) => i.sigla,
    () => 'Estante',
  );
  try {
    await mailer.send({
      to: [target.email],
      subject: `${messages.t('recovery.mail.subject', language)} — ${sigla}`,
      text: messages.t('recovery.mail.body', language, { name: first, code, minutes: CODE_TTL_SECONDS / 60 }),
      confidential: true,
    });
  } catch {
    await deleteResetCode(db, target.cod_pessoa);
    throw errors.mailFailed();
  }
  return { emails: [maskEmail(target.email)], name: first, length: CODE_LENGTH, tte: expires };
}

/** Checks the login's code (counting the try): the person it recovers, or a 422 to offer a new code. */
async function verifyCode(db: Db, username: string, code: string) {
  const login = username.trim().toLowerCase();
  const row = await tryResetCode(db, login);
  if (!row) throw errors.codeInvalid();
  if (row.expired || row.attempts >= CODE_TRIES) {
    await deleteResetCode(db, row.cod_pessoa);
    throw errors.codeExpired();
  }
  const expected = Buffer.from(row.code_hash);
  const given = Buffer.from(codeHash(row.cod_pessoa, code));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw errors.codeInvalid();
  return { codPessoa: row.cod_pessoa, login, nome: row.nome };
}

/** Step 2 (`POST`): a right code answers the rules the new password must meet. */
export async function checkRecoveryCode(db: Db, username: string, code: string): Promise<PasswordRules> {
  await verifyCode(db, username, code);
  return passwordRules(db);
}

/** The rules of spec §5, checked on the server too: the live ones, then "not one of the last n". */
async function acceptNewPassword(db: Db, codPessoa: number, login: string, nome: string, password: string): Promise<string> {
  const rules = await passwordRules(db);
  const met = checkPasswordRules(password, rules, nome);
  const failed = LIVE_RULES.filter((rule) => !met[rule]);
  if (!password || failed.length > 0) throw errors.passwordRules(failed.join(', ') || 'length');
  for (const previous of await recentPasswordHashes(db, codPessoa, login, Math.max(0, rules.last_pw - 1))) {
    if (rules.last_pw > 0 && (await verifyPassword(password, previous))) throw errors.passwordReused(rules.last_pw);
  }
  return hashPassword(password);
}

/** Step 3 (`PUT`): the new password replaces the old; every session of the person ends. */
export async function finishRecovery(db: Db, username: string, code: string, password: string) {
  const who = await verifyCode(db, username, code);
  const hash = await acceptNewPassword(db, who.codPessoa, who.login, who.nome, password);
  await setPasswordHash(db, who.codPessoa, who.login, hash);
  await deleteResetCode(db, who.codPessoa);
  await clearFailures(db, `u:${who.login}`);
  await revokeAllSessions(db, who.codPessoa);
}

/**
 * `PUT /pessoas/meu-pergamum/senha`: a signed-in patron changes the password of the login they
 * signed in with (`signedIn`; the first one when the session does not say); every session of
 * the login's holder, and every one begun with the login, ends.
 */
export async function changePassword(db: Db, codPessoa: number, signedIn: string | null, current: string, next: string) {
  const login = await loginOfPerson(db, codPessoa, signedIn);
  if (!login?.password_hash || !(await verifyPassword(current, login.password_hash))) throw errors.currentPasswordWrong();
  const hash = await acceptNewPassword(db, login.cod_pessoa, login.login, login.nome, next);
  await setPasswordHash(db, login.cod_pessoa, login.login, hash);
  await revokeAllSessions(db, login.cod_pessoa, login.login);
}
