import { jsonForScript } from '@estante/contracts/opensearch';

/**
 * Structured data for search engines (decision 0027): a `<script type="application/ld+json">`
 * data block, never run, its JSON escaped so that no text in it can close the element.
 */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(data) }} />;
}
