import type { Parceiro } from '@estante/contracts/network';
import { Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusLine, type Tone } from '../../../ui/status-line';
import { dateFormat } from '../../../ui/dates';

type Coleta = NonNullable<Parceiro['coleta']>;

/** The finished harvests' outcomes, with their tone. */
const OUTCOME_TONE: Record<Exclude<Coleta['situacao'], 'coletando'>, Tone> = {
  completa: 'ok',
  pausada: 'warning',
  falhou: 'danger',
  interrompida: 'warning',
};

/** Numbers and moments in the interface's language: a count ("1.234"), a date and time, and a harvest's counts as a sentence joins them. */
export function useNetworkWords() {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const when = dateFormat(i18n.language, 'short');
  const list = new Intl.ListFormat(i18n.language, { style: 'long', type: 'conjunction' });
  return {
    count: (n: number) => number.format(n),
    when: (iso: string) => when.format(new Date(iso)),
    /** "100 novos e 20 atualizados" (deleted and skipped when there are any). */
    counts: (c: Coleta) =>
      list.format([
        t('staffNetwork.counts.novos', { count: c.novos, n: number.format(c.novos) }),
        t('staffNetwork.counts.atualizados', { count: c.atualizados, n: number.format(c.atualizados) }),
        ...(c.apagados > 0 ? [t('staffNetwork.counts.apagados', { count: c.apagados, n: number.format(c.apagados) })] : []),
        ...(c.ignorados > 0 ? [t('staffNetwork.counts.ignorados', { count: c.ignorados, n: number.format(c.ignorados) })] : []),
      ]),
  };
}

/**
 * A partner's harvest as the table shows it: asked for and about to begin; running, page by page,
 * with a progress bar when the partner said its list's size; or how the last one ended (complete,
 * paused, failed with its error, interrupted) and what it read; or none yet.
 */
export function HarvestState({ partner, asked }: { partner: Parceiro; asked: boolean }) {
  const { t } = useTranslation();
  const words = useNetworkWords();
  const lineId = useId();
  const c = partner.coleta;
  if (asked) {
    return (
      <StatusLine tone="neutral" size="sm">
        {t('staffNetwork.harvest.asked')}
      </StatusLine>
    );
  }
  if (!c) return <Text size="sm">{t('staffNetwork.harvest.never')}</Text>;
  if (c.situacao === 'coletando') {
    const page = words.count(c.paginas);
    const read = words.count(c.recebidos);
    const line =
      c.total === null
        ? t('staffNetwork.harvest.progress', { count: c.recebidos, page, read, counts: words.counts(c) })
        : t('staffNetwork.harvest.progressOf', { count: c.total, page, read, total: words.count(c.total), counts: words.counts(c) });
    return (
      <Stack gap={4}>
        <StatusLine tone="neutral" size="sm">
          {t('staffNetwork.harvest.running', { when: words.when(c.inicio) })}
        </StatusLine>
        <Text size="sm" id={lineId}>
          {line}
        </Text>
        {c.total !== null && (
          <progress
            value={Math.min(c.recebidos, c.total)}
            max={Math.max(c.total, 1)}
            aria-label={t('staffNetwork.harvest.progressLabel', { name: partner.nome })}
            aria-describedby={lineId}
            style={{ width: '100%' }}
          />
        )}
      </Stack>
    );
  }
  return (
    <Stack gap={4}>
      <StatusLine tone={OUTCOME_TONE[c.situacao]} size="sm">
        {t(`staffNetwork.harvest.${c.situacao}`, { when: words.when(c.atualizada), error: c.erro ?? t('staffNetwork.harvest.noReason') })}
      </StatusLine>
      <Text size="sm">{t('staffNetwork.harvest.summary', { count: c.recebidos, read: words.count(c.recebidos), counts: words.counts(c) })}</Text>
    </Stack>
  );
}
