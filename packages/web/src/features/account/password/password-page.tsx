import { checkPasswordRules, LIVE_RULES, type PasswordRules, recoveryEndpoints, trocaSenhaSchema } from '@estante/contracts/auth';
import { Button, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../stores/session';
import { Loading } from '../../../ui/loading';
import { NoticeView, useNotify } from '../../../ui/notify';
import { NewPasswordFields } from '../../../ui/password-rules';
import { useContractForm } from '../../../ui/use-contract-form';
import { changePassword, usePasswordRules } from './password.api';

/**
 * Meu Pergamum, "Senha" (spec §5): the current password and the new one twice, the rules in force
 * checked live as the patron types (the recovery form's list), "the passwords do not match" while
 * both have text. Saving needs every field, equal new passwords and every live rule met, besides
 * what the change-password call's body schema asks (useContractForm): any of them missing says
 * SenhaNaoConfereCriterios, in one notice; the server checks them again, and the last passwords.
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
  const meets = (password: string) => checkPasswordRules(password.trim(), rules, user?.nome_pessoa ?? '');
  const form = useContractForm(recoveryEndpoints.changePassword, {
    schema: trocaSenhaSchema,
    initialValues: { senhaAtual: '', senhaNova: '', confirmacao: '' },
    toBody: ({ senhaAtual, senhaNova }) => ({ senhaAtual, senhaNova }),
    rules: ({ senhaNova, confirmacao }) => ({
      senhaNova: senhaNova.trim() && LIVE_RULES.every((r) => meets(senhaNova)[r]) ? null : t('messages.SenhaNaoConfereCriterios'),
      confirmacao: senhaNova.trim() === confirmacao.trim() ? null : t('messages.SenhaNaoConfereCriterios'),
    }),
  });
  const { senhaAtual, senhaNova, confirmacao } = form.values;
  const met = meets(senhaNova);
  const busy = form.submitting;

  const submit = form.onSubmit(
    (body) =>
      notify.run(async () => {
        await changePassword(body.senhaAtual, body.senhaNova, user);
        form.reset();
      }, t('messages.SenhaAlteradaSucesso')),
    // Whatever is missing, the one message of the original screen (no field is marked).
    () => notify.problem(t('messages.SenhaNaoConfereCriterios')),
  );

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId} maw={520}>
      <Title order={2} size="h4" id={headingId} mb="sm">
        {t('password.title')}
      </Title>
      <form onSubmit={(e) => (busy ? e.preventDefault() : submit(e))} noValidate aria-busy={busy}>
        <Stack gap="sm">
          <Text size="sm">{t('password.intro')}</Text>
          <PasswordInput
            label={t('password.current')}
            value={senhaAtual}
            onChange={(e) => form.setFieldValue('senhaAtual', e.currentTarget.value)}
            autoComplete="current-password"
            required
          />
          <NewPasswordFields
            password={senhaNova}
            confirm={confirmacao}
            onPassword={(value) => form.setFieldValue('senhaNova', value)}
            onConfirm={(value) => form.setFieldValue('confirmacao', value)}
            rules={rules}
            met={met}
          />
          <NoticeView notice={notify.notice} />
          <Button type="submit" w="fit-content" loading={busy}>
            {t('password.save')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
