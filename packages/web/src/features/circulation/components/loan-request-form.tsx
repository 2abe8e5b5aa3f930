import { EMAIL_PATTERN } from '@estante/contracts/basket';
import { PHONE_PATTERN, type SolicitacaoBody } from '@estante/contracts/circulation';
import { Alert, Anchor, Button, Loader, Radio, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { NoticeView, useNotify } from '../../../ui/notify';
import { useRequestLoan, useRequestStart } from '../api/loan-requests';
import { RequestOutlook } from './outlook';

const EMPTY = {
  origin: null as string | null,
  receiving: null as string | null,
  volume: null as string | null,
  tomo: null as string | null,
  parte: null as string | null,
  phone: '',
  email: '',
  location: null as string | null,
  home: '',
  elsewhere: '',
  authorized: '',
};
type Values = typeof EMPTY;

/**
 * The loan request form of the title's tab (spec §3, §5, §8): where a copy can come from
 * (RequestOutlook, the same before and after signing in), then the library the copy comes from
 * and the one receiving it, volume / tome / part when the title has them, phone and e-mail,
 * where to receive it (the desk, home with the address, elsewhere described) and who else may
 * pick it up. Every rule of spec §5 is checked here, field by field (@mantine/form with a zod
 * schema on the contracts' phone and e-mail patterns), and again by the server. A visitor is
 * asked to sign in (`signIn`) only where a copy can be requested.
 */
export function LoanRequestForm({
  codAcervo,
  requestsHref,
  signedIn = true,
  signIn,
}: {
  codAcervo: number;
  requestsHref: string;
  signedIn?: boolean;
  /** The sign-in form a visitor is shown, when a copy can be requested. */
  signIn?: ReactNode;
}) {
  const { t } = useTranslation();
  const start = useRequestStart(codAcervo, signedIn);
  const send = useRequestLoan(codAcervo);
  const notify = useNotify();
  const [done, setDone] = useState(false);
  const info = start.data;
  // The fields every request needs, as a zod schema (the contracts' phone and e-mail patterns);
  // the ones that depend on the title or on another field, checked beside it — both at once, so
  // every problem shows on the first try.
  const validate = useMemo(() => {
    const chosen = (message: string) => z.string({ error: message }).min(1, { error: message });
    const filled = (message: string) => z.string().trim().min(1, { error: message });
    const always = zod4Resolver(
      z.object({
        origin: chosen(t('requests.required')),
        receiving: chosen(t('requests.receivingRequired')),
        phone: filled(t('requests.phoneRequired')).regex(PHONE_PATTERN, { error: t('requests.phoneInvalid') }),
        email: filled(t('requests.emailRequired')).regex(EMAIL_PATTERN, { error: t('requests.emailInvalid') }),
        location: z.enum(['1', '2', '3'], { error: t('requests.locationRequired') }),
      }),
      // An empty phone is "required", not also "malformed": the first problem of a field is the one shown.
      { errorPriority: 'first' },
    );
    const offered = { volume: info?.volumes.length, tomo: info?.tomos.length, parte: info?.partes.length };
    return (values: Values) => {
      const errors: FormErrors = { ...always(values) };
      for (const [field, count] of Object.entries(offered)) if (count && !values[field as keyof typeof offered]) errors[field] = t('holds.chooseAll');
      if (values.location === '2' && !values.home.trim()) errors.home = t('requests.homeRequired');
      if (values.location === '3' && !values.elsewhere.trim()) errors.elsewhere = t('requests.required');
      return errors;
    };
  }, [info, t]);
  const form = useForm<Values>({ initialValues: EMPTY, validate });
  // The patron's own address, until they type another.
  const known = info?.email;
  useEffect(() => {
    if (known && !form.isTouched('email') && !form.getValues().email) form.setFieldValue('email', known);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [known]);

  if (start.isPending) return <Loader size="sm" aria-label={t('loading.title')} />;
  if (start.isError || !info)
    return (
      <Alert color="red" variant="filled">
        {t('errors.unexpected')}
      </Alert>
    );
  const outlook = <RequestOutlook info={info} />;
  if (info.origens.length === 0 || !signedIn) {
    return (
      <Stack gap="sm" maw={480}>
        {outlook}
        {info.origens.length > 0 && (
          <>
            <Alert variant="light" color="yellow" role="note">
              {t('circulation.loginToRequest')}
            </Alert>
            {signIn}
          </>
        )}
      </Stack>
    );
  }

  const submit = form.onSubmit(
    async (values) => {
      notify.clear();
      setDone(false);
      const body: SolicitacaoBody = {
        biblioteca_origem: Number(values.origin),
        biblioteca_recebimento: Number(values.receiving),
        volume: values.volume || null,
        tomo: values.tomo || null,
        parte: values.parte || null,
        telefone: values.phone.trim(),
        email: values.email.trim(),
        cod_local_recebimento: Number(values.location) as 1 | 2 | 3,
        pessoa_autorizada: values.authorized || null,
        domicilio: values.location === '2' ? values.home : null,
        recebimento_textual: values.location === '3' ? values.elsewhere : null,
      };
      try {
        await send.mutateAsync(body);
        setDone(true);
      } catch (error) {
        notify.failed(error);
      }
    },
    () => {
      setDone(false);
      notify.problem(t('requests.fix'));
    },
  );

  return (
    <form onSubmit={submit} noValidate aria-busy={send.isPending}>
      <Stack gap="sm" maw={480}>
        {outlook}
        <NoticeView notice={notify.notice} />
        {done && (
          <Alert color="green" variant="light" role="status">
            {t('requests.sent')}{' '}
            <Anchor component={Link} to={requestsHref} underline="always">
              {t('requests.mine')}
            </Anchor>
          </Alert>
        )}
        <Select
          label={t('requests.origin')}
          data={info.origens.map((o) => ({
            value: String(o.cod_biblioteca),
            label: t('requests.originOption', { library: o.desc_biblioteca, count: o.disponiveis }),
          }))}
          key={form.key('origin')}
          {...form.getInputProps('origin')}
          allowDeselect={false}
          required
        />
        <Select
          label={t('requests.receiving')}
          data={info.recebimento.map((l) => ({ value: String(l.cod_biblioteca), label: l.desc_biblioteca }))}
          key={form.key('receiving')}
          {...form.getInputProps('receiving')}
          allowDeselect={false}
          required
        />
        {info.volumes.length > 0 && (
          <Select label={t('holds.volume')} data={info.volumes} key={form.key('volume')} {...form.getInputProps('volume')} allowDeselect={false} required />
        )}
        {info.tomos.length > 0 && (
          <Select label={t('holds.tomo')} data={info.tomos} key={form.key('tomo')} {...form.getInputProps('tomo')} allowDeselect={false} required />
        )}
        {info.partes.length > 0 && (
          <Select label={t('holds.parte')} data={info.partes} key={form.key('parte')} {...form.getInputProps('parte')} allowDeselect={false} required />
        )}
        <TextInput
          label={t('requests.phone')}
          description={t('requests.phoneHelp')}
          key={form.key('phone')}
          {...form.getInputProps('phone')}
          maxLength={16}
          autoComplete="tel"
          required
        />
        <TextInput label={t('requests.email')} key={form.key('email')} {...form.getInputProps('email')} autoComplete="email" required />
        <Radio.Group label={t('requests.location')} key={form.key('location')} {...form.getInputProps('location')} required>
          <Stack gap={4} mt={4}>
            <Radio value="1" label={t('requests.locations.1')} />
            <Radio value="2" label={t('requests.locations.2')} />
            <Radio value="3" label={t('requests.locations.3')} />
          </Stack>
        </Radio.Group>
        {form.values.location === '2' && (
          <Textarea label={t('requests.home')} key={form.key('home')} {...form.getInputProps('home')} autoComplete="street-address" required />
        )}
        {form.values.location === '3' && (
          <TextInput label={t('requests.elsewhere')} key={form.key('elsewhere')} {...form.getInputProps('elsewhere')} required />
        )}
        <TextInput label={t('requests.authorized')} key={form.key('authorized')} {...form.getInputProps('authorized')} />
        <Button type="submit" loading={send.isPending} w="fit-content">
          {t('requests.send')}
        </Button>
      </Stack>
    </form>
  );
}
