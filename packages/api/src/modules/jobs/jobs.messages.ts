import { defineMessages } from '../../lib/i18n.js';
import { errors as common } from '../../lib/messages.js';

/** The jobs module's texts in pt, en and es. */
export const messages = defineMessages('jobs', {
  TarefaDesconhecida: {
    pt: 'Não há tarefa {nome}.',
    en: 'There is no job {nome}.',
    es: 'No existe la tarea {nome}.',
  },
  AgendadorParado: {
    pt: 'As tarefas não estão rodando neste servidor agora; tente em instantes.',
    en: 'Jobs are not running on this server right now; try again in a moment.',
    es: 'Las tareas no se están ejecutando en este servidor ahora; inténtelo en un momento.',
  },
  MensagemNaoEncontrada: {
    pt: 'Não há mensagem {id} no registro de e-mails.',
    en: 'There is no message {id} in the mail log.',
    es: 'No existe el mensaje {id} en el registro de correos.',
  },
  MensagemConfidencial: {
    pt: 'Esta mensagem levava um código secreto e não é reenviada: peça ao leitor que repita o pedido.',
    en: 'This message carried a secret code and is not resent: ask the patron to ask again.',
    es: 'Este mensaje llevaba un código secreto y no se reenvía: pida al lector que repita la solicitud.',
  },
  MensagemComAnexos: {
    pt: 'Esta mensagem levava anexos, que não são guardados: gere o documento de novo.',
    en: 'This message carried attachments, which are not kept: produce the document again.',
    es: 'Este mensaje llevaba adjuntos, que no se guardan: genere el documento de nuevo.',
  },
});

export const errors = {
  ...common,
  jobUnknown: (nome: string) => messages.error(404, 'TarefaDesconhecida', { nome }),
  schedulerStopped: () => messages.error(409, 'AgendadorParado'),
  messageNotFound: (id: number) => messages.error(404, 'MensagemNaoEncontrada', { id }),
  messageConfidential: () => messages.error(422, 'MensagemConfidencial'),
  messageWithAttachments: () => messages.error(422, 'MensagemComAnexos'),
};
