import { type DadosPessoais, type DadosPessoaisBody, dadosPessoaisBodySchema, EDUCATION_LEVELS, GENDERS, MARITAL_STATUSES } from '@estante/contracts/people';
import { Alert, Button, Checkbox, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useId } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useShortDate } from '../../../ui/dates';
import { Loading } from '../../../ui/loading';
import { NoticeView, useNotify } from '../../../ui/notify';
import { schemaResolver } from '../../../ui/schema-resolver';
import { useDepartments, usePersonalData, useSavePersonalData } from './personal-data.api';

/** The form's values: text as typed, the choices as their codes ('' for none). */
type Values = Record<Exclude<keyof DadosPessoaisBody, 'recebe_emails'>, string> & { recebe_emails: boolean };

/** The phone's characters (spec §5): digits, hyphen, parentheses and space, at most 16. */
const PHONE_MAX_LENGTH = 16;

/** What the phone field keeps of what is typed or pasted: the characters of spec §5 only, up to its length. */
export function phoneCharacters(typed: string): string {
  return typed.replace(/[^0-9() -]/g, '').slice(0, PHONE_MAX_LENGTH);
}

const TEXT_FIELDS = ['logradouro', 'complemento', 'bairro', 'cidade', 'cep', 'documento_identidade', 'nacionalidade', 'profissao'] as const;

function valuesOf(d: DadosPessoais): Values {
  return {
    email: d.email ?? '',
    telefone: d.telefone ?? '',
    logradouro: d.logradouro ?? '',
    complemento: d.complemento ?? '',
    cep: d.cep ? `${d.cep.slice(0, 5)}-${d.cep.slice(5)}` : '',
    cidade: d.cidade ?? '',
    bairro: d.bairro ?? '',
    documento_identidade: d.documento_identidade ?? '',
    cpf: d.cpf ?? '',
    nacionalidade: d.nacionalidade ?? '',
    genero: d.genero ?? '',
    data_nascimento: d.data_nascimento ?? '',
    escolaridade: d.escolaridade ?? '',
    lotacao: d.lotacao === null ? '' : String(d.lotacao),
    profissao: d.profissao ?? '',
    estado_civil: d.estado_civil ?? '',
    recebe_emails: d.recebe_emails,
  };
}

/** What the call sends: every field (blank clears it); the CPF only when the record has one to correct (spec §5). */
function bodyOf(values: Values, hasTaxNumber: boolean): DadosPessoaisBody {
  const choice = <T extends string>(v: string) => (v ? (v as T) : null);
  return {
    email: values.email,
    telefone: values.telefone,
    logradouro: values.logradouro,
    complemento: values.complemento,
    cep: values.cep,
    cidade: values.cidade,
    bairro: values.bairro,
    documento_identidade: values.documento_identidade,
    ...(hasTaxNumber ? { cpf: values.cpf } : {}),
    nacionalidade: values.nacionalidade,
    genero: choice<NonNullable<DadosPessoais['genero']>>(values.genero),
    data_nascimento: values.data_nascimento || null,
    escolaridade: choice<NonNullable<DadosPessoais['escolaridade']>>(values.escolaridade),
    lotacao: values.lotacao ? Number(values.lotacao) : null,
    profissao: values.profissao,
    estado_civil: choice<NonNullable<DadosPessoais['estado_civil']>>(values.estado_civil),
    recebe_emails: values.recebe_emails,
  };
}

/**
 * Keeps the phone field to its characters: the value without the refused ones, the caret where it
 * was (less what was dropped before it), so typing a letter mid-number changes nothing.
 */
function keepPhone(input: HTMLInputElement, set: (value: string) => void) {
  const typed = input.value;
  const kept = phoneCharacters(typed);
  const caret = input.selectionStart ?? typed.length;
  // Written back at once (not at the next frame, which the next key could beat: the caret then
  // went to the end), so the caret can be put back before anything else is typed.
  flushSync(() => set(kept));
  if (kept === typed) return;
  const at = phoneCharacters(typed.slice(0, caret)).length;
  if (document.activeElement === input) input.setSelectionRange(at, at);
}

/**
 * Meu Pergamum, "Dados pessoais" (spec §3 Personal data, §5): what the library controls — name,
 * category, validity — shown read-only; the rest a form checked field by field with the
 * contracts' schema (phone, tax number digits only, e-mail, postal code) and saved at once. A
 * patron without a tax number is told to ask the library for it.
 */
export function PersonalDataPage() {
  const { t } = useTranslation();
  const data = usePersonalData();
  return (
    <Loading state={data} error={t('personalData.fetchError')}>
      {() => <PersonalDataForm data={data.data!} />}
    </Loading>
  );
}

