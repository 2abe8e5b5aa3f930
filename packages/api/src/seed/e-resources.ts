import type { Db } from '../db/client.js';
import { eResources } from '../db/schema/index.js';

/** The demo's members: every category but the community and the special users (seed/demo.ts). */
const MEMBERS = ['01', '19', '03', '06', '07', '21', '08', '09', '05', '12', 'Intercamb', '04'];
/** Students of undergraduate and graduate courses and the professors. */
const ACADEMIC = ['01', '19', '03', '06', '21', '08', '09', '04'];

/**
 * The databases and e-resources the demo library subscribes to (Meu Pergamum, "Bases de
 * dados"): open ones for everybody (categorias null), licensed ones for the categories the
 * licence covers; the address is the plain link (no proxy or external-access redirect yet).
 */
const E_RESOURCES: (typeof eResources.$inferInsert)[] = [
  {
    nome: 'Portal de Periódicos CAPES',
    descricao:
      'Textos completos de mais de 49 mil periódicos, bases referenciais, patentes, normas e livros assinados pela CAPES. Fora do campus, entre pelo acesso CAFe com o login da universidade.',
    area: 'Multidisciplinar',
    url: 'https://www.periodicos.capes.gov.br',
    acessoRemoto: true,
    categorias: MEMBERS,
  },
  {
    nome: 'SciELO — Scientific Electronic Library Online',
    descricao: 'Periódicos científicos de acesso aberto do Brasil, da América Latina e do Caribe, com artigos em texto completo.',
    area: 'Multidisciplinar',
    url: 'https://www.scielo.br',
    acessoRemoto: true,
    categorias: null,
  },
  {
    nome: 'BDTD — Biblioteca Digital Brasileira de Teses e Dissertações',
    descricao: 'Teses e dissertações defendidas nas instituições brasileiras de ensino e pesquisa, reunidas pelo IBICT.',
    area: 'Multidisciplinar',
    url: 'https://bdtd.ibict.br',
    acessoRemoto: true,
    categorias: null,
  },
  {
    nome: 'Minha Biblioteca',
    descricao: 'Livros eletrônicos técnicos e acadêmicos das principais editoras do país, para leitura on-line.',
    area: 'Multidisciplinar',
    url: 'https://minhabiblioteca.com.br',
    acessoRemoto: true,
    categorias: [...ACADEMIC, '05'],
  },
  {
    nome: 'Biblioteca Virtual Pearson',
    descricao: 'Acervo de livros eletrônicos da Pearson e de editoras parceiras, com marcação e anotações.',
    area: 'Multidisciplinar',
    url: 'https://plataforma.bvirtual.com.br',
    acessoRemoto: true,
    categorias: [...ACADEMIC, '05'],
  },
  {
    nome: 'Target GEDWeb',
    descricao: 'Normas técnicas da ABNT e do Mercosul, com avisos de atualização. Acesso somente pela rede da universidade.',
    area: 'Engenharias',
    url: 'https://www.gedweb.com.br',
    acessoRemoto: false,
    categorias: ['04', '05'],
  },
  {
    nome: 'vLex',
    descricao: 'Legislação, jurisprudência, doutrina e modelos de peças jurídicas do Brasil e de outros países.',
    area: 'Direito',
    url: 'https://vlex.com.br',
    acessoRemoto: true,
    categorias: ACADEMIC,
  },
  {
    nome: 'UpToDate',
    descricao: 'Recurso de apoio à decisão clínica, com tópicos revisados por especialistas. Acesso pela rede do campus e do hospital universitário.',
    area: 'Ciências da Saúde',
    url: 'https://www.uptodate.com',
    acessoRemoto: false,
    categorias: ['03', '08', '09', '04', '12'],
  },
];

/** Seeds the demo's databases and e-resources. Idempotent (one row per name). */
export async function seedEResources(db: Db): Promise<void> {
  await db.insert(eResources).values(E_RESOURCES).onConflictDoNothing();
}
