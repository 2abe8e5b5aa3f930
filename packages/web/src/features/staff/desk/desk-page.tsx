import { CHECKOUT_OVERRIDABLE, type DeskReading } from '@estante/contracts/circulation';
import { Alert, Button, Group, List, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError, messageOf } from '../../../api/client';
import { useShortDate } from '../../../ui/dates';
import { formatMoney } from '../../../ui/money';
import { Announcer, type Line, type Said, type Voice } from './announcer';
import { DeskLibrarySelect, useDeskLibrary } from './desk-library';
import { type CheckOutBody, type LentNow, patronQuery, useCheckIn, useCheckOut, useDeskPatron, useDeskRead } from './desk.api';
import { HoldsShelf } from './holds-shelf';
import { PatronPanel } from './patron-panel';
import { ReasonForm } from './reason-form';
import { type Transit, TransitSlip } from './transit-slip';

type PatronHit = Extract<DeskReading, { tipo: 'leitores' }>['leitores'][number];
type CheckedIn = Awaited<ReturnType<ReturnType<typeof useCheckIn>['mutateAsync']>>;

const overridable = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 422 && (CHECKOUT_OVERRIDABLE as readonly (string | undefined)[]).includes(error.key);

/**
 * The staff area's circulation desk (/equipe/balcao), made for a scanner: one input reads a
 * patron's card (the patron opens), a copy (lent to the open patron, or taken back when none is
 * open) or words naming patrons (a list to pick from). Each outcome is announced in a live region
 * while the focus stays in the input, emptied for the next scan. An overridable refusal offers
 * to lend anyway with a reason. With no patron open, the holds shelf.
 * The desk's library (remembered in this browser) goes with each check-in; a copy that must then
 * travel gets its transit slip, printed on its own.
 */
export function DeskPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const read = useDeskRead();
  const checkOut = useCheckOut();
  const checkIn = useCheckIn();
  const checkInLines = useCheckInLines();
  const desk = useDeskLibrary();
  const day = useShortDate();
  const [text, setText] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  const [hits, setHits] = useState<PatronHit[] | null>(null);
  const [lent, setLent] = useState<LentNow[]>([]);
  const [said, setSaid] = useState<Said | null>(null);
  const [override, setOverride] = useState<{ id: number; body: CheckOutBody } | null>(null);
  // The slip of the last check-in, when that copy must travel.
  const [transit, setTransit] = useState<Transit | null>(null);
  const patron = useDeskPatron(open);
  const scan = useRef<HTMLInputElement>(null);
  // The open patron as the scans queued see it (state would be the one of the render that queued them).
  const openNow = useRef<number | null>(null);
  // Scans run one after another, in the order read: a card then a copy lends the copy to that patron.
  const queue = useRef<Promise<void>>(Promise.resolve());

  const focusScan = () => scan.current?.focus();
  // The desk opens ready for the first scan, however it was reached (a link keeps the focus where it was).
  useEffect(() => {
    focusScan();
  }, []);
  const tell = (ok: boolean, lines: Line[]) => {
    setSaid((last) => ({ id: (last?.id ?? 0) + 1, ok, lines }));
    focusScan();
  };
  const voice: Voice = {
    say: (lines) => {
      setOverride(null);
      tell(true, lines);
    },
    refuse: (error) => {
      setOverride(null);
      tell(false, [{ tone: 'danger', text: messageOf(error, t('errors.unexpected')) }]);
    },
  };
  const enqueue = (work: () => Promise<void>) => {
    queue.current = queue.current.then(work);
    return queue.current;
  };

  const openPatron = (codPessoa: number, name: string) => {
    if (openNow.current !== codPessoa) setLent([]);
    openNow.current = codPessoa;
    setOpen(codPessoa);
    setHits(null);
    voice.say([{ tone: 'ok', text: t('staffDesk.opened', { name }) }]);
  };
  const closePatron = () => {
    openNow.current = null;
    setOpen(null);
    setLent([]);
    voice.say([{ tone: 'neutral', text: t('staffDesk.closed') }]);
  };
  const lend = async (body: CheckOutBody) => {
    try {
      const loan = await checkOut.mutateAsync(body);
      setLent((earlier) => [loan, ...earlier]);
      voice.say([{ tone: 'ok', text: t('staffDesk.lent', { name: loan.nome, title: loan.titulo, tombo: loan.tombo, date: day(loan.devolucao) }) }]);
    } catch (error) {
      voice.refuse(error);
      // The rules a librarian may override: the form to lend anyway, with a reason.
      if (overridable(error)) setOverride((last) => ({ id: (last?.id ?? 0) + 1, body: { tombo: body.tombo, cod_pessoa: body.cod_pessoa } }));
    }
  };
  const giveBack = async (tombo: string) => {
    const library = desk.chosen;
    try {
      const back = await checkIn.mutateAsync(library ? { tombo, biblioteca: library.cod_biblioteca } : { tombo });
      setTransit(
        back.transito ? { tombo: back.tombo, titulo: back.titulo, from: library?.nome ?? null, to: back.transito, at: new Date().toISOString() } : null,
      );
      voice.say(checkInLines(back));
    } catch (error) {
      voice.refuse(error);
    }
  };
  const handle = async (codigo: string) => {
    try {
      const reading = await read.mutateAsync(codigo);
      if (reading.tipo === 'leitor') return openPatron(reading.leitor.cod_pessoa, reading.leitor.nome);
      if (reading.tipo === 'leitores') {
        setHits(reading.leitores);
        const found = reading.leitores.length;
        return voice.say([{ tone: found ? 'ok' : 'neutral', text: found ? t('staffDesk.hits.found', { count: found }) : t('staffDesk.hits.none') }]);
      }
      const codPessoa = openNow.current;
      if (codPessoa !== null) await lend({ tombo: reading.exemplar.tombo, cod_pessoa: codPessoa });
      else await giveBack(reading.exemplar.tombo);
    } catch (error) {
      voice.refuse(error);
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const codigo = text.trim();
    setText('');
    focusScan();
    if (codigo) void enqueue(() => handle(codigo));
  };
  const pick = (hit: PatronHit) =>
    void enqueue(() =>
      client.fetchQuery(patronQuery(hit.cod_pessoa)).then(
        (found) => openPatron(found.cod_pessoa, found.nome),
        (error: unknown) => voice.refuse(error),
      ),
    );
  const busy = read.isPending || checkOut.isPending || checkIn.isPending;

  return (
    <Stack gap="lg">
      <Text>{t('staffDesk.intro')}</Text>
      <DeskLibrarySelect desk={desk} />
      <Stack gap="xs">
        <form onSubmit={submit} noValidate aria-label={t('staffDesk.scan.form')}>
          <Group align="flex-end" gap="sm">
            <TextInput
              ref={scan}
              label={t('staffDesk.scan.label')}
              description={t('staffDesk.scan.help')}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              autoComplete="off"
              spellCheck={false}
              maxLength={200}
              // The desk is for scanning: the input is where the page starts.
              autoFocus
              style={{ flex: '1 1 20rem' }}
            />
            {/* Never disabled while a scan is read: a disabled submit button would stop Enter in the input. */}
            <Button type="submit">{t('staffDesk.scan.submit')}</Button>
            {busy && <Loader size="sm" role="status" aria-label={t('loading.title')} />}
          </Group>
        </form>
        <Announcer
          said={said}
          after={
            override && (
              <Stack gap={4} maw="40rem">
                <Text size="sm">{t('staffDesk.override.help')}</Text>
                <ReasonForm
                  key={override.id}
                  label={t('staffDesk.override.label')}
                  submitLabel={t('staffDesk.override.submit')}
                  onSubmit={(motivo) => lend({ ...override.body, motivo })}
                />
              </Stack>
            )
          }
        />
        {transit && <TransitSlip transit={transit} onPrinted={focusScan} />}
      </Stack>
      {hits && <Hits hits={hits} onPick={pick} />}
      {open === null ? (
        <HoldsShelf />
      ) : patron.data ? (
        <PatronPanel patron={patron.data} lent={lent} voice={voice} onClose={closePatron} onPrinted={focusScan} />
      ) : patron.isError ? (
        <Alert color="red" variant="filled">
          {t('staffDesk.patron.fetchError')}
        </Alert>
      ) : (
        <Loader size="sm" role="status" aria-label={t('loading.title')} />
      )}
    </Stack>
  );
}

