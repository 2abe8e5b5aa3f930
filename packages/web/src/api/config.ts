import type { Atividade, GuiaPesquisa, Instituicao } from '@estante/contracts/parameters';

/** What the shell waits for, inlined into the page by the API so the first screen needs no call. */
export interface BootData {
  token: string;
  instituicao: Instituicao;
  funcionalidades: Atividade[];
  guias: GuiaPesquisa[];
}

/** What the server tells the app at run time (injected into index.html by the API). */
export interface RuntimeConfig {
  apiBase: string;
  publicClient: { id: string; secret: string };
  /** Google reCAPTCHA's site key when it replaces the self-hosted ALTCHA captcha. */
  recaptchaSiteKey: string | null;
  /** The Libras (sign-language) widget's script; null hides the Libras button. */
  librasWidgetUrl: string | null;
  /** The institutional sign-ins the server can do. */
  sso: { oidc: boolean; saml: boolean };
  /** Absent under `vite dev` and when the database could not answer: the shell then asks for it. */
  boot?: BootData;
}

const DEFAULTS: RuntimeConfig = {
  apiBase: '/svc',
  publicClient: { id: 'estante-web', secret: 'estante-public' },
  recaptchaSiteKey: null,
  librasWidgetUrl: null,
  sso: { oidc: false, saml: false },
};

/** Reads the injected config; under `vite dev` (nothing injected) the API's defaults apply. */
export function readRuntimeConfig(): RuntimeConfig {
  const element = document.getElementById('estante-config');
  if (!element?.textContent) return DEFAULTS;
  try {
    return { ...DEFAULTS, ...(JSON.parse(element.textContent) as Partial<RuntimeConfig>) };
  } catch {
    return DEFAULTS;
  }
}
