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
  /** The API's path as the browser reaches it (PUBLIC_URL's path and API_BASE_PATH). */
  apiBase: string;
  /** Where the site is on its host (`/biblioteca` behind a proxy's prefix, '' at the root: decision 0062). */
  basePath: string;
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
  basePath: '',
  publicClient: { id: 'estante-web', secret: 'estante-public' },
  recaptchaSiteKey: null,
  librasWidgetUrl: null,
  sso: { oidc: false, saml: false },
};

/**
 * An address of this site for what bypasses the router (a plain link, a new tab, an absolute
 * URL): the site's path before the app's path (`/acervo/12` → `/biblioteca/acervo/12`).
 */
export function sitePath(path: string): string {
  return `${readRuntimeConfig().basePath}${path}`;
}

/** The app's path of an address of this site: the site's path taken off (the router's `basename`). */
export function appPath(pathname: string): string {
  const { basePath } = readRuntimeConfig();
  return basePath && (pathname === basePath || pathname.startsWith(`${basePath}/`)) ? pathname.slice(basePath.length) || '/' : pathname;
}

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
