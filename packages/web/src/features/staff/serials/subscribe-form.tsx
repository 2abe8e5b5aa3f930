import { serialsStaffEndpoints, SUBSCRIPTION_FREQUENCIES } from '@estante/contracts/catalog';
import type { PeriodicoCandidato } from '@estante/contracts/interest';
import { Button, Group, List, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/client';
import { useLibraries } from '../../../api/libraries';
import { useContractForm } from '../../../ui/use-contract-form';
import { Refused, type Say } from '../../../ui/announcer';
import { useMonthWords } from './serial-words';
import { BODY_SCHEMAS, lookupQuery, useSerialLookup, useSubscribe } from './serials.api';

type Frequency = (typeof SUBSCRIPTION_FREQUENCIES)[number];

/** The longest look-up the call takes (the contract's limit), and its rule: every word at least 3 characters. */
const TERM_MAX = 200;
const termFits = (term: string) => term !== '' && term.split(/\s+/).every((word) => word.length >= 3);

/** The form's values as typed and chosen: the title's and library's numbers, the first month (YYYY-MM), the frequency ('' for the title's own). */
type SubscribeValues = {
  acervo: string;
  biblioteca: string;
  inicio: string;
  periodicidade: '' | Frequency;
};

/** The form as it starts: this month as the server counts months (UTC, serials.desk.ts), the title's own frequency. */
function blank(): SubscribeValues {
  const now = new Date();
  return { acervo: '', biblioteca: '', inicio: `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`, periodicidade: '' };
}

/**
 * "Nova assinatura": a serial taken at a library from a month, at the title's own frequency or
 * another (checked with the call's own schema). Its title number typed, or filled in from a
 * look-up by words of the title; done, the list is read again and the outcome announced.
 */
export function SubscribeForm({ say }: { say: Say }) {
  const { t } = useTranslation();
  const months = useMonthWords();
  const libraries = useLibraries();
  const subscribe = useSubscribe();
  const headingId = useId();
  const titleInput = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The serial picked from the look-up: its name shown under the title number while that number is its own.
  const [picked, setPicked] = useState<PeriodicoCandidato | null>(null);
  const form = useContractForm(serialsStaffEndpoints.subscribe, {
    schema: BODY_SCHEMAS.subscribe,
    initialValues: blank(),
    toBody: (v) => ({ inicio: v.inicio, periodicidade: v.periodicidade === '' ? null : v.periodicidade }),
    rules: (v) => ({
      acervo: /^[1-9]\d{0,8}$/.test(v.acervo.trim()) ? null : t('staffSerials.subscribe.titleRule'),
      biblioteca: v.biblioteca ? null : t('staffSerials.subscribe.libraryRule'),
      inicio: v.inicio ? null : t('staffSerials.subscribe.startRule'),
    }),
  });
  const submit = form.onSubmit(async (body) => {
    setProblem(null);
    const values = form.getValues();
    try {
      const kardex = await subscribe.mutateAsync({ at: { acervo: Number(values.acervo.trim()), biblioteca: Number(values.biblioteca) }, body });
      form.reset();
      setPicked(null);
      say(
        t('staffSerials.subscribe.done', {
          title: kardex.titulo,
          library: kardex.biblioteca,
          month: months.ofMonth(body.inicio),
          frequency: t(`staffSerials.frequencies.${kardex.periodicidade}`),
        }),
      );
    } catch (error) {
      setProblem(messageOf(error, t('errors.unexpected')));
    }
  });
  const pick = (serial: PeriodicoCandidato) => {
    form.setFieldValue('acervo', String(serial.codigo));
    setPicked(serial);
    titleInput.current?.focus();
  };
  const acervo = form.getValues().acervo.trim();

  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="xs">
        {t('staffSerials.subscribe.heading')}
      </Title>
      <Stack gap="md" maw={760}>
        <Text size="sm">{t('staffSerials.subscribe.help')}</Text>
        <SerialLookup say={say} onPick={pick} />
        <form onSubmit={submit} noValidate aria-labelledby={headingId} aria-busy={subscribe.isPending}>
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                ref={titleInput}
                label={t('staffSerials.subscribe.title')}
                description={picked && String(picked.codigo) === acervo ? picked.descricao : t('staffSerials.subscribe.titleHelp')}
                required
                inputMode="numeric"
                maxLength={9}
                autoComplete="off"
                {...form.getInputProps('acervo')}
              />
              <NativeSelect
                label={t('staffSerials.list.library')}
                required
                data={[
                  { value: '', label: t('staffSerials.subscribe.chooseLibrary') },
                  ...(libraries.data ?? []).map((b) => ({ value: String(b.cod_biblioteca), label: b.desc_biblioteca })),
                ]}
                {...form.getInputProps('biblioteca')}
              />
              <TextInput
                type="month"
                label={t('staffSerials.subscribe.start')}
                description={t('staffSerials.subscribe.startHelp')}
                required
                {...form.getInputProps('inicio')}
              />
              <NativeSelect
                label={t('staffSerials.list.frequency')}
                data={[
                  { value: '', label: t('staffSerials.subscribe.titleFrequency') },
                  ...SUBSCRIPTION_FREQUENCIES.map((f) => ({ value: f, label: t(`staffSerials.frequencies.${f}`) })),
                ]}
                {...form.getInputProps('periodicidade')}
              />
            </SimpleGrid>
            <Refused text={problem} />
            <Group>
              <Button type="submit" loading={subscribe.isPending}>
                {t('staffSerials.subscribe.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </section>
  );
}

/**
 * "Procurar o periódico": words of the title (each of 3 characters or more), the serials found
 * listed with a button each that fills in the title number. How many were found is said in the
 * section's live region, the focus left in the search box.
 */
function SerialLookup({ say, onPick }: { say: Say; onPick: (serial: PeriodicoCandidato) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState<string | null>(null);
  const [rule, setRule] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const found = useSerialLookup(term);

  const search = async (event: FormEvent) => {
    event.preventDefault();
    const words = typed.trim().replace(/\s+/g, ' ');
    if (!termFits(words)) return setRule(t('staffSerials.lookup.rule'));
    setRule(null);
    setProblem(null);
    setPending(true);
    try {
      // Asked again each time (a serial catalogued since is found).
      const hits = await client.fetchQuery({ ...lookupQuery(words), staleTime: 0 });
      setTerm(words);
      say(t('staffSerials.lookup.found', { count: hits.length, term: words }), false);
    } catch (error) {
      setProblem(messageOf(error, t('errors.unexpected')));
    } finally {
      setPending(false);
    }
  };

  return (
    <Stack gap="xs">
      <form onSubmit={search} noValidate role="search" aria-label={t('staffSerials.lookup.label')}>
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t('staffSerials.lookup.term')}
            description={t('staffSerials.lookup.help')}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            maxLength={TERM_MAX}
            autoComplete="off"
            error={rule}
            style={{ flex: '1 1 18rem' }}
          />
          <Button type="submit" variant="outline" loading={pending}>
            {t('staffSerials.lookup.submit')}
          </Button>
        </Group>
      </form>
      <Refused text={problem} />
      {term !== null && found.data && found.data.length > 0 && (
        <List listStyleType="none" spacing={4} aria-label={t('staffSerials.lookup.results', { term })}>
          {found.data.map((serial) => (
            <List.Item key={serial.codigo}>
              <Group gap="sm" wrap="nowrap" align="baseline">
                <Button
                  size="compact-sm"
                  variant="default"
                  aria-label={t('staffSerials.lookup.pickOne', { title: serial.descricao, code: serial.codigo })}
                  onClick={() => onPick(serial)}
                >
                  {t('staffSerials.lookup.pick')}
                </Button>
                <Text size="sm">
                  {t('staffSerials.lookup.candidate', {
                    title: serial.issn ? t('staffSerials.lookup.withIssn', { title: serial.descricao, issn: serial.issn }) : serial.descricao,
                    code: serial.codigo,
                  })}
                </Text>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
