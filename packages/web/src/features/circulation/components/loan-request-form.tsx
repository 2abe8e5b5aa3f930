import { EMAIL_PATTERN, PHONE_PATTERN, type SolicitacaoBody } from '@estante/contracts';
import { Alert, Anchor, Button, Loader, Radio, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { messageOf } from '../../../api/client';
import { useRequestLoan, useRequestStart } from '../api/loan-requests';

type Field = 'origin' | 'receiving' | 'parts' | 'phone' | 'email' | 'location' | 'home' | 'elsewhere';

/**
 * The loan request form of the title's tab (spec §3, §5, §8): the library the copy comes from
 * and the one receiving it, volume / tome / part when the title has them, phone and e-mail,
 * where to receive it (the desk, home with the address, elsewhere described) and who else may
 * pick it up. Every rule of spec §5 is checked here, field by field, and again by the server.
 */
export function LoanRequestForm({ codAcervo, requestsHref }: { codAcervo: number; requestsHref: string }) {
  const { t } = useTranslation();
  const start = useRequestStart(codAcervo);
  const send = useRequestLoan(codAcervo);
  const [values, setValues] = useState({
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
  });
  const [emailTouched, setEmailTouched] = useState(false);
  const [invalid, setInvalid] = useState<Partial<Record<Field, string>>>({});
  const [done, setDone] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  if (start.isPending) return <Loader size="sm" aria-label={t('loading.title')} />;
  if (start.isError || !start.data)
    return (
      <Alert color="red" variant="filled">
        {t('errors.unexpected')}
      </Alert>
    );
  const info = start.data;
  if (info.origens.length === 0) return <Text>{t('requests.noneAvailable')}</Text>;
  const email = emailTouched ? values.email : values.email || (info.email ?? '');
  const set = (key: keyof typeof values) => (value: string | null) => setValues((v) => ({ ...v, [key]: value ?? '' }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setDone(false);
    const errors: Partial<Record<Field, string>> = {};
    if (!values.origin) errors.origin = t('requests.required');
    if (!values.receiving) errors.receiving = t('requests.receivingRequired');
    if ((info.volumes.length && !values.volume) || (info.tomos.length && !values.tomo) || (info.partes.length && !values.parte))
      errors.parts = t('holds.chooseAll');
    if (!values.phone.trim()) errors.phone = t('requests.phoneRequired');
    else if (!PHONE_PATTERN.test(values.phone.trim())) errors.phone = t('requests.phoneInvalid');
    if (!email.trim()) errors.email = t('requests.emailRequired');
    else if (!EMAIL_PATTERN.test(email.trim())) errors.email = t('requests.emailInvalid');
    if (!values.location) errors.location = t('requests.locationRequired');
    if (values.location === '2' && !values.home.trim()) errors.home = t('requests.homeRequired');
    if (values.location === '3' && !values.elsewhere.trim()) errors.elsewhere = t('requests.required');
    setInvalid(errors);
    if (Object.keys(errors).length > 0) return setProblem(t('requests.fix'));
    const body: SolicitacaoBody = {
      biblioteca_origem: Number(values.origin),
      biblioteca_recebimento: Number(values.receiving),
      volume: values.volume || null,
      tomo: values.tomo || null,
      parte: values.parte || null,
      telefone: values.phone.trim(),
      email: email.trim(),
      cod_local_recebimento: Number(values.location) as 1 | 2 | 3,
      pessoa_autorizada: values.authorized || null,
      domicilio: values.location === '2' ? values.home : null,
      recebimento_textual: values.location === '3' ? values.elsewhere : null,
    };
    try {
      await send.mutateAsync(body);
      setDone(true);
    } catch (error) {
      setProblem(messageOf(error, t('errors.unexpected')));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-busy={send.isPending}>
      <Stack gap="sm" maw={480}>
        {problem && (
          <Alert color="yellow" variant="light" role="alert">
            {problem}
          </Alert>
        )}
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
          value={values.origin}
          onChange={set('origin')}
          error={invalid.origin}
          allowDeselect={false}
          required
        />
        <Select
          label={t('requests.receiving')}
          data={info.recebimento.map((l) => ({ value: String(l.cod_biblioteca), label: l.desc_biblioteca }))}
          value={values.receiving}
          onChange={set('receiving')}
          error={invalid.receiving}
          allowDeselect={false}
          required
        />
        {info.volumes.length > 0 && (
          <Select
            label={t('holds.volume')}
            data={info.volumes}
            value={values.volume}
            onChange={set('volume')}
            error={invalid.parts}
            allowDeselect={false}
            required
          />
        )}
        {info.tomos.length > 0 && (
          <Select label={t('holds.tomo')} data={info.tomos} value={values.tomo} onChange={set('tomo')} error={invalid.parts} allowDeselect={false} required />
        )}
        {info.partes.length > 0 && (
          <Select
            label={t('holds.parte')}
            data={info.partes}
            value={values.parte}
            onChange={set('parte')}
            error={invalid.parts}
            allowDeselect={false}
            required
          />
        )}
        <TextInput
          label={t('requests.phone')}
          description={t('requests.phoneHelp')}
          value={values.phone}
          onChange={(e) => set('phone')(e.currentTarget.value)}
          maxLength={16}
          error={invalid.phone}
          autoComplete="tel"
          required
        />
        <TextInput
          label={t('requests.email')}
          value={email}
          onChange={(e) => {
            setEmailTouched(true);
            set('email')(e.currentTarget.value);
          }}
          error={invalid.email}
          autoComplete="email"
          required
        />
        <Radio.Group label={t('requests.location')} value={values.location} onChange={set('location')} error={invalid.location} required>
          <Stack gap={4} mt={4}>
            <Radio value="1" label={t('requests.locations.1')} />
            <Radio value="2" label={t('requests.locations.2')} />
            <Radio value="3" label={t('requests.locations.3')} />
          </Stack>
        </Radio.Group>
        {values.location === '2' && (
          <Textarea
            label={t('requests.home')}
            value={values.home}
            onChange={(e) => set('home')(e.currentTarget.value)}
            error={invalid.home}
            autoComplete="street-address"
            required
          />
        )}
        {values.location === '3' && (
          <TextInput
            label={t('requests.elsewhere')}
            value={values.elsewhere}
            onChange={(e) => set('elsewhere')(e.currentTarget.value)}
            error={invalid.elsewhere}
            required
          />
        )}
        <TextInput label={t('requests.authorized')} value={values.authorized} onChange={(e) => set('authorized')(e.currentTarget.value)} />
        <Button type="submit" loading={send.isPending} w="fit-content">
          {t('requests.send')}
        </Button>
      </Stack>
    </form>
  );
}
