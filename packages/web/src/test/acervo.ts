import type { Acervo, Exemplar } from '@estante/contracts/catalog';

/** A book's record as `GET /acervo/{id}` answers it, with what a test changes. */
export function acervoRecord(over: Partial<Acervo> = {}): Acervo {
  return {
    cod_acervo: 7,
    cod_tipo_obra: 1,
    desc_tipo_obra: 'Livro',
    titulo: 'Pedagogia do oprimido',
    responsabilidade: 'Paulo Freire',
    autor: 'Freire, Paulo, 1921-1997',
    autores_secundarios: [],
    assuntos: ['Educação', 'Pedagogia crítica'],
    edicao: '17. ed.',
    local: 'Rio de Janeiro',
    editora: 'Paz e Terra',
    ano_publicacao: 1987,
    descricao_fisica: '184 p. ; 21 cm',
    serie: null,
    notas: null,
    idioma: 'por',
    idioma_desc: 'Português',
    numero_chamada: '370.115 F866p',
    isbn: ['9788577531646'],
    issn: [],
    link_capa: null,
    acesso_remoto: false,
    possui_acessibilidade: false,
    cod_area_conhecimento: null,
    cod_tipo_area_conhec: null,
    desc_tipo_area_conhec: null,
    areas_conhecimento: [],
    rota: null,
    cursos_disc: [],
    dados_adicionais: {},
    autoridades: [],
    disponibilidade: [{ cod_biblioteca: 1, desc_biblioteca: 'Biblioteca Central', total: 2, disponiveis: 1 }],
    abas: ['33', '30', '18', '75'],
    citacao: { contribuicoes: [{ nome: 'Freire, Paulo, 1921-1997', papel: 'aut', entidade: false }], obra_mae: null },
    ...over,
  };
}

/** A copy as `GET /acervo/{id}/exemplares` lists it, with what a test changes. */
export function exemplar(over: Partial<Exemplar> = {}): Exemplar {
  return {
    cod_exemplar: 1,
    tombo: '00000007-1',
    cod_biblioteca: 1,
    desc_biblioteca: 'Biblioteca Central',
    localizacao: '370.115 F866p',
    tipo_emprestimo: 'Normal',
    colecao: 'Acervo geral',
    situacao: 'disponivel',
    data_devolucao_prevista: null,
    volume: null,
    tomo: null,
    parte: null,
    numero: null,
    material: null,
    ...over,
  };
}
