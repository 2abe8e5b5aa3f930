import { REFERENCE_STYLES, type ReferenceStyle } from '@estante/contracts/catalog';
import { Button, Group, Paper, SegmentedControl, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyRich } from '../../../ui/clipboard';
import { SafeHtml } from '../../../ui/safe-html';
import { useReferencia } from '../api/get-referencia';

/** Tab 33: the reference in ABNT NBR 6023:2018 (default), APA or Vancouver, with a copy button. */
export function ReferenceTab({ id }: { id: number }) {
  const { t } = useTranslation();
  const [style, setStyle] = useState<ReferenceStyle>('abnt');
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const reference = useReferencia(id, style);
  return (
    <>
      <Group mb="sm" gap="md">
        <SegmentedControl
          aria-label={t('reference.style')}
          value={style}
          onChange={(value) => {
            setStyle(value as ReferenceStyle);
            setCopied(null);
          }}
          data={REFERENCE_STYLES.map((s) => ({ value: s, label: t(`reference.styles.${s}`) }))}
        />
      </Group>
      <Paper withBorder p="md" mb="sm" aria-busy={reference.isPending}>
        {reference.data ? (
          <Text data-testid="reference">
            <SafeHtml html={reference.data.html} />
          </Text>
        ) : reference.isError ? (
          <Text c="red.8">{t('errors.loadFailed')}</Text>
        ) : (
          <Text c="gray.7">{t('common.loading')}</Text>
        )}
      </Paper>
      <Group gap="sm">
        <Button
          variant="light"
          disabled={!reference.data}
          onClick={() => {
            if (!reference.data) return;
            copyRich(reference.data.texto, reference.data.html).then(
              () => setCopied('yes'),
              () => setCopied('failed'),
            );
          }}
        >
          {t('reference.copy')}
        </Button>
        <Text size="sm" role="status" aria-live="polite">
          {copied === 'yes' ? t('reference.copied') : copied === 'failed' ? t('reference.copyFailed') : ''}
        </Text>
      </Group>
    </>
  );
}
