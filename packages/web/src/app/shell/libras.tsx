import { useEffect } from 'react';
import { readRuntimeConfig } from '../../api/config';

declare global {
  interface Window {
    VLibras?: { Widget: new (rootPath: string) => unknown };
  }
}

const { librasWidgetUrl } = readRuntimeConfig();

/** Whether a Libras widget is configured (LIBRAS_WIDGET_URL; VLibras by default). */
export const librasAvailable = librasWidgetUrl !== null;

let loading: Promise<void> | null = null;

function loadScript(url: string): Promise<void> {
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error(`could not load ${url}`));
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * The sign-language widget (spec §1 "sign-language flag"): VLibras' markup, then its script,
 * started with the folder it was loaded from. Rendered only while the patron has Libras on.
 */
export function LibrasWidget() {
  useEffect(() => {
    if (!librasWidgetUrl) return;
    let cancelled = false;
    loadScript(librasWidgetUrl)
      .then(() => {
        if (!cancelled && window.VLibras) new window.VLibras.Widget(new URL('.', librasWidgetUrl).href.replace(/\/$/, ''));
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, []);
  if (!librasWidgetUrl) return null;
  return (
    <div {...{ vw: '' }} className="enabled" data-testid="libras-widget">
      <div {...{ 'vw-access-button': '' }} className="active" />
      <div {...{ 'vw-plugin-wrapper': '' }}>
        <div className="vw-plugin-top-wrapper" />
      </div>
    </div>
  );
}
