import { defineMessages } from '../../lib/i18n.js';
import { errors as common } from '../../lib/messages.js';

/** The parameters module's texts in pt, en and es: its error messages. */
export const messages = defineMessages('parameters', {
  InstituicaoNaoConfigurada: {
    pt: 'A instituição ainda não foi configurada.',
    en: 'The institution has not been configured yet.',
    es: 'La institución aún no ha sido configurada.',
  },
  PalavraLoginObrigatoria: {
    pt: 'O nome do campo de usuário em português é obrigatório.',
    en: 'The Portuguese name of the username field is required.',
    es: 'El nombre del campo de usuario en portugués es obligatorio.',
  },
  BibliotecaInexistente: {
    pt: 'Não há biblioteca {id}.',
    en: 'There is no library {id}.',
    es: 'No existe la biblioteca {id}.',
  },
  AtividadeNaoEncontrada: {
    pt: 'Atividade {id} não encontrada.',
    en: 'Activity {id} not found.',
    es: 'Actividad {id} no encontrada.',
  },
});

/** The errors the parameters module throws: the common ones and its own. */
export const errors = {
  ...common,
  activityNotFound: (id: number) => messages.error(404, 'AtividadeNaoEncontrada', { id }),
  institutionMissing: () => messages.error(404, 'InstituicaoNaoConfigurada'),
  libraryNotFound: (id: number) => messages.error(404, 'BibliotecaInexistente', { id }),
};
