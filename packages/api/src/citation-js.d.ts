/** Type declarations for the parts of citation.js we use (the 0.8 packages ship none). */
declare module '@citation-js/core' {
  export class Cite {
    constructor(data: unknown);
    format(kind: 'bibliography' | 'citation' | 'data' | 'ris' | 'bibtex', options?: Record<string, unknown>): string;
  }
  export const plugins: { config: { get(name: string): unknown } };
}
declare module '@citation-js/plugin-csl';
declare module '@citation-js/plugin-ris';
declare module '@citation-js/plugin-bibtex';
