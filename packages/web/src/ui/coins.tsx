import { type CitationSource, coinsContextObject } from '@estante/contracts/opensearch';
import { sitePath } from '../api/config';

/** An address made absolute against the page's own origin (a COinS `rft_id`, a JSON-LD `url`); an app path gets the site's path. */
export function absoluteUrl(href: string): string {
  return new URL(href.startsWith('/') && !href.startsWith('//') ? sitePath(href) : href, window.location.origin).href;
}

/**
 * A title's COinS (ContextObjects in Spans, decision 0027): an empty span of class Z3988 whose
 * `title` is the OpenURL ContextObject, for reference managers (Zotero's connector offers to save
 * it). It shows nothing and is hidden from assistive technology; placed out of the flow, it adds no
 * gap to the flex row or column it sits in.
 */
export function Coins({ source, href }: { source: CitationSource; href: string }) {
  return <span className="Z3988" title={coinsContextObject(source, absoluteUrl(href))} aria-hidden="true" style={{ position: 'absolute' }} />;
}
