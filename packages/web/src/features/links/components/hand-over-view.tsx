import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/client';
import { fetchHandOver, type HandOverAddress, type HandOverRequest } from '../api/hand-over';

type State = { step: 'idle' } | { step: 'busy' } | { step: 'failed'; message: string } | { step: 'leaving'; address: HandOverAddress };

/**
 * The provider hand-over (spec §2 `/pearson`, `/grupoa`; §8 "please wait while the link is
 * fetched"): once the patron is signed in, the address — with its one-time token — is asked for
 * while a notice asks to wait, then the tab goes there. A refusal (not configured, denied for the
 * category, §8) is said with the library's support contact; without a session, the sign-in comes
 * first (`signIn`, the app's modal login).
 */
export function HandOverView({
  request,
  signedIn,
  signIn,
  support,
  onAddress,
  leave = (url) => window.location.replace(url),
}: {
  request: HandOverRequest | null;
  signedIn: boolean;
  signIn: ReactNode;
  /** The library's support contact, shown with a refusal. */
  support: ReactNode;
  /** Runs once the address is known, before the tab leaves (forgetting the hand-over, the activity 107 logout). */
  onAddress?: (address: HandOverAddress) => Promise<void> | void;
  leave?: (url: string) => void;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ step: 'idle' });
  const started = useRef(false);
  const go = useCallback(async () => {
    if (!request) return;
    setState({ step: 'busy' });
    try {
      const address = await fetchHandOver(request);
      setState({ step: 'leaving', address });
      await onAddress?.(address);
      // The provider's page must not reach back into the catalogue's tab.
      window.opener = null;
      leave(address.url);
    } catch (error) {
      setState({ step: 'failed', message: messageOf(error, t('handOver.failed')) });
    }
  }, [request, onAddress, leave, t]);
  useEffect(() => {
    if (!signedIn || !request || started.current) return;
    started.current = true;
    void go();
  }, [signedIn, request, go]);

  if (!request) {
    return (
      <Alert color="yellow" variant="light" role="alert">
        {t('handOver.missing')}
      </Alert>
    );
  }
  if (state.step === 'leaving') {
    return (
      <Stack gap="xs" role="status">
        <Text>{t('handOver.leaving', { name: state.address.nome ?? t('handOver.provider') })}</Text>
        <Text size="sm">
          <Anchor href={state.address.url}>{t('handOver.followLink')}</Anchor>
        </Text>
      </Stack>
    );
  }
  if (state.step === 'failed') {
    return (
      <Stack gap="sm">
        <Alert color="yellow" variant="light" role="alert" title={t('handOver.refusedTitle')}>
          {state.message}
        </Alert>
        {support && (
          <Stack gap={4}>
            <Text fw={600}>{t('handOver.support')}</Text>
            {support}
          </Stack>
        )}
        <Group>
          <Button variant="outline" color="blue.9" onClick={() => void go()}>
            {t('handOver.retry')}
          </Button>
        </Group>
      </Stack>
    );
  }
  if (!signedIn) {
    return (
      <Stack gap="sm" align="flex-start">
        <Text>{t('handOver.signInFirst')}</Text>
        {signIn}
      </Stack>
    );
  }
  return (
    <Group gap="sm" role="status">
      <Loader size="sm" aria-hidden />
      <Text>{t('handOver.wait')}</Text>
    </Group>
  );
}
