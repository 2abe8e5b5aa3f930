import { defineMessages } from '../../lib/i18n.js';
import { errors as common } from '../../lib/messages.js';

/** The export module's texts in pt, en and es. */
export const messages = defineMessages('export', {
  MapaExemplaresInvalido: {
    pt: 'O mapa de exemplares não pode ser usado: {motivo}',
    en: 'The holdings map cannot be used: {motivo}',
    es: 'El mapa de ejemplares no se puede usar: {motivo}',
  },
});

export const errors = {
  ...common,
  badMap: (motivo: string) => messages.error(422, 'MapaExemplaresInvalido', { motivo }),
};
