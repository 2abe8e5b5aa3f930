import { Box, Button, Group, NativeSelect, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COLOUR_SCHEMES, type ColourScheme, usePageSettings, ZOOM_STEPS } from '../../stores/page-settings';
import { SHORTCUTS } from './accessibility';
import { librasAvailable } from './libras';

/**
 * The accessibility bar (spec §1, §2): zoom in steps of 20 up to 100, colour schemes, bold
 * text, the sign-language widget, and the keyboard shortcuts. Every change is saved in the page
 * settings and applied at once.
 */
export function AccessibilityBar() {
  const { t } = useTranslation();
  const settings = usePageSettings((s) => s.acessibilidade);
  const set = usePageSettings((s) => s.setAccessibility);
  const reset = usePageSettings((s) => s.resetAccessibility);
  const step = ZOOM_STEPS.indexOf(settings.zoom);
  // On a phone the options fold behind one button, so the page starts near the top.
  const [unfolded, setUnfolded] = useState(false);
  const [shortcuts, setShortcuts] = useState(false);
  return (
    <Box component="section" aria-label={t('a11y.bar')} className="accessibility-bar" px="md" py={4}>
      <Group hiddenFrom="sm" justify="flex-end">
        <Button size="compact-sm" variant="default" aria-expanded={unfolded} aria-controls="accessibility-options" onClick={() => setUnfolded(!unfolded)}>
          {t('a11y.options')}
        </Button>
      </Group>
      <Group gap="xs" wrap="wrap" justify="flex-end" align="center" id="accessibility-options" className="accessibility-options" data-unfolded={unfolded}>
        <Group gap={4} role="group" aria-label={t('a11y.zoom')}>
          <Button size="compact-sm" variant="default" onClick={() => set({ zoom: ZOOM_STEPS[step - 1] })} disabled={step <= 0} aria-label={t('a11y.zoomOut')}>
            A−
          </Button>
          {/* The size as a person reads it (issue 55): "normal", then the text's size against it,
              120 % … 200 % — not the setting's own 0 … 100, where "0 %" read as no text at all. */}
          <Text size="sm" component="span" aria-live="polite" className="accessibility-bar-zoom">
            {settings.zoom === 0 ? t('a11y.zoomNormal') : t('a11y.zoomValue', { value: 100 + settings.zoom })}
          </Text>
          <Button
            size="compact-sm"
            variant="default"
            onClick={() => set({ zoom: ZOOM_STEPS[step + 1] })}
            disabled={step >= ZOOM_STEPS.length - 1}
            aria-label={t('a11y.zoomIn')}
          >
            A+
          </Button>
        </Group>
        <NativeSelect
          size="xs"
          label={t('a11y.colours')}
          className="accessibility-bar-inline"
          value={settings.cor}
          onChange={(e) => set({ cor: e.currentTarget.value as ColourScheme })}
          data={COLOUR_SCHEMES.map((value) => ({ value, label: t(`a11y.schemes.${value || 'normal'}`) }))}
        />
        <Button
          size="compact-sm"
          variant={settings.negrito ? 'filled' : 'default'}
          aria-pressed={settings.negrito}
          onClick={() => set({ negrito: !settings.negrito })}
        >
          {t('a11y.bold')}
        </Button>
        {librasAvailable && (
          <Button
            size="compact-sm"
            variant={settings.libras ? 'filled' : 'default'}
            aria-pressed={settings.libras}
            onClick={() => set({ libras: !settings.libras })}
          >
            {t('a11y.libras')}
          </Button>
        )}
        <Button size="compact-sm" variant="default" onClick={reset}>
          {t('a11y.reset')}
        </Button>
        <Button size="compact-sm" variant="default" aria-expanded={shortcuts} aria-controls="keyboard-shortcuts" onClick={() => setShortcuts(!shortcuts)}>
          {t('a11y.shortcuts')}
        </Button>
      </Group>
      {/* A disclosure under the bar rather than a floating popover: the floating layer (~10 KB)
          stays out of every page's first download. */}
      {shortcuts && (
        <Box component="dl" id="keyboard-shortcuts" m={0} mt={4} className="keyboard-shortcuts">
          {SHORTCUTS.map((s) => (
            <Group key={s.key} gap="xs" wrap="nowrap" justify="flex-end">
              <Text component="dt" fw={700} size="sm">
                <kbd>Alt</kbd>+<kbd>{s.key}</kbd>
              </Text>
              <Text component="dd" size="sm" m={0}>
                {t(s.label)}
              </Text>
            </Group>
          ))}
        </Box>
      )}
    </Box>
  );
}
