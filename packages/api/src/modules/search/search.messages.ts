import { defineMessages } from '../../lib/i18n.js';
import { errors as common } from '../../lib/messages.js';

/** The search module's texts in pt, en and es: its error messages. */
export const messages = defineMessages('search', {
  PreenchaCampoPesquisa: {
    pt: 'Preencha o campo de pesquisa.',
    en: 'Please fill in the search field.',
    es: 'Complete el campo de búsqueda.',
  },
});

/** The errors the search module answers with, besides the common ones. */
export const errors = {
  ...common,
  searchTermRequired: () => messages.error(422, 'PreenchaCampoPesquisa'),
};
