import { type KardexEquipe, serialsStaffEndpoints } from '@estante/contracts/catalog';
import { Alert, Button, Group, Loader, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/client';
import { DescriptionRow } from '../../../ui/description-row';
import { useContractForm } from '../../../ui/use-contract-form';
import { Refused, type Say } from '../../../ui/announcer';
import { IssuesTable } from './issues-table';
import { useMonthWords } from './serial-words';
import { BODY_SCHEMAS, kardexQuery, type SerialAt, useKardex, useReceive } from './serials.api';

type Issue = KardexEquipe['fasciculos'][number];
/** The longest volume and number the receipt takes (the contract's limit). */
const ISSUE_LABEL_MAX = 50;

/** "Fascículo 03/2026 recebido (v. 12, n. 3).": what was received, in the interface language. */
export function useReceivedWords(): (slot: { ano: number; mes: number }, issue: Issue | undefined) => string {
  const { t } = useTranslation();
  const months = useMonthWords();
  return (slot, issue) => {
    const month = months.short(slot.ano, slot.mes);
    const volume = issue?.volume;
    const number = issue?.numero;
    if (volume && number) return t('staffSerials.receive.doneVolumeNumber', { month, volume, number });
    if (volume) return t('staffSerials.receive.doneVolume', { month, volume });
    if (number) return t('staffSerials.receive.doneNumber', { month, number });
    return t('staffSerials.receive.done', { month });
  };
}

/** The issue of that month the Kardex now shows as received (the newest first, so the one just recorded). */
const receivedIn = (kardex: KardexEquipe, slot: { ano: number; mes: number }) =>
  kardex.fasciculos.find((f) => f.ano === slot.ano && f.mes === slot.mes && f.situacao === 'recebido');

/**
 * One library's Kardex of a serial, in place of the list: fetched, then shown; a refusal to fetch
 * it (404) said with the way back.
 */
export function Kardex({ at, focusRequest, say, onBack }: { at: SerialAt; focusRequest: number; say: Say; onBack: () => void }) {
  const { t } = useTranslation();
  const kardex = useKardex(at);
  if (kardex.data) return <KardexView kardex={kardex.data} focusRequest={focusRequest} say={say} onBack={onBack} />;
  if (kardex.isError)
    return (
      <Stack gap="sm" align="flex-start">
        <Alert color="red" variant="filled">
          {messageOf(kardex.error, t('staffSerials.kardex.fetchError'))}
        </Alert>
        <Button variant="default" onClick={onBack}>
          {t('staffSerials.kardex.back')}
        </Button>
      </Stack>
    );
  return <Loader size="sm" role="status" aria-label={t('loading.title')} />;
}

/**
 * The Kardex (h2: the title and the library): the frequency followed, the subscription, the next
 * issue expected and "Receber o próximo", focused as it opens; another month received; the issues.
 */
function KardexView({ kardex, focusRequest, say, onBack }: { kardex: KardexEquipe; focusRequest: number; say: Say; onBack: () => void }) {
  const { t } = useTranslation();
  const months = useMonthWords();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const receiveButton = useRef<HTMLButtonElement>(null);
  // Opened from the list: ready for Enter on "Receber o próximo" (on the heading when no issue is expected).
  useEffect(() => {
    if (focusRequest) (receiveButton.current ?? heading.current)?.focus();
  }, [focusRequest]);
  const frequency = t(`staffSerials.frequencies.${kardex.periodicidade}`);

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <Title order={2} size="h3" id={headingId} ref={heading} tabIndex={-1}>
            {t('staffSerials.kardex.heading', { title: kardex.titulo, library: kardex.biblioteca })}
          </Title>
          <Button variant="default" size="compact-sm" onClick={onBack}>
            {t('staffSerials.kardex.back')}
          </Button>
        </Group>
        <dl style={{ margin: 0 }}>
          {kardex.issn && <DescriptionRow label={t('staffSerials.list.issn')}>{kardex.issn}</DescriptionRow>}
          <DescriptionRow label={t('staffSerials.list.frequency')}>
            {kardex.assinatura?.periodicidade
              ? t('staffSerials.kardex.frequencyOfSubscription', { frequency })
              : t('staffSerials.kardex.frequencyOfTitle', { frequency })}
          </DescriptionRow>
          <DescriptionRow label={t('staffSerials.kardex.subscription')}>
            {kardex.assinatura ? t('staffSerials.kardex.since', { month: months.ofMonth(kardex.assinatura.inicio) }) : t('staffSerials.kardex.noSubscription')}
          </DescriptionRow>
          <DescriptionRow label={t('staffSerials.kardex.next')}>
            {kardex.proximo ? months.long(kardex.proximo.ano, kardex.proximo.mes) : t('staffSerials.kardex.noneExpected')}
          </DescriptionRow>
        </dl>
        <ReceiveNext kardex={kardex} buttonRef={receiveButton} say={say} />
        <ReceiveMonthForm kardex={kardex} say={say} />
        <IssuesTable kardex={kardex} say={say} />
      </Stack>
    </Paper>
  );
}

