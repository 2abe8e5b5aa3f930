import { defineMessages } from '../../lib/i18n.js';

/** The OpenSearch description's texts in pt, en and es (decision 0027). */
export const messages = defineMessages('opensearch', {
  description: {
    pt: 'Pesquise no catálogo da biblioteca: {institution}.',
    en: 'Search the library catalogue of {institution}.',
    es: 'Busque en el catálogo de la biblioteca: {institution}.',
  },
  longName: {
    pt: 'Catálogo — {institution}',
    en: 'Catalogue — {institution}',
    es: 'Catálogo — {institution}',
  },
});
