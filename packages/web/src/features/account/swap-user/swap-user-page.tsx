import { trocaUsuarioSchema } from '@estante/contracts/people';
import { Button, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../stores/session';
import { Loading } from '../../../ui/loading';
import { NoticeView, useNotify } from '../../../ui/notify';
import { schemaResolver } from '../../../ui/schema-resolver';
import { useRegistrations, useSwapUser } from './swap-user.api';

/**
 * Meu Pergamum, "Troca de usuário" (decision 0022): a person with several registrations with the
 * library (the same CPF: professor and doctoral student, say) continues as another of them
 * without signing out. The user to swap to is required (spec §5); the only other registration
 * there is comes chosen (issue 55).
 */
export function SwapUserPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const registrations = useRegistrations();
  // Here, not in the form: the outcome stays said when the form starts again after a swap.
  const notify = useNotify();
  return (
    <Loading state={registrations} error={t('swapUser.fetchError')}>
      {() => {
        const all = registrations.data!;
        const current = all.find((r) => r.codigo === user?.cod_pessoa);
        const others = all.filter((r) => r.codigo !== user?.cod_pessoa);
        return (
          <Stack gap="sm">
            {current && <Text>{t('swapUser.current', { name: current.nome })}</Text>}
            {others.length === 0 ? (
              <Text>{t('swapUser.none')}</Text>
            ) : (
              // A new form for new options: after a swap the registration left behind is the one to offer, and chosen when alone.
              <SwapForm key={others.map((o) => o.codigo).join()} options={others} notify={notify} />
            )}
          </Stack>
        );
      }}
    </Loading>
  );
}

/** The registration chosen at first: the only other one when there is just one (issue 55), else none. */
const preselected = (options: { codigo: number }[]) => (options.length === 1 ? String(options[0]!.codigo) : '');

function SwapForm({ options, notify }: { options: { codigo: number; nome: string }[]; notify: ReturnType<typeof useNotify> }) {
  const { t } = useTranslation();
  const headingId = useId();
  const swap = useSwapUser();
  const form = useForm<{ usuario: string }>({
    initialValues: { usuario: preselected(options) },
    validate: schemaResolver<{ usuario: string }>(trocaUsuarioSchema, (v) => v, t),
  });
  const submit = form.onSubmit(
    (values) =>
      void notify.run(
        async () => {
          const person = await swap.mutateAsync(values.usuario);
          return t('swapUser.done', { name: options.find((o) => o.codigo === person.user.cod_pessoa)?.nome ?? person.user.nome_pessoa });
        },
        (message) => message,
      ),
  );
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId} maw={560}>
      <Title order={2} size="h4" id={headingId} mb="sm">
        {t('swapUser.title')}
      </Title>
      <form onSubmit={submit} noValidate aria-busy={swap.isPending}>
        <Stack gap="sm">
          <Radio.Group label={t('swapUser.user')} withAsterisk {...form.getInputProps('usuario')}>
            <Stack gap="xs" mt="xs">
              {options.map((o) => (
                <Radio key={o.codigo} value={String(o.codigo)} label={o.nome} />
              ))}
            </Stack>
          </Radio.Group>
          <NoticeView notice={notify.notice} />
          <Button type="submit" w="fit-content" loading={swap.isPending}>
            {t('swapUser.swap')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
