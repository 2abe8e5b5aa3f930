import { defineMessages } from '../../lib/i18n.js';
import { errors as common } from '../../lib/messages.js';

/** The staff accounts' messages, in pt, en and es. */
export const messages = defineMessages('staff', {
  LoginNaoEncontrado: {
    pt: 'Nenhum login ativo {login}.',
    en: 'No active login {login}.',
    es: 'Ningún usuario activo {login}.',
  },
  NaoEhEquipe: {
    pt: 'A pessoa {id} não tem papel de equipe.',
    en: 'Person {id} holds no staff role.',
    es: 'La persona {id} no tiene rol de equipo.',
  },
  UltimoAdministrador: {
    pt: 'É a última pessoa com o papel de administração: conceda-o a outra antes de retirá-lo.',
    en: 'This is the last person with the administration role: grant it to someone else before taking it back.',
    es: 'Es la última persona con el rol de administración: concédalo a otra antes de retirarlo.',
  },
});

export const errors = {
  ...common,
  loginNotFound: (login: string) => messages.error(404, 'LoginNaoEncontrado', { login }),
  notStaff: (id: number) => messages.error(404, 'NaoEhEquipe', { id }),
  lastAdministrator: () => messages.error(422, 'UltimoAdministrador'),
};
