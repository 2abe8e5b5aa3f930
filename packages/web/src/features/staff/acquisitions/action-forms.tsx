import { acaoSugestaoSchema, acquisitionsEndpoints, REFUSAL_STATUSES, type SugestaoEquipe } from '@estante/contracts/acquisitions';
import { Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractForm } from '../../../ui/use-contract-form';
import { type ActBody, useAct, useStatusName } from './acquisitions.api';
import { Refused, type Say } from '../../../ui/announcer';
import { TitleField } from './title-search';
import { refusalText, typedAmount, useMoney } from './words';

/** The longest note, supplier and copy count the acts take (the contract's limits). */
const NOTE_MAX = 2000;
const SUPPLIER_MAX = 200;
const COPIES_MAX = 9_999;

type RefusalStatus = (typeof REFUSAL_STATUSES)[number];

/** What each action form is given: the suggestion, how to say the outcome, and where the answered suggestion goes. */
export interface ActProps {
  suggestion: SugestaoEquipe;
  say: Say;
  onAnswer: (suggestion: SugestaoEquipe) => void;
}

/** Whether the contract's schema finds a problem in `field` of the body (for the words a rule puts in place of the generic ones). */
function fails(body: ActBody, field: string): boolean {
  const parsed = acaoSugestaoSchema.safeParse(body);
  return !parsed.success && parsed.error.issues.some((issue) => issue.path[0] === field);
}

/** A count typed: a number (the schema judges it), or nothing when the field is empty. */
const typedCount = (value: string) => (value.trim() === '' ? undefined : Number(value.trim()));
/** A note typed: trimmed, or nothing. */
const typedNote = (value: string) => value.trim() || undefined;

/**
 * Sends an act and says how it went: done, the suggestion as answered goes to the page and the
 * outcome, which names the requester the server e-mailed, takes the focus; refused, the server's
 * words in an alert in the form.
 */
function useActOn({ suggestion, say, onAnswer }: ActProps) {
  const { t } = useTranslation();
  const money = useMoney();
  const act = useAct();
  const [problem, setProblem] = useState<string | null>(null);
  const send = async (body: ActBody) => {
    if (act.isPending) return;
    setProblem(null);
    try {
      const answered = await act.mutateAsync({ id: suggestion.codigo, body });
      onAnswer(answered);
      const words = {
        id: answered.codigo,
        status: answered.descricao_situacao,
        name: answered.solicitante,
        price: answered.preco ? money(answered.preco) : '—',
        supplier: answered.fornecedor ?? '—',
        delivered: answered.total_entregue,
        ordered: answered.quantidade,
      };
      say(`${t(`staffAcquisitions.actions.${body.acao}.done`, words)} ${t('staffAcquisitions.actions.mailed', words)}`);
    } catch (error) {
      setProblem(refusalText(error, t));
    }
  };
  return { send, problem, invalid: () => setProblem(t('staffAcquisitions.fix')), pending: act.isPending };
}

/** The note every act may carry: it goes in the e-mail to the requester and stays in the history. */
function NoteField(props: GetInputPropsReturnType) {
  const { t } = useTranslation();
  return (
    <Textarea
      label={t('staffAcquisitions.actions.note')}
      description={t('staffAcquisitions.actions.noteHelp')}
      maxLength={NOTE_MAX}
      autosize
      minRows={2}
      {...props}
    />
  );
}

