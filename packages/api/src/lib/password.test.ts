import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, passwordHashForm, verifyPassword } from './password.js';

/**
 * The hashes another library system hands over on a patron import (decision 0055), checked
 * against hashes this code did not make: the bcrypt vectors of Openwall's crypt_blowfish test
 * suite, and PBKDF2 hashes written by Python's hashlib in Django's form.
 */
const BCRYPT_UU = '$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW';
const DJANGO_SHA256 = 'pbkdf2_sha256$870000$seasalt2$nxgnNHRsZWSmi4hRSKq2MRigfaRmjDhH1NH4g2sQRbU=';
const DJANGO_SHA1 = 'pbkdf2_sha1$260000$seasalt2$wAibXvW6jgvatCdONi6SMJ6q7mI=';

describe('stored password hashes', () => {
  it('verifies bcrypt in its $2a$, $2b$ and $2y$ spellings, and only with the right password', async () => {
    for (const prefix of ['$2a$', '$2b$', '$2y$']) {
      const stored = prefix + BCRYPT_UU.slice(4);
      expect(passwordHashForm(stored)).toBe('bcrypt');
      expect(await verifyPassword('U*U', stored)).toBe(true);
      expect(await verifyPassword('U*V', stored)).toBe(false);
    }
  });

  it('verifies PBKDF2 as Django writes it (SHA-256 and SHA-1), and only with the right password', async () => {
    expect(passwordHashForm(DJANGO_SHA256)).toBe('pbkdf2_sha256');
    expect(await verifyPassword('lètmein', DJANGO_SHA256)).toBe(true);
    expect(await verifyPassword('letmein', DJANGO_SHA256)).toBe(false);
    expect(passwordHashForm(DJANGO_SHA1)).toBe('pbkdf2_sha1');
    expect(await verifyPassword('lètmein', DJANGO_SHA1)).toBe(true);
    expect(await verifyPassword('lètmeinn', DJANGO_SHA1)).toBe(false);
  });

  it('asks for every imported form to be replaced by ours once the password is known, and not ours', async () => {
    expect(needsRehash(BCRYPT_UU)).toBe(true);
    expect(needsRehash(DJANGO_SHA256)).toBe(true);
    const ours = await hashPassword('segredo');
    expect(passwordHashForm(ours)).toBe('scrypt');
    expect(needsRehash(ours)).toBe(false);
    expect(await verifyPassword('segredo', ours)).toBe(true);
  });

  it('names no form for what it cannot verify: argon2, MD5, a cut bcrypt, absurd PBKDF2 rounds', async () => {
    for (const stored of [
      '$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG',
      '5f4dcc3b5aa765d61d8327deb882cf99',
      BCRYPT_UU.slice(0, -1),
      'pbkdf2_sha256$99999999$salt$nxgnNHRsZWSmi4hRSKq2MRigfaRmjDhH1NH4g2sQRbU=',
      '',
    ]) {
      expect(passwordHashForm(stored), stored).toBeUndefined();
      expect(await verifyPassword('U*U', stored)).toBe(false);
    }
  });
});
