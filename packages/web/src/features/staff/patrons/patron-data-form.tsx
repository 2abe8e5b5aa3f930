import {
  type DadosPessoais,
  dadosPessoaisBodySchema,
  EDUCATION_LEVELS,
  type FichaLeitor,
  GENDERS,
  MARITAL_STATUSES,
  patronRecordEndpoints,
} from '@estante/contracts/people';
import { Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/client';
import { useShortDate } from '../../../ui/dates';
import { useContractForm } from '../../../ui/use-contract-form';
import { Refused, type Say } from './announcer';
import { type PatronDataBody, useDepartments, useSavePatronData } from './patrons.api';

/** The form's values: text as typed, the choices as their codes ('' for none). */
type Values = Record<Exclude<keyof PatronDataBody, 'recebe_emails'>, string> & { recebe_emails: boolean };

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

/**
 * What the call sends: every field (blank clears it). The CPF goes when the record has one (a
 * blank one is then refused: it cannot be taken away) or when the library types one in (spec §5:
 * the library may add a missing CPF); left blank on a record without one, it is left out.
 */
function bodyOf(values: Values, hasTaxNumber: boolean): PatronDataBody {
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
    ...(hasTaxNumber || values.cpf.trim() !== '' ? { cpf: values.cpf } : {}),
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
 * The patron's personal data as the staff correct them: the fields and rules of the patron's own
 * "Dados pessoais" (spec §5, the contracts' `dadosPessoaisBodySchema` through useContractForm —
 * phone, e-mail, postal code, CPF digits and check digits), the CPF editable; saved at once,
 * the form then showing what the library holds.
 */
export function PatronDataForm({ record, say }: { record: FichaLeitor; say: Say }) {
  const { t } = useTranslation();
  const day = useShortDate();
  const departments = useDepartments();
  const save = useSavePatronData();
  const [problem, setProblem] = useState<string | null>(null);
  const hasTaxNumber = record.dados.cpf !== null;
  const form = useContractForm(patronRecordEndpoints.saveData, {
    schema: dadosPessoaisBodySchema,
    initialValues: valuesOf(record.dados),
    toBody: (values) => bodyOf(values, hasTaxNumber),
  });
  const label = (field: string) => t(`staffPatrons.fields.${field}`);
  const options = (values: readonly string[], group: string) => [
    { value: '', label: t('staffPatrons.notGiven') },
    ...values.map((value) => ({ value, label: t(`staffPatrons.${group}.${value}`) })),
  ];
  const submit = form.onSubmit(
    async (body) => {
      setProblem(null);
      try {
        const now = await save.mutateAsync({ codPessoa: record.cod_pessoa, body });
        // As the library now holds them (the postal code with its hyphen, the e-mail in lower case).
        form.setValues(valuesOf(now.dados));
        form.resetDirty();
        say(t('staffPatrons.data.done', { name: now.dados.nome }));
      } catch (error) {
        setProblem(messageOf(error, t('errors.unexpected')));
      }
    },
    () => setProblem(t('staffPatrons.fix')),
  );
  const lotacao = form.getValues().lotacao;

  return (
    <form onSubmit={submit} noValidate aria-label={t('staffPatrons.data.heading')} aria-busy={save.isPending}>
      <Stack gap="sm" maw={720}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={label('email')} inputMode="email" autoComplete="off" {...form.getInputProps('email')} />
          <TextInput
            label={label('telefone')}
            description={t('staffPatrons.data.phoneHelp')}
            inputMode="tel"
            autoComplete="off"
            {...form.getInputProps('telefone')}
          />
          {TEXT_FIELDS.map((field) => (
            <TextInput
              key={field}
              label={label(field)}
              description={field === 'cep' ? t('staffPatrons.data.postalCodeHelp') : undefined}
              autoComplete="off"
              {...form.getInputProps(field)}
            />
          ))}
          <TextInput
            label={label('cpf')}
            description={t(hasTaxNumber ? 'staffPatrons.data.taxHelp' : 'staffPatrons.data.taxAddHelp')}
            inputMode="numeric"
            autoComplete="off"
            {...form.getInputProps('cpf')}
          />
          <TextInput label={label('data_nascimento')} type="date" {...form.getInputProps('data_nascimento')} />
          <NativeSelect label={label('genero')} data={options(GENDERS, 'genders')} {...form.getInputProps('genero')} />
          <NativeSelect label={label('escolaridade')} data={options(EDUCATION_LEVELS, 'education')} {...form.getInputProps('escolaridade')} />
          <NativeSelect label={label('estado_civil')} data={options(MARITAL_STATUSES, 'marital')} {...form.getInputProps('estado_civil')} />
          <NativeSelect
            label={label('lotacao')}
            data={[
              { value: '', label: t('staffPatrons.notGiven') },
              ...(departments.data ?? []).map((d) => ({ value: String(d.codigo), label: d.nome })),
              // The saved one, while the list loads (or if it left the list).
              ...(lotacao && !departments.data?.some((d) => String(d.codigo) === lotacao) ? [{ value: lotacao, label: lotacao }] : []),
            ]}
            {...form.getInputProps('lotacao')}
          />
        </SimpleGrid>
        <Checkbox label={label('recebe_emails')} {...form.getInputProps('recebe_emails', { type: 'checkbox' })} />
        {record.dados.atualizado_em && <Text size="sm">{t('staffPatrons.data.updatedOn', { date: day(record.dados.atualizado_em) })}</Text>}
        <Refused text={problem} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('staffPatrons.data.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
