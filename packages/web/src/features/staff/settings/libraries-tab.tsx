import { bibliotecaBodySchema, type Configuracoes, settingsEndpoints } from '@estante/contracts/parameters';
import { Button, Checkbox, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../ui/scroll-table';
import { useContractForm } from '../../../ui/use-contract-form';
import { Refused, type Tell } from './announcer';
import { type LibraryBody, useSaveLibrary } from './settings.api';
import { focusFirstInvalid, useFollowServer, useRefusal, useWeekdays } from './words';

type Biblioteca = Configuracoes['bibliotecas'][number];
type Day = { aberta: boolean; abre: string; fecha: string };
type Values = { email: string; dias: Day[] };

/** The contract's e-mail (its longest, for the field) and week: parts of the call's schema, to say their problems in our words. */
const emailSchema = bibliotecaBodySchema.shape.email;
const EMAIL_MAX = emailSchema.unwrap().maxLength ?? undefined;
const weekSchema = bibliotecaBodySchema.shape.horarios;

/** The library's week, Monday (1) to Sunday (7): a day without hours is closed. */
function valuesOf(b: Biblioteca): Values {
  return {
    email: b.email ?? '',
    dias: Array.from({ length: 7 }, (_, i) => {
      const hours = b.horarios.find((h) => h.dia === i + 1);
      return hours ? { aberta: true, abre: hours.abre, fecha: hours.fecha } : { aberta: false, abre: '', fecha: '' };
    }),
  };
}

/** What the call sends: the e-mail (blank: none) and the open days' hours. */
const bodyOf = (v: Values): LibraryBody => ({
  email: v.email.trim() === '' ? null : v.email.trim(),
  horarios: v.dias.flatMap((d, i) => (d.aberta ? [{ dia: i + 1, abre: d.abre, fecha: d.fecha }] : [])),
});

/**
 * Where the contract's problems go, in our words: the schema finds the week's (a time not HH:MM, a
 * day closing before it opens) on the whole list; each open day is checked alone with the same
 * schema, so that its problem shows on its own field.
 */
function problemsOf(v: Values, t: TFunction): FormErrors {
  const errors: FormErrors = {};
  if (!emailSchema.safeParse(bodyOf(v).email).success) errors.email = t('staffSettings.libraries.emailRule');
  v.dias.forEach((d, i) => {
    if (!d.aberta) return;
    const parsed = weekSchema.safeParse([{ dia: i + 1, abre: d.abre, fecha: d.fecha }]);
    if (parsed.success) return;
    const badTime = (field: 'abre' | 'fecha') => parsed.error.issues.some((issue) => issue.path[1] === field);
    if (badTime('abre')) errors[`dias.${i}.abre`] = t('staffSettings.libraries.timeRule');
    if (badTime('fecha')) errors[`dias.${i}.fecha`] = t('staffSettings.libraries.timeRule');
    // Both times well written, the week's own check refused the day: it closes before it opens.
    else if (!badTime('abre')) errors[`dias.${i}.fecha`] = t('staffSettings.libraries.orderRule', { opens: d.abre });
  });
  return errors;
}

/**
 * "Bibliotecas": each library's e-mail and its week's opening hours (a day closed, or its opening
 * and closing times, closing after opening), one form per library; saved, the outcome is
 * announced and takes the focus.
 */
export function LibrariesTab({ bibliotecas, tell }: { bibliotecas: readonly Biblioteca[]; tell: Tell }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="xs">
        {t('staffSettings.libraries.heading')}
      </Title>
      <Text mb="sm">{t('staffSettings.libraries.intro')}</Text>
      {bibliotecas.length === 0 ? (
        <Text>{t('staffSettings.libraries.none')}</Text>
      ) : (
        <Stack gap="xl">
          {bibliotecas.map((b) => (
            <LibraryForm key={b.cod_biblioteca} library={b} tell={tell} />
          ))}
        </Stack>
      )}
    </section>
  );
}

function LibraryForm({ library, tell }: { library: Biblioteca; tell: Tell }) {
  const { t } = useTranslation();
  const headingId = useId();
  const days = useWeekdays();
  const save = useSaveLibrary();
  const refusal = useRefusal();
  const form = useContractForm(settingsEndpoints.library, {
    schema: bibliotecaBodySchema,
    initialValues: valuesOf(library),
    toBody: bodyOf,
    rules: (v) => problemsOf(v, t),
  });
  useFollowServer(form, valuesOf(library));
  const name = `${library.nome} (${library.sigla})`;
  const submit = form.onSubmit(async (body) => {
    refusal.clear();
    try {
      const now = await save.mutateAsync({ id: library.cod_biblioteca, body });
      const saved = now.bibliotecas.find((b) => b.cod_biblioteca === library.cod_biblioteca);
      if (saved) {
        form.setValues(valuesOf(saved));
        form.resetDirty(valuesOf(saved));
      }
      tell(true, t('staffSettings.libraries.done', { name: library.nome }));
    } catch (error) {
      refusal.refuse(error);
    }
  }, focusFirstInvalid);

  return (
    <section aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId} mb="xs">
        {name}
      </Title>
      <form onSubmit={submit} noValidate aria-labelledby={headingId} aria-busy={save.isPending}>
        <Stack gap="sm" maw="44rem">
          <TextInput
            label={t('staffSettings.libraries.email')}
            description={t('staffSettings.libraries.emailHelp')}
            type="email"
            inputMode="email"
            maxLength={EMAIL_MAX}
            autoComplete="off"
            spellCheck={false}
            {...form.getInputProps('email')}
          />
          <ScrollTable minWidth={480}>
            <Table>
              <Table.Caption>{t('staffSettings.libraries.caption', { name: library.nome })}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('staffSettings.libraries.day')}</Table.Th>
                  <Table.Th scope="col">{t('staffSettings.libraries.open')}</Table.Th>
                  <Table.Th scope="col">{t('staffSettings.libraries.opens')}</Table.Th>
                  <Table.Th scope="col">{t('staffSettings.libraries.closes')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {days.map((day, i) => {
                  const open = form.getValues().dias[i]!.aberta;
                  return (
                    <Table.Tr key={day}>
                      <Table.Th scope="row">{day}</Table.Th>
                      <Table.Td>
                        <Checkbox aria-label={t('staffSettings.libraries.openOn', { day })} {...form.getInputProps(`dias.${i}.aberta`, { type: 'checkbox' })} />
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          type="time"
                          aria-label={t('staffSettings.libraries.opensOn', { day })}
                          disabled={!open}
                          w="9rem"
                          {...form.getInputProps(`dias.${i}.abre`)}
                        />
                      </Table.Td>
                      <Table.Td>
                        <TextInput
                          type="time"
                          aria-label={t('staffSettings.libraries.closesOn', { day })}
                          disabled={!open}
                          w="9rem"
                          {...form.getInputProps(`dias.${i}.fecha`)}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          <Refused said={refusal.said} />
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('staffSettings.libraries.submit', { name: library.nome })}
            </Button>
          </Group>
        </Stack>
      </form>
    </section>
  );
}
