import {
  checkPasswordRules,
  LIVE_RULES,
  type PasswordRules,
  recoveryEndpoints,
  recuperacaoCodigoSchema,
  recuperacaoSenhaSchema,
} from '@estante/contracts/auth';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../../api/client';
import { NewPasswordFields } from '../../../ui/password-rules';
import { type BodyOf, useContractForm } from '../../../ui/use-contract-form';
import { CaptchaField } from './captcha-field';
import { checkCode, type RecoveryStart, setNewPassword, startRecovery } from '../api/recovery';
import { dateFormat } from '../../../ui/dates';

type Step = { kind: 'user' } | { kind: 'code'; start: RecoveryStart } | { kind: 'password'; start: RecoveryStart; code: string; rules: PasswordRules };
type PasswordStep = Extract<Step, { kind: 'password' }>;

/**
 * Password recovery (spec §4): 1 the username → a code by e-mail (masked address, expiry shown);
 * 2 the code, checked as soon as it is complete, with "send a new code" after a refusal;
 * 3 the new password with the live rules of spec §5; then back to sign-in with the success
 * message. Steps 2 and 3 are useContractForm on their calls' bodies; step 1 sends no body (the
 * username is in the address, the captcha in the query), so it keeps its own state. Nothing can
 * be sent again while a request is pending.
 */
export function RecoveryForm({
  loginLabel,
  captcha,
  onDone,
  onCancel,
}: {
  loginLabel: string;
  /** Activity 1120: step 1 asks the captcha too (spec §5). */
  captcha: boolean;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [step, setStep] = useState<Step>({ kind: 'user' });
  const [user, setUser] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ text: string; resend: boolean } | null>(null);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaRound, setCaptchaRound] = useState(0);

  const fail = (error: unknown, resend = false) => {
    if (error instanceof ApiRequestError && error.status === 422) setProblem({ text: error.message, resend });
    else if (error instanceof ApiRequestError && error.status !== 500 && error.status !== 0) setProblem({ text: error.message, resend: false });
    else setProblem({ text: t('errors.unexpected'), resend: false });
  };
  const run = async (work: () => Promise<void>, resend = false) => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      fail(error, resend);
    } finally {
      setBusy(false);
    }
  };

  const sendCode = (event?: FormEvent) => {
    event?.preventDefault();
    if (!user.trim()) return setProblem({ text: t('recovery.typeUser', { label: loginLabel }), resend: false });
    // A captcha solution is good for one request: a new code needs a new one, on step 1.
    if (captcha && step.kind !== 'user') return setStep({ kind: 'user' });
    if (captcha && !captchaToken) return setProblem({ text: t('login.captchaMissing'), resend: false });
    void run(async () => {
      try {
        const start = await startRecovery(user, captchaToken);
        setStep({ kind: 'code', start });
      } finally {
        if (captcha) {
          setCaptchaToken(null);
          setCaptchaRound((n) => n + 1);
        }
      }
    });
  };

  const check = (start: RecoveryStart, body: BodyOf<typeof recoveryEndpoints.checkCode>) =>
    void run(async () => setStep({ kind: 'password', start, code: body.code, rules: await checkCode(user, body.code) }), true);

  const save = (body: BodyOf<typeof recoveryEndpoints.finish>) => void run(async () => onDone((await setNewPassword(user, body.code, body.password)).message));

  const expiry = (tte: string) => dateFormat(i18n.language, 'short').format(new Date(tte));

  return (
    <Stack gap="sm" maw={420} aria-busy={busy}>
      {problem && (
        <Alert color="yellow" variant="light" role="alert">
          {problem.text}
          {problem.resend && (
            <Button variant="subtle" size="compact-sm" ml="xs" onClick={() => sendCode()} disabled={busy}>
              {t('recovery.resend')}
            </Button>
          )}
        </Alert>
      )}
      {step.kind === 'user' && (
        <form onSubmit={sendCode} noValidate>
          <Stack gap="sm">
            <Text>{t('recovery.intro')}</Text>
            <TextInput label={loginLabel} value={user} onChange={(e) => setUser(e.currentTarget.value)} autoComplete="username" required />
            {captcha && <CaptchaField key={captchaRound} onChange={setCaptchaToken} />}
            <Button type="submit" loading={busy}>
              {t('recovery.sendCode')}
            </Button>
          </Stack>
        </form>
      )}
      {step.kind === 'code' && (
        <>
          <Text role="status">{t('recovery.sent', { name: step.start.name, emails: step.start.emails.join(', '), expiry: expiry(step.start.tte) })}</Text>
          <CodeStep key={step.start.tte} start={step.start} busy={busy} onCheck={(body) => check(step.start, body)} />
        </>
      )}
      {step.kind === 'password' && (
        <NewPasswordStep step={step} busy={busy} onSave={save} onRulesNotMet={() => setProblem({ text: t('recovery.rulesNotMet'), resend: false })} />
      )}
      <Group>
        <Anchor component="button" type="button" onClick={onCancel} underline="always">
          {t('recovery.back')}
        </Anchor>
      </Group>
    </Stack>
  );
}