/**
 * "Receber o próximo (mm/aaaa)": one press receives the next expected issue (`{}`: the API numbers
 * it after the last), says so and keeps the focus on the button, now for the one after. Presses
 * made while a call is on its way wait their turn, each receiving the next issue as the Kardex
 * then stands. The button is never disabled, which would drop the focus.
 */
function ReceiveNext({ kardex, buttonRef, say }: { kardex: KardexEquipe; buttonRef: RefObject<HTMLButtonElement | null>; say: Say }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const months = useMonthWords();
  const receive = useReceive();
  const receivedWords = useReceivedWords();
  const helpId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const at = { acervo: kardex.cod_acervo, biblioteca: kardex.cod_biblioteca };

  const receiveNext = () => {
    queue.current = queue.current.then(async () => {
      // The Kardex as the last answer left it (not as this render saw it): the presses queued receive one issue each.
      const slot = (client.getQueryData(kardexQuery(at).queryKey) ?? kardex).proximo;
      if (!slot) return;
      setProblem(null);
      try {
        const now = await receive.mutateAsync({ at, body: {} });
        // Back on the button, now for the next one; nothing expected after it, the button goes and the focus goes to what was said.
        say(receivedWords(slot, receivedIn(now, slot)), now.proximo === null);
        if (now.proximo) buttonRef.current?.focus();
      } catch (error) {
        setProblem(messageOf(error, t('errors.unexpected')));
        buttonRef.current?.focus();
      }
    });
  };

  if (!kardex.proximo) return <Text>{t('staffSerials.receive.nothing')}</Text>;
  return (
    <Stack gap="xs" align="flex-start">
      <Button ref={buttonRef} size="lg" onClick={receiveNext} aria-describedby={helpId}>
        {t('staffSerials.receive.next', { month: months.short(kardex.proximo.ano, kardex.proximo.mes) })}
      </Button>
      <Text size="sm" id={helpId}>
        {t('staffSerials.receive.nextHelp')}
      </Text>
      <Refused text={problem} />
    </Stack>
  );
}

/** The form's values: the year and month as typed and chosen, the volume and number ('' for none). */
interface MonthValues {
  ano: string;
  mes: string;
  volume: string;
  numero: string;
}

/** "Receber outro mês": the issue of a month given, with its volume and number; checked with the call's own schema. */
function ReceiveMonthForm({ kardex, say }: { kardex: KardexEquipe; say: Say }) {
  const { t } = useTranslation();
  const months = useMonthWords();
  const receive = useReceive();
  const receivedWords = useReceivedWords();
  const headingId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const today = new Date();
  const start = kardex.proximo ?? { ano: today.getFullYear(), mes: today.getMonth() + 1 };
  const form = useContractForm(serialsStaffEndpoints.receive, {
    schema: BODY_SCHEMAS.receive,
    initialValues: { ano: String(start.ano), mes: String(start.mes), volume: '', numero: '' } satisfies MonthValues,
    toBody: (v) => ({
      ...(v.ano.trim() === '' ? {} : { ano: Number(v.ano.trim()) }),
      mes: Number(v.mes),
      ...(v.volume.trim() ? { volume: v.volume.trim() } : {}),
      ...(v.numero.trim() ? { numero: v.numero.trim() } : {}),
    }),
    rules: (v) => ({ ano: v.ano.trim() === '' ? t('validation.required') : null }),
  });
  const submit = form.onSubmit(async (body) => {
    setProblem(null);
    const slot = { ano: body.ano!, mes: body.mes! };
    try {
      const now = await receive.mutateAsync({ at: { acervo: kardex.cod_acervo, biblioteca: kardex.cod_biblioteca }, body });
      form.setValues({ volume: '', numero: '' });
      say(receivedWords(slot, receivedIn(now, slot)));
    } catch (error) {
      setProblem(messageOf(error, t('errors.unexpected')));
    }
  });
  const monthChoices = Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: months.name(i + 1) }));

  return (
    <section aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId} mb="xs">
        {t('staffSerials.receiveMonth.heading')}
      </Title>
      <form onSubmit={submit} noValidate aria-labelledby={headingId} aria-busy={receive.isPending}>
        <Stack gap="sm" maw={720}>
          <Text size="sm">{t('staffSerials.receiveMonth.help')}</Text>
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }}>
            <TextInput label={t('staffSerials.fields.year')} required inputMode="numeric" maxLength={4} {...form.getInputProps('ano')} />
            <NativeSelect label={t('staffSerials.fields.month')} required data={monthChoices} {...form.getInputProps('mes')} />
            <TextInput label={t('staffSerials.fields.volume')} maxLength={ISSUE_LABEL_MAX} {...form.getInputProps('volume')} />
            <TextInput label={t('staffSerials.fields.number')} maxLength={ISSUE_LABEL_MAX} {...form.getInputProps('numero')} />
          </SimpleGrid>
          <Refused text={problem} />
          <Group>
            <Button type="submit" variant="outline" loading={receive.isPending}>
              {t('staffSerials.receiveMonth.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </section>
  );
}
