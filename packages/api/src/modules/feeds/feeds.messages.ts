import { defineMessages } from '../../lib/i18n.js';
import { errors as common } from '../../lib/messages.js';

/** The feeds' texts in pt, en and es: their titles and entries, and their errors. */
export const messages = defineMessages('feeds', {
  FeedNaoEncontrado: {
    pt: 'Endereço de feed inexistente ou revogado.',
    en: 'This feed address does not exist or was revoked.',
    es: 'Dirección de feed inexistente o revocada.',
  },
  'alerts.title': {
    pt: '{institution} — seus alertas do perfil de interesse',
    en: '{institution} — your interest profile alerts',
    es: '{institution} — sus alertas del perfil de interés',
  },
  'alerts.entry': {
    pt: 'Título novo do seu perfil de interesse ({reason}).',
    en: 'A new title matching your interest profile ({reason}).',
    es: 'Título nuevo de su perfil de interés ({reason}).',
  },
  'dueDates.title': {
    pt: '{institution} — devoluções',
    en: '{institution} — due dates',
    es: '{institution} — devoluciones',
  },
  'dueDates.summary': {
    pt: 'Devolver: {title}',
    en: 'Return: {title}',
    es: 'Devolver: {title}',
  },
  'dueDates.description': {
    pt: 'Exemplar {copy}, {library}. Renove em Meu Pergamum, Empréstimos, antes desta data.',
    en: 'Copy {copy}, {library}. Renew it in Meu Pergamum, Loans, before this date.',
    es: 'Ejemplar {copy}, {library}. Renuévelo en Meu Pergamum, Préstamos, antes de esta fecha.',
  },
  'search.title': {
    pt: '{institution} — títulos novos: {search}',
    en: '{institution} — new titles: {search}',
    es: '{institution} — títulos nuevos: {search}',
  },
  'search.any': { pt: 'pesquisa', en: 'search', es: 'búsqueda' },
});

/** The errors the feeds throw: the common ones and their own. */
export const errors = {
  ...common,
  feedNotFound: () => messages.error(404, 'FeedNaoEncontrado'),
};
