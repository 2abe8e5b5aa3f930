import type { EndpointOutput } from '@estante/contracts/kernel';
import type { serialsStaffEndpoints } from '@estante/contracts/catalog';
import { Button, Stack, Text, Title } from '@mantine/core';
import { type Ref, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShortDate } from '../../../ui/dates';
import { type Column, ListSection } from '../../../ui/list-section';
import { StatusLine } from '../../../ui/status-line';
import { Announcer, type Said, type Say } from '../../../ui/announcer';
import { Kardex } from './kardex';
import { useMonthWords } from './serial-words';
import { type SerialAt, useSubscriptions } from './serials.api';
import { SubscribeForm } from './subscribe-form';

type Subscription = EndpointOutput<typeof serialsStaffEndpoints.subscriptions>[number];

const keyOf = ({ acervo, biblioteca }: SerialAt) => `${acervo}-${biblioteca}`;

/**
 * The staff area's "Periódicos" (/equipe/periodicos, roles catalogação and aquisição): the serials
 * the libraries take, each opening its Kardex in place of the list — the issues expected by the
 * frequency, received, late or claimed, "Receber o próximo" focused so that a pile of issues is
 * received with Enter, Enter, Enter; another month received, an issue claimed, an article indexed
 * — and a new subscription (its title found by words of the title). Each outcome is announced in
 * the section's live region; a refusal at once beside what was used.
 */
export function SerialsPage() {
  const { t } = useTranslation();
  // The Kardex open; `focus` counts the times it was opened from the list (each sends the focus to its receive button).
  const [open, setOpen] = useState<{ at: SerialAt; focus: number } | null>(null);
  const [said, setSaid] = useState<Said | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const openers = useRef(new Map<string, HTMLButtonElement>());
  // The list's row to give the focus back to when the Kardex is closed.
  const returnTo = useRef<string | null>(null);

  const say: Say = (text, focus = true) => setSaid((last) => ({ id: (last?.id ?? 0) + 1, text, focus }));

  const openKardex = (at: SerialAt) => {
    setSaid(null);
    setOpen((last) => ({ at, focus: (last?.focus ?? 0) + 1 }));
  };
  const back = () => {
    returnTo.current = open && keyOf(open.at);
    setSaid(null);
    setOpen(null);
  };
  useEffect(() => {
    if (open || returnTo.current === null) return;
    // Back to the button that opened the Kardex; the list's heading when it is gone.
    (openers.current.get(returnTo.current) ?? listHeading.current)?.focus();
    returnTo.current = null;
  }, [open]);

  return (
    <Stack gap="lg">
      <Text>{t('staffSerials.intro')}</Text>
      <Announcer said={said} />
      {open ? (
        <Kardex key={keyOf(open.at)} at={open.at} focusRequest={open.focus} say={say} onBack={back} />
      ) : (
        <>
          <SubscriptionList headingRef={listHeading} openers={openers} onOpen={openKardex} />
          <SubscribeForm say={say} />
        </>
      )}
    </Stack>
  );
}

/** "Assinaturas": the serials the libraries take, each row opening its Kardex. */
function SubscriptionList({
  headingRef,
  openers,
  onOpen,
}: {
  headingRef: Ref<HTMLHeadingElement>;
  openers: RefObject<Map<string, HTMLButtonElement>>;
  onOpen: (at: SerialAt) => void;
}) {
  const { t } = useTranslation();
  const subscriptions = useSubscriptions();
  const day = useShortDate();
  const months = useMonthWords();
  const headingId = useId();
  const columns: Column<Subscription>[] = [
    { header: t('staffSerials.list.title'), cell: (s) => s.titulo },
    { header: t('staffSerials.list.issn'), cell: (s) => s.issn ?? '—' },
    { header: t('staffSerials.list.library'), cell: (s) => s.biblioteca },
    { header: t('staffSerials.list.frequency'), cell: (s) => t(`staffSerials.frequencies.${s.periodicidade}`) },
    { header: t('staffSerials.list.start'), cell: (s) => months.ofMonth(s.inicio) },
    { header: t('staffSerials.list.lastReceived'), cell: (s) => (s.ultimo_recebido ? day(s.ultimo_recebido) : t('staffSerials.list.noneReceived')) },
    {
      header: t('staffSerials.list.late'),
      status: true,
      cell: (s) => (
        <StatusLine tone={s.em_atraso > 0 ? 'danger' : 'ok'} size="sm">
          {s.em_atraso > 0 ? t('staffSerials.list.lateCount', { count: s.em_atraso }) : t('staffSerials.list.upToDate')}
        </StatusLine>
      ),
    },
    {
      header: t('staffSerials.list.actions'),
      cell: (s) => {
        const at = { acervo: s.cod_acervo, biblioteca: s.cod_biblioteca };
        return (
          <Button
            size="compact-sm"
            variant="default"
            ref={(element) => {
              if (element) openers.current.set(keyOf(at), element);
              else openers.current.delete(keyOf(at));
            }}
            aria-label={t('staffSerials.list.openOne', { title: s.titulo, library: s.biblioteca })}
            onClick={() => onOpen(at)}
          >
            {t('staffSerials.list.open')}
          </Button>
        );
      },
    },
  ];
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} ref={headingRef} tabIndex={-1} mb="xs">
        {t('staffSerials.list.heading')}
      </Title>
      <ListSection
        query={subscriptions}
        errorText={t('staffSerials.list.fetchError')}
        emptyText={t('staffSerials.list.none')}
        caption={t('staffSerials.list.caption')}
        columns={columns}
        rowKey={(s) => keyOf({ acervo: s.cod_acervo, biblioteca: s.cod_biblioteca })}
        minWidth={900}
      />
    </section>
  );
}
