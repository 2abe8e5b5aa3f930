import { defineMessages } from '../../lib/i18n.js';
import { errors as common } from '../../lib/messages.js';

/** The network module's texts in pt, en and es. */
export const messages = defineMessages('network', {
  RegistroRedeNaoEncontrado: {
    pt: 'O registro {id} da rede não foi encontrado.',
    en: 'Network record {id} was not found.',
    es: 'El registro {id} de la red no fue encontrado.',
  },
});

export const errors = {
  ...common,
  recordNotFound: (id: number) => messages.error(404, 'RegistroRedeNaoEncontrado', { id }),
};
