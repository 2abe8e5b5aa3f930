import { checkPasswordRules, LIVE_RULES, type PasswordRules } from '@estante/contracts';
import { Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../stores/session';
import { Loading } from '../../../ui/loading';
import { NoticeView, useNotify } from '../../../ui/notify';
import { NewPasswordFields } from '../../../ui/password-rules';
import { changePassword, usePasswordRules } from './password.api';

/**
 * Meu Pergamum, "Senha" (spec §5): the current password and the new one twice, the rules in force
 * checked live as the patron types (the recovery form's list), "the passwords do not match" while
 * both have text. Saving needs every field, equal new passwords and every live rule met
 * (SenhaNaoConfereCriterios otherwise); the server checks them again, and the last passwords.
 */
export function PasswordPage() {
  const { t } = useTranslation();
  const rules = usePasswordRules();
  return (
    <Loading state={rules} error={t('password.fetchError')}>
      {() => <PasswordForm rules={rules.data!} />}
    </Loading>
  );
}

function PasswordForm({ rules }: { rules: PasswordRules }) {
  const { t } = useTranslation();
  const headingId = useId();
  const user = useSessionUser();
  const notify = useNotify();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const met = checkPasswordRules(next.trim(), rules, user?.nome_pessoa ?? '');

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!current || !next.trim() || next.trim() !== confirm.trim() || LIVE_RULES.some((r) => !met[r])) {
      return notify.problem(t('messages.SenhaNaoConfereCriterios'));
    }
    setBusy(true);
    await notify.run(async () => {
      await changePassword(current, next, user);
      setCurrent('');
      setNext('');
      setConfirm('');
    }, t('messages.SenhaAlteradaSucesso'));
    setBusy(false);
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId} maw={520}>
      <Title order={2} size="h4" id={headingId} mb="sm">
        {t('password.title')}
      </Title>
      <form onSubmit={(e) => void save(e)} noValidate aria-busy={busy}>
        <Stack gap="sm">
          <Text size="sm">{t('password.intro')}</Text>
          <PasswordInput
            label={t('password.current')}
            value={current}
            onChange={(e) => setCurrent(e.currentTarget.value)}
            autoComplete="current-password"
            required
          />
          <NewPasswordFields password={next} confirm={confirm} onPassword={setNext} onConfirm={setConfirm} rules={rules} met={met} />
          <NoticeView notice={notify.notice} />
          <Button type="submit" w="fit-content" loading={busy}>
            {t('password.save')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
