import { defineMessages } from '../../lib/i18n.js';

/** The site files' texts in pt, en and es (decision 0052). */
export const messages = defineMessages('site', {
  SitemapParteInexistente: {
    pt: 'O mapa do site não tem a parte {part}: ele tem {parts}.',
    en: 'The sitemap has no part {part}: it has {parts}.',
    es: 'El mapa del sitio no tiene la parte {part}: tiene {parts}.',
  },
  UnapiIdDesconhecido: {
    pt: 'Nenhum título tem o identificador unAPI {id}.',
    en: 'No title has the unAPI identifier {id}.',
    es: 'Ningún título tiene el identificador unAPI {id}.',
  },
  UnapiFormatoDesconhecido: {
    pt: 'Formato unAPI desconhecido: {format}. Formatos: {formats}.',
    en: 'Unknown unAPI format: {format}. Formats: {formats}.',
    es: 'Formato unAPI desconocido: {format}. Formatos: {formats}.',
  },
});

export const errors = {
  sitemapPartNotFound: (part: number, parts: number) => messages.error(404, 'SitemapParteInexistente', { part, parts }),
  unapiUnknownId: (id: string) => messages.error(404, 'UnapiIdDesconhecido', { id }),
  unapiUnknownFormat: (format: string, formats: string) => messages.error(406, 'UnapiFormatoDesconhecido', { format, formats }),
};
