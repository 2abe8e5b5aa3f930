import { isSitePath } from '@estante/contracts/kernel';
import { Alert, Anchor, Box, Group, Loader, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { messageOf, signOut } from '../../api/client';
import { finishSignIn } from '../../features/auth/api/sign-in';
import { externalResource, type HandOverRequest } from '../../features/links/api/hand-over';
import { tradeRedirectCode } from '../../features/links/api/redirect-code';
import { HandOverView } from '../../features/links/components/hand-over-view';
import { useInstitutionText } from '../../features/parameters/api/get-instituicao';
import { ACTIVITY, usePermissions } from '../../features/parameters/use-permissions';
import { forgetHandOver, readHandOver } from '../../stores/handover';
import { useHasSession } from '../../stores/session';
import { PageTitle } from '../../ui/page-title';
import { SafeHtml } from '../../ui/safe-html';
import { paths } from '../paths';
import { SignInModalButton } from '../shell/sign-in-modal-button';
import { SignInPanel } from '../shell/sign-in-panel';
import { AccountRoute } from './account';
import { useSiteName } from './use-site-name';

const NUMBER = /^\d{1,9}$/;

/**
 * What `/pearson` was opened for (decision 0023): `h`, a restricted link kept in local storage
 * by the title page; `target`, a technical standard; `recurso` (and `base`), an external resource
 * of spec §9 at one of the patron's databases; nothing, Pearson's own library (§9 `pearson`).
 * Null when the address asks for something unknown.
 */
function providerRequest(params: URLSearchParams): HandOverRequest | null {
  const kept = params.get('h');
  if (kept !== null) {
    const link = readHandOver(kept);
    return link ? { kind: 'restrito', ...link } : null;
  }
  const target = params.get('target');
  if (target !== null) return NUMBER.test(target) ? { kind: 'target', id: Number(target) } : null;
  const asked = params.get('recurso');
  if (asked === null) return { kind: 'recurso', recurso: 'pearson' };
  const recurso = externalResource(asked);
  const base = params.get('base');
  if (!recurso || (base !== null && !NUMBER.test(base))) return null;
  return { kind: 'recurso', recurso, ...(base === null ? {} : { base: Number(base) }) };
}

/**
 * The hand-over screens' frame: the title, the sign-in when needed (the modal login, spec §2),
 * the library's support contact with a refusal, and spec §6 activity 107 — without it, a sign-in
 * made here only to follow the link does not stay once the address is known.
 */
function HandOverScreen({ titleKey, request, onUsed }: { titleKey: string; request: HandOverRequest | null; onUsed?: () => void }) {
  const { t } = useTranslation();
  const site = useSiteName();
  const location = useLocation();
  const signedIn = useHasSession();
  const permissions = usePermissions();
  const support = useInstitutionText('msg_suporte_consulta');
  const arrivedSignedIn = useRef(signedIn);
  const keepsSession = permissions.hasAll(ACTIVITY.modalLoginKeepsSession);
  const onAddress = useCallback(async () => {
    onUsed?.();
    if (!arrivedSignedIn.current && !keepsSession) await signOut();
  }, [onUsed, keepsSession]);
  return (
    <>
      <PageTitle site={site}>{t(titleKey)}</PageTitle>
      <HandOverView
        request={request}
        signedIn={signedIn}
        signIn={<SignInModalButton redirect={`${location.pathname}${location.search}`} />}
        support={support ? <SafeHtml html={support} rich /> : null}
        onAddress={onAddress}
      />
    </>
  );
}

/** `/pearson` (spec §2): a provider's e-book, database, standard or library, opened in a new tab and handed over there. */
export function ProviderRoute() {
  const [params] = useSearchParams();
  const request = useMemo(() => providerRequest(params), [params]);
  const kept = params.get('h');
  const onUsed = useCallback(() => {
    if (kept !== null) forgetHandOver(kept);
  }, [kept]);
  return <HandOverScreen titleKey="screens.handOver" request={request} onUsed={onUsed} />;
}

/** `/grupoa?sessionid=…` (spec §2, §7 `POST /vinculos/grupoa`): Grupo A asks who is signing in to its session. */
export function GrupoaRoute() {
  const [params] = useSearchParams();
  const sessionid = params.get('sessionid');
  const request = useMemo<HandOverRequest | null>(
    () => (sessionid && /^[A-Za-z0-9._~-]{8,200}$/.test(sessionid) ? { kind: 'grupoa', sessionid } : null),
    [sessionid],
  );
  return <HandOverScreen titleKey="screens.grupoa" request={request} />;
}

/** Only paths of this site are followed after a redirect. */
const safePath = (value: string) => (isSitePath(value) ? value : paths.home);

/**
 * `/pergamum_redireciona?token=…` (spec §2): a one-time code (`GET /pessoas/token-redireciona`,
 * or the mobile app's `GET /pessoas/autenticar/app-layers`) is traded once for a session in this
 * browser tab, which then goes where the code says (Meu Pergamum, or its app variant).
 */
export function RedirectRoute() {
  const { t } = useTranslation();
  const site = useSiteName();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    tradeRedirectCode(token)
      .then(async (answer) => {
        await finishSignIn(answer, false);
        navigate(safePath(answer.destino), { replace: true });
      })
      .catch((failure: unknown) => setError(messageOf(failure, t('redirect.failed'))));
  }, [token, navigate, t]);
  return (
    <>
      <PageTitle site={site}>{t('screens.redirect')}</PageTitle>
      {error || !token ? (
        <Stack gap="sm" align="flex-start">
          <Alert color="yellow" variant="light" role="alert">
            {error ?? t('redirect.missing')}
          </Alert>
          <Anchor component={Link} to={paths.login}>
            {t('redirect.signIn')}
          </Anchor>
        </Stack>
      ) : (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{t('login.signingIn')}</Text>
        </Group>
      )}
    </>
  );
}

/**
 * `/meupergamum/app/*` (spec §2): the account area for the mobile app's web view — no header,
 * footer or accessibility bar, the sign-in on the spot when there is no session (the app usually
 * arrives signed in, through /pergamum_redireciona).
 */
export function AccountAppRoute() {
  const { t } = useTranslation();
  const site = useSiteName();
  const location = useLocation();
  const signIn = (
    <>
      <PageTitle site={site}>{t('screens.accountApp')}</PageTitle>
      <Box maw={420}>
        <SignInPanel variant="embedded" redirect={location.pathname} onSignedIn={() => undefined} />
      </Box>
    </>
  );
  return (
    <>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <Box component="main" id="main" tabIndex={-1} p="md" className="meupergamum-app">
        <AccountRoute app signIn={signIn} />
      </Box>
    </>
  );
}
