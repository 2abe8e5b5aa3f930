import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { expect } from 'vitest';
import { publicToken, type TestApp } from './app.js';

/** Asks the server for a captcha challenge and solves it as the browser does: the `recaptcha_token` to send. */
export async function solvedCaptcha(t: TestApp): Promise<string> {
  const response = await t.app.inject({ method: 'GET', url: '/svc/captcha/desafio', headers: { authorization: `Bearer ${await publicToken(t.app)}` } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  const challenge = response.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).not.toBeNull();
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