/** The sentences of a check-in: what came back and from whom, the fine, the hold it now serves, where it must travel. */
function useCheckInLines(): (back: CheckedIn) => Line[] {
  const { t, i18n } = useTranslation();
  const day = useShortDate();
  return (back) => {
    const lines: Line[] = [{ tone: 'ok', text: t('staffDesk.checkedIn', { title: back.titulo, tombo: back.tombo }) }];
    if (back.pessoa) lines.push({ tone: 'neutral', text: t('staffDesk.wasWith', { name: back.pessoa.nome }) });
    if (back.multa && Number(back.multa) > 0) lines.push({ tone: 'warning', text: t('staffDesk.fine', { amount: formatMoney(back.multa, i18n.language) }) });
    if (back.reserva)
      lines.push({
        tone: 'warning',
        text: t('staffDesk.holdFor', { name: back.reserva.nome, date: day(back.reserva.prazo), library: back.reserva.biblioteca }),
      });
    if (back.transito) lines.push({ tone: 'warning', text: t('staffDesk.transit', { library: back.transito }) });
    return lines;
  };
}

/** The patrons the words named, each a button that opens them. */
function Hits({ hits, onPick }: { hits: PatronHit[]; onPick: (hit: PatronHit) => void }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="desk-hits">
      <Title order={2} size="h3" id="desk-hits" mb="xs">
        {t('staffDesk.hits.heading')}
      </Title>
      {hits.length === 0 ? (
        <Text>{t('staffDesk.hits.none')}</Text>
      ) : (
        <List listStyleType="none" spacing={4}>
          {hits.map((hit) => (
            <List.Item key={hit.cod_pessoa}>
              <Group gap="xs">
                <Button variant="subtle" size="compact-md" onClick={() => onPick(hit)}>
                  {hit.nome}
                </Button>
                <Text size="sm" component="span">
                  {t('staffDesk.hits.details', { category: hit.categoria, logins: hit.logins.join(', ') || '—' })}
                  {hit.bloqueio && ` · ${t('staffDesk.hits.blocked')}`}
                </Text>
              </Group>
            </List.Item>
          ))}
        </List>
      )}
    </section>
  );
}