function PersonalDataForm({ data }: { data: DadosPessoais }) {
  const { t } = useTranslation();
  const headingId = useId();
  const day = useShortDate();
  const departments = useDepartments();
  const save = useSavePersonalData();
  const notify = useNotify();
  const hasTaxNumber = data.cpf !== null;
  const form = useForm<Values>({
    initialValues: valuesOf(data),
    validate: schemaResolver<Values>(dadosPessoaisBodySchema, (v) => bodyOf(v, hasTaxNumber), t),
  });
  const label = (field: string) => t(`personalData.fields.${field}`);
  const options = (values: readonly string[], group: string) => [
    { value: '', label: t('personalData.notGiven') },
    ...values.map((value) => ({ value, label: t(`personalData.${group}.${value}`) })),
  ];
  const submit = form.onSubmit(
    (values) =>
      void notify.run(
        async () => {
          const answer = await save.mutateAsync(bodyOf(values, hasTaxNumber));
          // As the library now holds them (the postal code with its hyphen, the e-mail in lower case).
          form.setValues(valuesOf(answer.dados));
          return answer.mensagem;
        },
        (message) => message,
      ),
    () => notify.problem(t('personalData.fix')),
  );
  return (
    <Stack gap="md">
      <Paper withBorder p="md" component="section" aria-label={t('personalData.library')}>
        <Title order={2} size="h4" mb="xs">
          {t('personalData.library')}
        </Title>
        <Text>
          <strong>{t('personalData.fields.nome')}:</strong> {data.nome}
        </Text>
        <Text>
          <strong>{t('personalData.fields.categoria')}:</strong> {data.categoria.descricao}
        </Text>
        {data.validade && (
          <Text>
            <strong>{t('personalData.fields.validade')}:</strong> {day(data.validade)}
          </Text>
        )}
        <Text size="sm" mt="xs">
          {t('personalData.libraryNote')}
        </Text>
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
        <Title order={2} size="h4" id={headingId} mb="sm">
          {t('personalData.yours')}
        </Title>
        <form onSubmit={submit} noValidate aria-busy={save.isPending}>
          <Stack gap="sm" maw={720}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={label('email')} inputMode="email" autoComplete="email" {...form.getInputProps('email')} />
              <TextInput
                label={label('telefone')}
                description={t('personalData.phoneHelp')}
                inputMode="tel"
                autoComplete="tel"
                maxLength={PHONE_MAX_LENGTH}
                {...form.getInputProps('telefone')}
                // Another character is refused as it is typed (issue 55), not only when saving.
                onChange={(event) => keepPhone(event.currentTarget, (value) => form.setFieldValue('telefone', value))}
              />
              {TEXT_FIELDS.map((field) => (
                <TextInput
                  key={field}
                  label={label(field)}
                  description={field === 'cep' ? t('personalData.postalCodeHelp') : undefined}
                  {...form.getInputProps(field)}
                />
              ))}
              {hasTaxNumber ? (
                <TextInput label={label('cpf')} description={t('personalData.taxHelp')} inputMode="numeric" {...form.getInputProps('cpf')} />
              ) : (
                <Alert color="yellow" variant="light" role="note" title={label('cpf')}>
                  {t('personalData.noTaxNumber')}
                </Alert>
              )}
              <TextInput label={label('data_nascimento')} type="date" {...form.getInputProps('data_nascimento')} />
              <NativeSelect label={label('genero')} data={options(GENDERS, 'genders')} {...form.getInputProps('genero')} />
              <NativeSelect label={label('escolaridade')} data={options(EDUCATION_LEVELS, 'education')} {...form.getInputProps('escolaridade')} />
              <NativeSelect label={label('estado_civil')} data={options(MARITAL_STATUSES, 'marital')} {...form.getInputProps('estado_civil')} />
              <NativeSelect
                label={label('lotacao')}
                data={[
                  { value: '', label: t('personalData.notGiven') },
                  ...(departments.data ?? []).map((d) => ({ value: String(d.codigo), label: d.nome })),
                  // The saved one, while the list loads (or if it left the list).
                  ...(form.getValues().lotacao && !departments.data?.some((d) => String(d.codigo) === form.getValues().lotacao)
                    ? [{ value: form.getValues().lotacao, label: form.getValues().lotacao }]
                    : []),
                ]}
                {...form.getInputProps('lotacao')}
              />
            </SimpleGrid>
            <Checkbox label={label('recebe_emails')} {...form.getInputProps('recebe_emails', { type: 'checkbox' })} />
            {data.atualizado_em && <Text size="sm">{t('personalData.updatedOn', { date: day(data.atualizado_em) })}</Text>}
            <NoticeView notice={notify.notice} />
            <Group>
              <Button type="submit" loading={save.isPending}>
                {t('personalData.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
