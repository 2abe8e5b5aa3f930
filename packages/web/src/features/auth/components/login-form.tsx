import { authEndpoints, LOGIN_CATEGORIES_87, type PessoaOpcao, tokenRequestSchema } from '@estante/contracts/auth';
import { ActionIcon, Alert, Button, Checkbox, Group, PasswordInput, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../api/client';
import { type BodyOf, useContractForm } from '../../../ui/use-contract-form';
import { chooseRegistration, isPending, lookUpDuplicates, type PendingSignIn, signIn, usernameWithChoice } from '../api/sign-in';
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
 * decides the message: 401 wrong credentials with the institution's login label, 430 blocked by
 * the library (overdue loans, debts: a new password does not help), 429 the lock after too many
 * wrong passwords (wait, or reset the password), 400 missing credentials or captcha, 500 in red. After too many wrong
 * passwords the server asks for the captcha even without activity 1120: the form then shows it.
 */
export function LoginForm({ loginLabel, flow, captcha, destination, onInstitutional, onSignedIn, footer }: LoginFormProps) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>({ kind: 'credentials' });
  /** The login-origin chooser's answer (after sign-in; not part of the grant). */
  const [origin, setOrigin] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);
  /** The server asked for the captcha (too many wrong passwords for the username or from the network), activity 1120 or not. */
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const withCaptcha = captcha || captchaAsked;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; severe: boolean } | null>(null);
  const [choiceMissing, setChoiceMissing] = useState(false);

  const twoStepFirst = flow === 'two-step' && phase.kind === 'credentials';
  const needsChoice = (phase.kind === 'password' && phase.options.length > 1) || flow === 'category';

  // The password grant's body (useContractForm, issue 51): checked against the token call's own
  // schema, plus what the form asks besides; its problems are told in one notice, first first.
  const form = useContractForm(authEndpoints.token, {
    schema: tokenRequestSchema,
    initialValues: { username: '', password: '', keep: false, choice: null as string | null, target: destination ?? null, captcha: null as string | null },
    toBody: (values) => ({
      grant_type: 'password',
      username: usernameWithChoice(values.username, needsChoice ? values.choice : null),
      password: values.password,
      ...(values.captcha ? { recaptcha_token: values.captcha } : {}),
    }),
    rules: (values) => ({
      choice: needsChoice && !values.choice ? t('login.chooseRequired') : null,
      username: values.username.trim() ? null : t('login.fillAll'),
      password: values.password ? null : t('login.fillAll'),
      target: destination !== undefined && !values.target ? t('login.fillAll') : null,
      recaptcha_token: withCaptcha && !values.captcha ? t('login.captchaMissing') : null,
    }),
  });
  const { username, choice } = form.values;
  /** A field's value and change handler (its problem is told in the notice, not under it). */
  const field = (name: 'username' | 'password' | 'keep' | 'target' | 'choice', type?: 'checkbox') => {
    const { error: _told, ...props } = form.getInputProps(name, type ? { type } : undefined);
    return props;
  };

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
      form.setFieldValue('choice', null);
      setPhase({ kind: 'password', options: found.result ? found.pessoas : [] });
    });
  };

  const send = (body: BodyOf<typeof authEndpoints.token>) =>
    void run(async () => {
      try {
        const result = await signIn(
          { username: body.username ?? '', password: body.password ?? '', recaptcha_token: body.recaptcha_token },
          { keep: form.values.keep, chosen: needsChoice },
        );
        if (isPending(result)) {
          setOrigin(null);
          setPhase({ kind: 'person-picker', pending: result });
        } else onSignedIn(form.values.target ?? null);
      } finally {
        // The server takes a captcha solution once: every attempt needs a new one.
        if (withCaptcha) {
          form.setFieldValue('captcha', null);
          setCaptchaRound((n) => n + 1);
        }
      }
    });

  /** The form's problems, in one notice: the missing choice first, then missing fields, then the captcha. */
  const refused = (problems: Record<string, unknown>) => {
    if (problems.choice) setChoiceMissing(true);
    const first = ['choice', 'username', 'password', 'target', 'recaptcha_token'].map((name) => problems[name]).find(Boolean);
    setError({ text: typeof first === 'string' ? first : t('login.fillAll'), severe: false });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (busy) return event.preventDefault();
    if (twoStepFirst) {
      event.preventDefault();
      return continueTwoStep();
    }
    form.onSubmit(send, refused)(event);
  };

  const pick = (event: FormEvent, pending: PendingSignIn) => {
    event.preventDefault();
    const option = pending.options.find((o) => String(o.codigo) === origin);
    if (!option) {
      setChoiceMissing(true);
      return setError({ text: t('login.chooseRequired'), severe: false });
    }
    void run(async () => {
      await chooseRegistration(pending, option);
      onSignedIn(form.values.target ?? null);
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
            value={origin}
            onChange={(v) => {
              setOrigin(v);
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
                form.setFieldValue('password', '');
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
          <TextInput label={loginLabel} name="username" autoComplete="username" {...field('username')} required />
        )}
        {needsChoice && (
          <Select
            label={phase.kind === 'password' ? t('login.chooseLogin') : t('login.category')}
            placeholder={t('login.choosePlaceholder')}
            data={chooserOptions}
            value={choice}
            onChange={(v) => {
              form.setFieldValue('choice', v);
              setChoiceMissing(false);
            }}
            error={choiceMissing ? t('login.chooseRequired') : undefined}
            allowDeselect={false}
            required
          />
        )}
        {!twoStepFirst && (
          <>
            <PasswordInput label={t('login.password')} name="password" autoComplete="current-password" {...field('password')} required />
            <Checkbox label={t('login.keep')} {...field('keep', 'checkbox')} />
            {withCaptcha && <CaptchaField key={captchaRound} onChange={(token) => form.setFieldValue('captcha', token)} />}
            {destination !== undefined && (
              <Radio.Group label={t('login.destination')} {...field('target')} required>
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
