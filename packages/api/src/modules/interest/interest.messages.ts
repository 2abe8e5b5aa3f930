import { defineMessages } from '../../lib/i18n.js';
import { errors as common } from '../../lib/messages.js';

/** The interest profile's texts in pt, en and es: its errors, the kinds of entry, the alert digest. */
export const messages = defineMessages('interest', {
  EntradaPerfilNaoEncontrada: {
    pt: 'Item {id} não encontrado no seu perfil de interesse.',
    en: 'Item {id} is not in your interest profile.',
    es: 'Ítem {id} no encontrado en su perfil de interés.',
  },
  AlertaNaoEncontrado: {
    pt: 'Alerta {id} não encontrado.',
    en: 'Alert {id} not found.',
    es: 'Alerta {id} no encontrada.',
  },
  ValidadeVencida: {
    pt: 'A validade não pode ser anterior a hoje.',
    en: 'The validity cannot be earlier than today.',
    es: 'La validez no puede ser anterior a hoy.',
  },
  ItensDesconhecidos: {
    pt: 'Itens inexistentes: {items}.',
    en: 'Unknown items: {items}.',
    es: 'Ítems inexistentes: {items}.',
  },
  LimitePerfil: {
    pt: 'O perfil de interesse aceita até {limit} itens.',
    en: 'The interest profile takes at most {limit} items.',
    es: 'El perfil de interés acepta hasta {limit} ítems.',
  },
  'kind.area': { pt: 'Área do conhecimento', en: 'Knowledge area', es: 'Área del conocimiento' },
  'kind.autor': { pt: 'Autor', en: 'Author', es: 'Autor' },
  'kind.assunto': { pt: 'Assunto', en: 'Subject', es: 'Materia' },
  'digest.subject_one': {
    pt: 'Perfil de interesse: 1 título novo',
    en: 'Interest profile: 1 new title',
    es: 'Perfil de interés: 1 título nuevo',
  },
  'digest.subject_other': {
    pt: 'Perfil de interesse: {count} títulos novos',
    en: 'Interest profile: {count} new titles',
    es: 'Perfil de interés: {count} títulos nuevos',
  },
  'digest.intro': {
    pt: 'Olá, {name}.\n\nChegaram à biblioteca títulos do seu perfil de interesse:',
    en: 'Hello, {name}.\n\nNew titles matching your interest profile have arrived at the library:',
    es: 'Hola, {name}.\n\nLlegaron a la biblioteca títulos de su perfil de interés:',
  },
  'digest.line': {
    pt: '- {title} ({reason})',
    en: '- {title} ({reason})',
    es: '- {title} ({reason})',
  },
  'digest.fasciculo': {
    pt: '- {title}: chegou o fascículo {detail}',
    en: '- {title}: issue {detail} has arrived',
    es: '- {title}: llegó el fascículo {detail}',
  },
  'digest.artigo': {
    pt: '- {title}: artigo novo, {detail}',
    en: '- {title}: new article, {detail}',
    es: '- {title}: artículo nuevo, {detail}',
  },
  'digest.sumario': {
    pt: '- {title}: sumário do fascículo {detail}',
    en: '- {title}: contents of issue {detail}',
    es: '- {title}: sumario del fascículo {detail}',
  },
  'digest.close': {
    pt: 'Veja-os em Meu Pergamum, Alertas. Você pode mudar a frequência destes e-mails no seu perfil de interesse.',
    en: 'See them in Meu Pergamum, Alerts. You can change how often these e-mails come in your interest profile.',
    es: 'Véalos en Meu Pergamum, Alertas. Puede cambiar la frecuencia de estos correos en su perfil de interés.',
  },
});

/** The errors the interest profile throws: the common ones and its own. */
export const errors = {
  ...common,
  entryNotFound: (id: number) => messages.error(404, 'EntradaPerfilNaoEncontrada', { id }),
  alertNotFound: (id: number) => messages.error(404, 'AlertaNaoEncontrado', { id }),
  validityPast: () => messages.error(422, 'ValidadeVencida'),
  unknownItems: (items: string) => messages.error(422, 'ItensDesconhecidos', { items }),
  profileFull: (limit: number) => messages.error(422, 'LimitePerfil', { limit }),
};
