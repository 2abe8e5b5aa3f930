import { Alert, Button, Checkbox, PasswordInput, Radio, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../api/client';
import { signIn } from '../api/sign-in';

/**
 * The sign-in form (spec §2 "Sign-in page"): username, password, keep me connected. The
 * server's answer decides the message: 401 wrong credentials (with the institution's login
 * label), 430 blocked account, 400 missing credentials, 429 too many attempts.
 */
export type Destination = 'C' | 'M';

export function LoginForm({
  loginLabel,
  onSignedIn,
  destination,
}: {
  loginLabel: string;
  onSignedIn: (destination: Destination | null) => void;
  /** Spec §2: where to go after sign-in (C catalogue, M account area), asked when given; its default. */
  destination?: Destination;
}) {
  const { t } = useTranslation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [keep, setKeep] = useState(false);
  const [target, setTarget] = useState<Destination | undefined>(destination);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; severe: boolean } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!username.trim() || !password || (destination !== undefined && !target)) {
      setError({ text: t('login.fillAll'), severe: false });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await signIn(username, password, keep);
      onSignedIn(target ?? null);
    } catch (e) {
      setError(describe(e));
    } finally {
      setBusy(false);
    }
  };

  const describe = (e: unknown): { text: string; severe: boolean } => {
    if (!(e instanceof ApiRequestError)) return { text: t('errors.unexpected'), severe: true };
    if (e.status === 0) return { text: t('errors.unreachable'), severe: false };
    if (e.status === 401) return { text: t('login.wrongCredentials', { label: loginLabel }), severe: false };
    if (e.status === 430 || e.key === 'ACESSO_BLOQUEADO') return { text: t('login.blocked'), severe: false };
    if (e.status === 429) return { text: t('login.tooMany'), severe: false };
    if (e.status === 400) return { text: t('login.requestFailed'), severe: false };
    if (e.status === 422) return { text: e.message, severe: false };
    return { text: t('errors.unexpected'), severe: true };
  };

  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <Stack gap="sm" maw={360}>
        {error && (
          <Alert color={error.severe ? 'red' : 'yellow'} role="alert" variant="light">
            {error.text}
          </Alert>
        )}
        <TextInput label={loginLabel} name="username" autoComplete="username" value={username} onChange={(e) => setUsername(e.currentTarget.value)} required />
        <PasswordInput label={t('login.password')} name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} required />
        <Checkbox label={t('login.keep')} checked={keep} onChange={(e) => setKeep(e.currentTarget.checked)} />
        {destination !== undefined && (
          <Radio.Group label={t('login.destination')} value={target ?? null} onChange={(v) => setTarget(v as Destination)} required>
            <Stack gap={4} mt={4}>
              <Radio value="C" label={t('login.toCatalogue')} />
              <Radio value="M" label={t('login.toAccount')} />
            </Stack>
          </Radio.Group>
        )}
        <Button type="submit" loading={busy}>
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