/** "Aceitar" (a pre-suggestion becomes a purchase suggestion) or "Negociar" (a quote goes into negotiation): a note only. */
export function NoteOnlyForm({ acao, ...props }: ActProps & { acao: 'aceitar' | 'negociar' }) {
  const { t } = useTranslation();
  const { send, problem, invalid, pending } = useActOn(props);
  const form = useContractForm(acquisitionsEndpoints.act, {
    schema: acaoSugestaoSchema,
    initialValues: { nota: '' },
    toBody: (v) => ({ acao, nota: typedNote(v.nota) }),
  });
  return (
    <form
      onSubmit={form.onSubmit((body) => void send(body), invalid)}
      noValidate
      aria-label={t(`staffAcquisitions.actions.${acao}.form`, { id: props.suggestion.codigo })}
    >
      <Stack gap="sm" maw="40rem">
        <NoteField {...form.getInputProps('nota')} />
        <Refused text={problem} />
        <Group>
          <Button type="submit" loading={pending}>
            {t(`staffAcquisitions.actions.${acao}.submit`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Cotar": copies to buy, unit price, supplier, whether the work is foreign, and a note; the quote as it stands fills it. */
export function QuoteForm(props: ActProps) {
  const { t } = useTranslation();
  const { suggestion } = props;
  const { send, problem, invalid, pending } = useActOn(props);
  const toBody = (v: { quantidade: string; preco: string; fornecedor: string; obra_estrangeira: boolean; nota: string }): ActBody => ({
    acao: 'cotar',
    quantidade: typedCount(v.quantidade),
    obra_estrangeira: v.obra_estrangeira,
    preco: typedAmount(v.preco) || undefined,
    fornecedor: v.fornecedor.trim() || undefined,
    nota: typedNote(v.nota),
  });
  const form = useContractForm(acquisitionsEndpoints.act, {
    schema: acaoSugestaoSchema,
    initialValues: {
      quantidade: String(suggestion.quantidade),
      preco: suggestion.preco ?? '',
      fornecedor: suggestion.fornecedor ?? '',
      obra_estrangeira: suggestion.obra_estrangeira,
      nota: '',
    },
    toBody,
    rules: (v) => {
      const body = toBody(v);
      return {
        quantidade: fails(body, 'quantidade') ? t('staffAcquisitions.actions.copiesRule', { max: COPIES_MAX }) : null,
        preco: fails(body, 'preco') ? t('staffAcquisitions.actions.priceRule') : null,
      };
    },
  });
  return (
    <form
      onSubmit={form.onSubmit((body) => void send(body), invalid)}
      noValidate
      aria-label={t('staffAcquisitions.actions.cotar.form', { id: suggestion.codigo })}
    >
      <Stack gap="sm" maw="40rem">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t('staffAcquisitions.actions.copies')}
            description={t('staffAcquisitions.actions.copiesHelp')}
            inputMode="numeric"
            autoComplete="off"
            {...form.getInputProps('quantidade')}
          />
          <TextInput
            label={t('staffAcquisitions.actions.price')}
            description={t('staffAcquisitions.actions.priceHelp')}
            inputMode="decimal"
            autoComplete="off"
            {...form.getInputProps('preco')}
          />
          <TextInput label={t('staffAcquisitions.actions.supplier')} maxLength={SUPPLIER_MAX} autoComplete="off" {...form.getInputProps('fornecedor')} />
        </SimpleGrid>
        <Checkbox label={t('staffAcquisitions.actions.foreign')} {...form.getInputProps('obra_estrangeira', { type: 'checkbox' })} />
        <NoteField {...form.getInputProps('nota')} />
        <Refused text={problem} />
        <Group>
          <Button type="submit" loading={pending}>
            {t('staffAcquisitions.actions.cotar.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Recusar": why (a refusal status, by its name), the title the library holds (required when it already exists), and a note. */
export function RefuseForm(props: ActProps) {
  const { t } = useTranslation();
  const statusName = useStatusName();
  const { suggestion } = props;
  const { send, problem, invalid, pending } = useActOn(props);
  const toBody = (v: { situacao: string; acervo: string; nota: string }): ActBody => ({
    acao: 'recusar',
    // An empty choice is left for the schema to refuse ("choose an option").
    situacao: v.situacao as RefusalStatus,
    acervo: typedCount(v.acervo),
    nota: typedNote(v.nota),
  });
  const form = useContractForm(acquisitionsEndpoints.act, {
    schema: acaoSugestaoSchema,
    initialValues: { situacao: '', acervo: '', nota: '' },
    toBody,
    rules: (v) => ({
      acervo:
        v.situacao === 'ja_existe' && v.acervo.trim() === ''
          ? t('staffAcquisitions.actions.titleRequired')
          : fails(toBody(v), 'acervo')
            ? t('staffAcquisitions.actions.titleRule')
            : null,
    }),
  });
  const situacao = form.getValues().situacao;
  const needsTitle = situacao === 'ja_existe' || situacao === 'duplicada';
  return (
    <form
      onSubmit={form.onSubmit((body) => void send(body), invalid)}
      noValidate
      aria-label={t('staffAcquisitions.actions.recusar.form', { id: suggestion.codigo })}
    >
      <Stack gap="sm" maw="40rem">
        <NativeSelect
          label={t('staffAcquisitions.actions.reason')}
          required
          data={[{ value: '', label: t('staffAcquisitions.actions.chooseReason') }, ...REFUSAL_STATUSES.map((s) => ({ value: s, label: statusName(s) }))]}
          {...form.getInputProps('situacao')}
        />
        {needsTitle && (
          <TitleField
            label={t('staffAcquisitions.actions.title')}
            description={t(situacao === 'ja_existe' ? 'staffAcquisitions.actions.titleExistsHelp' : 'staffAcquisitions.actions.titleDuplicateHelp')}
            required={situacao === 'ja_existe'}
            inputProps={form.getInputProps('acervo')}
            onPick={(codAcervo) => form.setFieldValue('acervo', String(codAcervo))}
          />
        )}
        <NoteField {...form.getInputProps('nota')} />
        <Refused text={problem} />
        <Group>
          <Button type="submit" color="red.9" loading={pending}>
            {t('staffAcquisitions.actions.recusar.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Registrar entrega": copies received now (what is still awaited, at first), the catalogue title they are, and a note. */
export function DeliverForm(props: ActProps) {
  const { t } = useTranslation();
  const { suggestion } = props;
  const { send, problem, invalid, pending } = useActOn(props);
  const awaited = Math.max(suggestion.quantidade - suggestion.total_entregue, 0);
  const toBody = (v: { quantidade: string; acervo: string; nota: string }): ActBody => ({
    acao: 'entregar',
    quantidade: Number(v.quantidade.trim()),
    acervo: typedCount(v.acervo),
    nota: typedNote(v.nota),
  });
  const form = useContractForm(acquisitionsEndpoints.act, {
    schema: acaoSugestaoSchema,
    initialValues: { quantidade: String(awaited || 1), acervo: suggestion.cod_acervo ? String(suggestion.cod_acervo) : '', nota: '' },
    toBody,
    rules: (v) => {
      const body = toBody(v);
      return {
        quantidade: fails(body, 'quantidade')
          ? t('staffAcquisitions.actions.copiesRule', { max: COPIES_MAX })
          : Number(v.quantidade) > awaited
            ? t('staffAcquisitions.actions.deliverBeyond', { count: awaited })
            : null,
        acervo: fails(body, 'acervo') ? t('staffAcquisitions.actions.titleRule') : null,
      };
    },
  });
  return (
    <form
      onSubmit={form.onSubmit((body) => void send(body), invalid)}
      noValidate
      aria-label={t('staffAcquisitions.actions.entregar.form', { id: suggestion.codigo })}
    >
      <Stack gap="sm" maw="40rem">
        <TextInput
          label={t('staffAcquisitions.actions.received')}
          description={t('staffAcquisitions.actions.receivedHelp', { delivered: suggestion.total_entregue, ordered: suggestion.quantidade })}
          required
          inputMode="numeric"
          autoComplete="off"
          w="16rem"
          {...form.getInputProps('quantidade')}
        />
        <TitleField
          label={t('staffAcquisitions.actions.title')}
          description={t('staffAcquisitions.actions.titleDeliveredHelp')}
          inputProps={form.getInputProps('acervo')}
          onPick={(codAcervo) => form.setFieldValue('acervo', String(codAcervo))}
        />
        <NoteField {...form.getInputProps('nota')} />
        <Refused text={problem} />
        <Group>
          <Button type="submit" loading={pending}>
            {t('staffAcquisitions.actions.entregar.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
