import { LOGIN_CATEGORIES_87, type PessoaOpcao } from '@estante/contracts/auth';
import { ActionIcon, Alert, Button, Checkbox, Group, PasswordInput, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../api/client';
import { chooseRegistration, isPending, lookUpDuplicates, type PendingSignIn, signIn } from '../api/sign-in';
import { CaptchaField } from './captcha-field';

export type Destination = 'C' | 'M';
/** How the institution signs people in (spec §4): the usual form, 571's two steps, 87's category. */
export type LoginFlow = 'standard' | 'two-step' | 'category';

type Phase =
  | { kind: 'credentials' }
  /** Institution 571's step two: the password, and the required chooser when the username has several people. */
  | { kind: 'password'; options: PessoaOpcao[] }
  /** The login-origin chooser after sign-in. */
  | { kind: 'person-picker'; pending: PendingSignIn };

export interface LoginFormProps {
  loginLabel: string;
  flow: LoginFlow;
  /** Activity 1120: the captcha is part of the form. */
  captcha: boolean;
  /** Spec §2: where to go after sign-in (C catalogue, M account area), asked when given; its default. Only on the login page. */
  destination?: Destination;
  /** With OIDC on, institution 571's step one sends usernames with an @ to the institutional sign-in. */
  onInstitutional?: (login: string) => void;
  onSignedIn: (destination: Destination | null) => void;
  /** Under the form (the institutional sign-in button, the forgot-password link). */
  footer?: ReactNode;
}

/**
 * The sign-in form (spec §2, §4, §5, §8), on the login page, embedded in a screen or in a
 * modal. Phases: credentials → (institution 571) password with the duplicate chooser →
 * authenticating → (several registrations) the login-origin chooser. The server's answer
 * decides the message: 401 wrong credentials with the institution's login label, 430 blocked,
 * 429 too many attempts, 400 missing credentials or captcha, 500 in red. After too many wrong
 * passwords the server asks for the captcha even without activity 1120: the form then shows it.
 */
export function LoginForm({ loginLabel, flow, captcha, destination, onInstitutional, onSignedIn, footer }: LoginFormProps) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ kind: 'credentials' });
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [keep, setKeep] = useState(false);
  const [choice, setChoice] = useState<string | null>(null);
  const [target, setTarget] = useState<Destination | undefined>(destination);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  /** The server asked for the captcha (too many wrong passwords for the username or from the network), activity 1120 or not. */
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const withCaptcha = captcha || captchaAsked;
  const [captchaRound, setCaptchaRound] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; severe: boolean } | null>(null);
  const [choiceMissing, setChoiceMissing] = useState(false);

  const twoStepFirst = flow === 'two-step' && phase.kind === 'credentials';
  const needsChoice = (phase.kind === 'password' && phase.options.length > 1) || flow === 'category';

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      if (e instanceof ApiRequestError && e.key === 'captcha_required') setCaptchaAsked(true);
      setError(describe(e));
    } finally {
      setBusy(false);
    }
  };

  const describe = (e: unknown): { text: string; severe: boolean } => {
    if (!(e instanceof ApiRequestError)) return { text: t('errors.unexpected'), severe: true };
    if (e.status === 0) return { text: t('errors.unreachable'), severe: false };
    if (e.key === 'captcha_missing') return { text: t('login.captchaMissing'), severe: false };
    if (e.key === 'captcha_required') return { text: t('login.captchaRequired'), severe: false };
    if (e.key === 'captcha_invalid') return { text: t('login.captchaInvalid'), severe: false };
    if (e.status === 401) return { text: t('login.wrongCredentials', { label: loginLabel }), severe: false };
    if (e.status === 430 || e.key === 'ACESSO_BLOQUEADO') return { text: t('login.blocked'), severe: false };
    if (e.status === 429) return { text: t('login.tooMany'), severe: false };
    if (e.status === 400) return { text: e.key === 'credential_missing' ? t('login.credentialMissing') : t('login.requestFailed'), severe: false };
    if (e.status === 422) return { text: e.message, severe: false };
    return { text: t('errors.unexpected'), severe: true };
  };

  const continueTwoStep = () => {
    if (!username.trim()) return setError({ text: t('login.fillAll'), severe: false });
    if (onInstitutional && username.includes('@')) return onInstitutional(username.trim());
    void run(async () => {
      const found = await lookUpDuplicates(username);
      setChoice(null);
      setPhase({ kind: 'password', options: found.result ? found.pessoas : [] });
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (twoStepFirst) return continueTwoStep();
    if (needsChoice && !choice) {
      setChoiceMissing(true);
      return setError({ text: t('login.chooseRequired'), severe: false });
    }
    if (!username.trim() || !password || (destination !== undefined && !target)) return setError({ text: t('login.fillAll'), severe: false });
    if (withCaptcha && !captchaToken) return setError({ text: t('login.captchaMissing'), severe: false });
    void run(async () => {
      try {
        const result = await signIn({ username, password, keep, captcha: captchaToken, choice: needsChoice ? (choice ?? undefined) : undefined });
        if (isPending(result)) {
          setChoice(null);
          setPhase({ kind: 'person-picker', pending: result });
        } else onSignedIn(target ?? null);
      } finally {
        // The server takes a captcha solution once: every attempt needs a new one.
        if (withCaptcha) {
          setCaptchaToken(null);
          setCaptchaRound((n) => n + 1);
        }
      }
    });
  };

  const pick = (event: FormEvent, pending: PendingSignIn) => {
    event.preventDefault();
    const option = pending.options.find((o) => String(o.codigo) === choice);
    if (!option) {
      setChoiceMissing(true);
      return setError({ text: t('login.chooseRequired'), severe: false });
    }
    void run(async () => {
      await chooseRegistration(pending, option);
      onSignedIn(target ?? null);
    });
  };

  const alert = error && (
    <Alert color={error.severe ? 'red' : 'yellow'} role="alert" variant={error.severe ? 'filled' : 'light'}>
      {error.text}
    </Alert>
  );

  if (phase.kind === 'person-picker') {
    return (
      <form onSubmit={(e) => pick(e, phase.pending)} noValidate aria-busy={busy}>
        <Stack gap="sm" maw={420}>
          {alert}
          <Radio.Group
            label={t('login.originTitle')}
            description={t('login.originHint')}
            value={choice}
            onChange={(v) => {
              setChoice(v);
              setChoiceMissing(false);
            }}
            error={choiceMissing ? t('login.chooseRequired') : undefined}
            required
          >
            <Stack gap={6} mt={6}>
              {phase.pending.options.map((o) => (
                <Radio key={o.codigo} value={String(o.codigo)} label={o.nome} />
              ))}
            </Stack>
          </Radio.Group>
          <Button type="submit" loading={busy}>
            {t('login.continue')}
          </Button>
        </Stack>
      </form>
    );
  }

  const chooserOptions =
    phase.kind === 'password'
      ? phase.options.map((o) => ({ value: String(o.codigo), label: o.nome }))
      : LOGIN_CATEGORIES_87.map((code) => ({ value: code, label: t(`login.categories.${code}`) }));

  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <Stack gap="sm" maw={360}>
        {alert}
        {phase.kind === 'password' ? (
          <Group gap="xs" wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color="gray.8"
              onClick={() => {
                setPhase({ kind: 'credentials' });
                setPassword('');
                setError(null);
              }}
              aria-label={t('login.back')}
            >
              <span aria-hidden>←</span>
            </ActionIcon>
            <Text>
              {loginLabel}: <strong>{username.trim()}</strong>
            </Text>
          </Group>
        ) : (
          <TextInput
            label={loginLabel}
            name="username"
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
            required
          />
        )}
        {needsChoice && (
          <Select
            label={phase.kind === 'password' ? t('login.chooseLogin') : t('login.category')}
            placeholder={t('login.choosePlaceholder')}
            data={chooserOptions}
            value={choice}
            onChange={(v) => {
              setChoice(v);
              setChoiceMissing(false);
            }}
            error={choiceMissing ? t('login.chooseRequired') : undefined}
            allowDeselect={false}
            required
          />
        )}
        {!twoStepFirst && (
          <>
            <PasswordInput
              label={t('login.password')}
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              required
            />
            <Checkbox label={t('login.keep')} checked={keep} onChange={(e) => setKeep(e.currentTarget.checked)} />
            {withCaptcha && <CaptchaField key={captchaRound} onChange={setCaptchaToken} />}
            {destination !== undefined && (
              <Radio.Group label={t('login.destination')} value={target ?? null} onChange={(v) => setTarget(v as Destination)} required>
                <Stack gap={4} mt={4}>
                  <Radio value="C" label={t('login.toCatalogue')} />
                  <Radio value="M" label={t('login.toAccount')} />
                </Stack>
              </Radio.Group>
            )}
          </>
        )}
        <Button type="submit" loading={busy}>
          {twoStepFirst ? t('login.continue') : t('login.submit')}
        </Button>
        {footer}
      </Stack>
    </form>
  );
}
