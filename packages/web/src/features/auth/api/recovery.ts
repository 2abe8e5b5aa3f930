import { recoveryEndpoints } from '@estante/contracts/auth';
import { api } from '../../../api/client';

export interface RecoveryStart {
  emails: string[];
  name: string;
  length: number;
  tte: string;
}

const params = (user: string) => ({ user: user.trim() });

/** Step 1: e-mail a code to the person behind `user`. */
export const startRecovery = (user: string, captcha: string | null) =>
  api(recoveryEndpoints.start, { params: params(user), query: captcha ? { recaptcha_token: captcha } : {} });
/** Step 2: the code; answers the rules for the new password. */
export const checkCode = (user: string, code: string) => api(recoveryEndpoints.checkCode, { params: params(user), body: { code } });
/** Step 3: the new password (trimmed, spec §5). */
export const setNewPassword = (user: string, code: string, password: string) =>
  api(recoveryEndpoints.finish, { params: params(user), body: { code, password: password.trim() } });
