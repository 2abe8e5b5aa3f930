import { defineMessages } from '../../lib/i18n.js';
import { errors as common } from '../../lib/messages.js';

/** The basket module's texts in pt, en and es: its error messages. */
export const messages = defineMessages('basket', {
  ForaCestaPermanente: {
    pt: 'O título {id} não está na sua cesta permanente.',
    en: 'Title {id} is not in your permanent basket.',
    es: 'El título {id} no está en su cesta permanente.',
  },
  // The basket sent by e-mail.
  'mail.subject': {
    pt: 'Referências da sua cesta',
    en: 'References from your basket',
    es: 'Referencias de su cesta',
  },
  'mail.intro_one': {
    pt: 'Segue a referência da cesta, em ABNT (NBR 6023:2018). O arquivo anexo tem o mesmo título no formato escolhido.',
    en: 'Here is the reference from the basket, in ABNT (NBR 6023:2018). The attached file has the same title in the chosen format.',
    es: 'Sigue la referencia de la cesta, en ABNT (NBR 6023:2018). El archivo adjunto tiene el mismo título en el formato elegido.',
  },
  'mail.intro_other': {
    pt: 'Seguem as {count} referências da cesta, em ABNT (NBR 6023:2018). O arquivo anexo tem os mesmos títulos no formato escolhido.',
    en: 'Here are the {count} references from the basket, in ABNT (NBR 6023:2018). The attached file has the same titles in the chosen format.',
    es: 'Siguen las {count} referencias de la cesta, en ABNT (NBR 6023:2018). El archivo adjunto tiene los mismos títulos en el formato elegido.',
  },
  // The exported files' names (before the extension), in the reader's language.
  'file.basket': { pt: 'cesta', en: 'basket', es: 'cesta' },
  'file.references': { pt: 'referencias', en: 'references', es: 'referencias' },
});

/** The errors the basket module throws: the common ones and its own. */
export const errors = {
  ...common,
  notInPermanent: (id: number) => messages.error(404, 'ForaCestaPermanente', { id }),
};
