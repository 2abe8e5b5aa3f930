import { Box, Button, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useShortDate } from '../../../ui/dates';
import { DescriptionRow } from '../../../ui/description-row';
import { type Slip, useSlipPrinter } from './print-slip';

/** A copy taken back that must travel: which, from the desk's library (null: not chosen), to where, and when (ISO). */
export interface Transit {
  tombo: string;
  titulo: string;
  from: string | null;
  to: string;
  at: string;
}

/** The transit slip's words, the same on the screen and on paper. */
function useTransitSlip(): (transit: Transit) => Slip {
  const { t, i18n } = useTranslation();
  const day = useShortDate();
  return (transit) => ({
    lang: i18n.language,
    title: t('staffDesk.transitSlip.heading'),
    fields: [
      { label: t('staffDesk.transitSlip.title'), value: transit.titulo },
      { label: t('staffDesk.transitSlip.copy'), value: transit.tombo },
      { label: t('staffDesk.transitSlip.from'), value: transit.from ?? t('staffDesk.library.none') },
      { label: t('staffDesk.transitSlip.to'), value: transit.to },
      { label: t('staffDesk.transitSlip.date'), value: day(transit.at) },
    ],
  });
}

/**
 * "Guia de trânsito": the slip that goes with a copy to its library, shown after the check-in that
 * sends it, and "Imprimir guia", which prints the slip alone. `onPrinted` gives the focus back to the desk.
 */
export function TransitSlip({ transit, onPrinted }: { transit: Transit; onPrinted: () => void }) {
  const { t } = useTranslation();
  const slipOf = useTransitSlip();
  const print = useSlipPrinter();
  const slip = slipOf(transit);
  return (
    <Paper component="section" withBorder p="sm" maw="40rem" aria-labelledby="desk-transit">
      <Stack gap="xs">
        <Title order={2} size="h4" id="desk-transit">
          {slip.title}
        </Title>
        <Box component="dl" m={0}>
          {slip.fields.map((field) => (
            <DescriptionRow key={field.label} label={field.label}>
              {field.value}
            </DescriptionRow>
          ))}
        </Box>
        <Button
          variant="default"
          w="fit-content"
          onClick={() => {
            print(slip);
            onPrinted();
          }}
        >
          {t('staffDesk.transitSlip.print')}
        </Button>
      </Stack>
    </Paper>
  );
}