/**
 * Step 2: the code from the e-mail, digits only, sent for the check as soon as it has its length
 * (the check call's body: the schema the API applies, then the call).
 */
function CodeStep({ start, busy, onCheck }: { start: RecoveryStart; busy: boolean; onCheck: (body: BodyOf<typeof recoveryEndpoints.checkCode>) => void }) {
  const { t } = useTranslation();
  const form = useContractForm(recoveryEndpoints.checkCode, {
    schema: recuperacaoCodigoSchema,
    initialValues: { code: '' },
    toBody: ({ code }) => ({ code }),
  });
  return (
    <TextInput
      label={t('recovery.code')}
      description={t('recovery.codeHelp', { length: start.length })}
      value={form.values.code}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={start.length}
      onChange={(e) => {
        const digits = e.currentTarget.value.replace(/\D/g, '').slice(0, start.length);
        form.setFieldValue('code', digits);
        if (digits.length === start.length) form.onSubmit(onCheck)();
      }}
      error={form.errors.code}
      disabled={busy}
    />
  );
}

/**
 * Step 3: the new password typed twice with the live rules, for the finishing call's body (the
 * code from step 2, the password): both fields, alike and meeting every live rule, or the one
 * "rules not met" notice (no field is marked).
 */
function NewPasswordStep({
  step,
  busy,
  onSave,
  onRulesNotMet,
}: {
  step: PasswordStep;
  busy: boolean;
  onSave: (body: BodyOf<typeof recoveryEndpoints.finish>) => void;
  onRulesNotMet: () => void;
}) {
  const { t } = useTranslation();
  const meets = (password: string) => checkPasswordRules(password.trim(), step.rules, step.start.name);
  const form = useContractForm(recoveryEndpoints.finish, {
    schema: recuperacaoSenhaSchema,
    initialValues: { password: '', confirm: '' },
    toBody: ({ password }) => ({ code: step.code, password }),
    rules: ({ password, confirm }) => ({
      password: password.trim() && LIVE_RULES.every((r) => meets(password)[r]) ? null : t('recovery.rulesNotMet'),
      confirm: password.trim() === confirm.trim() ? null : t('recovery.rulesNotMet'),
    }),
  });
  const { password, confirm } = form.values;
  return (
    <form onSubmit={form.onSubmit(onSave, onRulesNotMet)} noValidate>
      <Stack gap="sm">
        <NewPasswordFields
          password={password}
          confirm={confirm}
          onPassword={(value) => form.setFieldValue('password', value)}
          onConfirm={(value) => form.setFieldValue('confirm', value)}
          rules={step.rules}
          met={meets(password)}
        />
        <Button type="submit" loading={busy}>
          {t('recovery.save')}
        </Button>
      </Stack>
    </form>
  );
}
