import { defineMessages } from '../../lib/i18n.js';
import { errors as common } from '../../lib/messages.js';

/** The saved searches' texts in pt, en and es: their errors. */
export const messages = defineMessages('saved', {
  PesquisaSalvaNaoEncontrada: {
    pt: 'Pesquisa salva {id} não encontrada entre as suas.',
    en: 'Saved search {id} was not found among yours.',
    es: 'Búsqueda guardada {id} no encontrada entre las suyas.',
  },
  LimitePesquisasSalvas: {
    pt: 'Você já tem {limit} pesquisas salvas, o máximo. Exclua alguma em Meu Pergamum, Itens salvos, para salvar esta.',
    en: 'You already have {limit} saved searches, the most you may keep. Delete one in Meu Pergamum, Saved items, to save this one.',
    es: 'Ya tiene {limit} búsquedas guardadas, el máximo. Elimine alguna en Meu Pergamum, Elementos guardados, para guardar esta.',
  },
  GuiaPesquisaInexistente: {
    pt: 'O guia de pesquisa "{guide}" não existe ou não está ativo.',
    en: 'The search guide "{guide}" does not exist or is not active.',
    es: 'La guía de búsqueda "{guide}" no existe o no está activa.',
  },
});

/** The errors the saved searches throw: the common ones and their own. */
export const errors = {
  ...common,
  savedSearchNotFound: (id: number) => messages.error(404, 'PesquisaSalvaNaoEncontrada', { id }),
  savedSearchLimit: (limit: number) => messages.error(422, 'LimitePesquisasSalvas', { limit }),
  unknownGuide: (guide: string) => messages.error(422, 'GuiaPesquisaInexistente', { guide }),
};
