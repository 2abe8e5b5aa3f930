import { defineMessages } from '../../lib/i18n.js';
import { errors as common } from '../../lib/messages.js';

/** The network module's texts in pt, en and es. */
export const messages = defineMessages('network', {
  RegistroRedeNaoEncontrado: {
    pt: 'O registro {id} da rede não foi encontrado.',
    en: 'Network record {id} was not found.',
    es: 'El registro {id} de la red no fue encontrado.',
  },
  ParceiroNaoEncontrado: {
    pt: 'Não há parceiro {id}.',
    en: 'There is no partner {id}.',
    es: 'No existe el socio {id}.',
  },
  ParceiroNomeEmUso: {
    pt: 'Já há um parceiro chamado "{nome}" ({endereco}).',
    en: 'A partner named "{nome}" already exists ({endereco}).',
    es: 'Ya existe un socio llamado "{nome}" ({endereco}).',
  },
  ParceiroEnderecoEmUso: {
    pt: '{endereco} já é coletado como "{nome}".',
    en: '{endereco} is already harvested as "{nome}".',
    es: '{endereco} ya se cosecha como "{nome}".',
  },
  ParceiroNaoResponde: {
    pt: '{endereco} não responde como um servidor OAI-PMH: {motivo}',
    en: '{endereco} does not answer as an OAI-PMH server: {motivo}',
    es: '{endereco} no responde como un servidor OAI-PMH: {motivo}',
  },
  ColetaSemAgendador: {
    pt: 'As tarefas não estão rodando neste servidor agora; a coleta acontece na próxima hora cheia, ou tente em instantes.',
    en: 'Jobs are not running on this server right now; the harvest happens at the next hour, or try again in a moment.',
    es: 'Las tareas no se están ejecutando en este servidor ahora; la cosecha ocurre en la próxima hora, o inténtelo en un momento.',
  },
  ColetaEmAndamento: {
    pt: 'A coleta de "{nome}" já está em andamento.',
    en: 'The harvest of "{nome}" is already under way.',
    es: 'La cosecha de "{nome}" ya está en curso.',
  },
});

export const errors = {
  ...common,
  recordNotFound: (id: number) => messages.error(404, 'RegistroRedeNaoEncontrado', { id }),
  partnerNotFound: (id: number | string) => messages.error(404, 'ParceiroNaoEncontrado', { id }),
  partnerNameTaken: (nome: string, endereco: string) => messages.error(409, 'ParceiroNomeEmUso', { nome, endereco }),
  partnerAddressTaken: (endereco: string, nome: string) => messages.error(409, 'ParceiroEnderecoEmUso', { endereco, nome }),
  partnerSilent: (endereco: string, motivo: string) => messages.error(422, 'ParceiroNaoResponde', { endereco, motivo }),
  harvestUnderWay: (nome: string) => messages.error(409, 'ColetaEmAndamento', { nome }),
  schedulerStopped: () => messages.error(409, 'ColetaSemAgendador'),
};
