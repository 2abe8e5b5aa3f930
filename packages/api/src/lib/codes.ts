import { randomBytes } from 'node:crypto';

/** A verification key a person can read out at the desk: 12 hexadecimal digits in three groups (XXXX-XXXX-XXXX). */
export function verificationKey(): string {
  return randomBytes(6)
    .toString('hex')
    .toUpperCase()
    .replace(/(.{4})(.{4})(.{4})/, '$1-$2-$3');
}
