import type { PasswordRules } from '@estante/contracts';
import { apiCall } from '../../../api/client';

export interface RecoveryStart {
  emails: string[];
  name: string;
  length: number;
  tte: string;
}

const path = (user: string) => `/pessoas/${encodeURIComponent(user.trim())}/recuperar-senha`;

/** Step 1: e-mail a code to the person behind `user`. */
export const startRecovery = (user: string, captcha: string | null) =>
  apiCall<RecoveryStart>('GET', captcha ? `${path(user)}?${new URLSearchParams({ recaptcha_token: captcha })}` : path(user));
/** Step 2: the code; answers the rules for the new password. */
export const checkCode = (user: string, code: string) => apiCall<PasswordRules>('POST', path(user), { code });
/** Step 3: the new password (trimmed, spec §5). */
export const setNewPassword = (user: string, code: string, password: string) =>
  apiCall<{ key: string; message: string }>('PUT', path(user), { code, password: password.trim() });
