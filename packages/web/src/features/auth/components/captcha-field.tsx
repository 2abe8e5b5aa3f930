import { authEndpoints } from '@estante/contracts/auth';
import { Checkbox, Text } from '@mantine/core';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client';
import { readRuntimeConfig } from '../../../api/config';

const { recaptchaSiteKey } = readRuntimeConfig();

/**
 * The captcha of the sign-in and recovery forms (activity 1120, spec §5): "I am not a robot".
 * By default a self-hosted ALTCHA proof of work — ticking the box makes the browser solve the
 * server's challenge, no third party involved; Google reCAPTCHA when the server is configured
 * for it. `onChange` gets the token for `recaptcha_token`. The server accepts a solution once,
 * so after each attempt the form mounts a fresh field (a new `key`) and forgets the token.
 */
export function CaptchaField({ onChange }: { onChange: (token: string | null) => void }) {
  return recaptchaSiteKey ? <Recaptcha siteKey={recaptchaSiteKey} onChange={onChange} /> : <Altcha onChange={onChange} />;
}

type State = 'idle' | 'verifying' | 'verified' | 'failed';

function Altcha({ onChange }: { onChange: (token: string | null) => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>('idle');
  const statusId = useId();
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const verify = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setState('verifying');
    try {
      const challenge = await api(authEndpoints.captchaChallenge, {}, controller.signal);
      const solution = await solveChallenge({ challenge, deriveKey, controller });
      if (controller.signal.aborted) return;
      if (!solution) throw new Error('no solution');
      onChange(btoa(JSON.stringify({ challenge, solution })));
      setState('verified');
    } catch {
      if (controller.signal.aborted) return;
      onChange(null);
      setState('failed');
    }
  };

  return (
    <div>
      <Checkbox
        label={t('captcha.label')}
        checked={state === 'verifying' || state === 'verified'}
        disabled={state === 'verifying' || state === 'verified'}
        onChange={(event) => {
          if (event.currentTarget.checked) void verify();
        }}
        aria-describedby={statusId}
      />
      <Text id={statusId} size="sm" c={state === 'failed' ? 'red.9' : 'gray.7'} role="status" mt={4}>
        {state === 'verifying'
          ? t('captcha.verifying')
          : state === 'verified'
            ? t('captcha.verified')
            : state === 'failed'
              ? t('captcha.failed')
              : t('captcha.hint')}
      </Text>
    </div>
  );
}

interface Grecaptcha {
  render(element: HTMLElement, options: { sitekey: string; hl?: string; callback: (token: string) => void; 'expired-callback': () => void }): number;
}
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    estanteRecaptchaLoaded?: () => void;
  }
}

let recaptchaScript: Promise<Grecaptcha> | null = null;
function loadRecaptcha(language: string): Promise<Grecaptcha> {
  recaptchaScript ??= new Promise((resolve, reject) => {
    window.estanteRecaptchaLoaded = () => (window.grecaptcha ? resolve(window.grecaptcha) : reject(new Error('reCAPTCHA missing')));
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?onload=estanteRecaptchaLoaded&render=explicit&hl=${encodeURIComponent(language)}`;
    script.async = true;
    script.onerror = () => reject(new Error('reCAPTCHA could not load'));
    document.head.append(script);
  });
  return recaptchaScript;
}

function Recaptcha({ siteKey, onChange }: { siteKey: string; onChange: (token: string | null) => void }) {
  const { t, i18n } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: Grecaptcha; id: number } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    loadRecaptcha(i18n.language)
      .then((api) => {
        if (!live || !box.current || widget.current) return;
        const id = api.render(box.current, {
          sitekey: siteKey,
          hl: i18n.language,
          callback: (token) => onChange(token),
          'expired-callback': () => onChange(null),
        });
        widget.current = { api, id };
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [siteKey]);

  return (
    <div>
      <div ref={box} />
      {failed && (
        <Text size="sm" c="red.9" role="status">
          {t('captcha.failed')}
        </Text>
      )}
    </div>
  );
}
