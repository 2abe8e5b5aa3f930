import { Cite } from '@citation-js/core';
import '@citation-js/plugin-bibtex';
import { parse as parseBibtex } from '@retorquere/bibtex-parser';
import { AST as RIS } from 'astrocite-ris';
import { describe, expect, it } from 'vitest';
import type { ReferenceStyle } from '@estante/contracts/catalog';
import type { Language } from '@estante/contracts/kernel';
import { df } from '../../../test/records.js';
import { deriveTitle } from '../../marc/derive.js';
import type { MarcRecord } from '../../marc/record.js';
import { cslItem, formatReference, toBibtex, toRis } from './citation.js';

/*
 * Every expected reference below was written out by hand from the example the comment names —
 * in ABNT NBR 6023:2018, the APA Publication Manual (7th ed.) or Citing Medicine (2nd ed., NLM)
 * — and none was produced by our code. Where the standard's example carries complementary
 * elements (number of pages, notes) a catalogue record does not give, the row keeps the
 * essential elements the standard lists for that kind of document, and says so.
 * Each record is catalogued as a Brazilian library would (MARC 21, ISBD punctuation) and goes
 * through the same derivation as an import (deriveTitle), so the work type is the real one.
 */

type Fields = MarcRecord['fields'];

/** 008 for the row: type of date and dates (07-14), nature of contents (24-27: l legislation, u standards), language (35-37). */
interface Fixed {
  date1?: number | string;
  date2?: string;
  status?: string;
  nature?: string;
  lang?: string;
}

/** A MARC 21 record: leader/06-07 (type, level) and, for archives, /08. */
function marc(typeLevel: string, fixed: Fixed, ...fields: Fields): MarcRecord {
  const { date1 = '', date2 = '', status = 's', nature = '', lang = 'por' } = fixed;
  const f008 = `260101${status}${String(date1).padEnd(4)}${date2.padEnd(4)}bl ${' '.repeat(6)}${nature.padEnd(4)}${' '.repeat(7)}${lang} d`;
  return { leader: `00000n${typeLevel.padEnd(3)}a2200000 a 4500`, fields: [{ tag: '001', value: 'x' }, { tag: '008', value: f008 }, ...fields] };
}

const TODAY = '2026-11-22';

function item(record: MarcRecord, id = 1, today = TODAY) {
  const derived = deriveTitle(record);
  return cslItem(
    { codAcervo: id, codTipoObra: derived.codTipoObra, anoPublicacao: derived.anoPublicacao, acessoRemoto: false, marc: record },
    new Date(`${today}T12:00:00Z`),
  );
}

const format = (record: MarcRecord, style: ReferenceStyle, language: Language = 'pt', today = TODAY) =>
  formatReference([item(record, 1, today)], style, language);
const boldRuns = (html: string) => [...html.matchAll(/<b>(.*?)<\/b>/g)].map((m) => m[1]);

interface Row {
  source: string;
  record: MarcRecord;
  expected: string;
  /** The text in bold in the HTML form: the title proper only (NBR 6023 section 6, 8.2); null when the entry is the title itself. */
  bold?: string | null;
  /** The day the online document was accessed, when the standard's example gives one. */
  today?: string;
}

const ABNT: Row[] = [
  {
    source: '7.1.1 monografia no todo, essential elements (LUCK)',
    record: marc(
      'am',
      { date1: 2010 },
      df('100', '1 ', ['a', 'Luck, Heloisa.']),
      df('245', '10', ['a', 'Liderança em gestão escolar /'], ['c', 'Heloisa Luck.']),
      df('250', '  ', ['a', '4. ed.']),
      df('260', '  ', ['a', 'Petrópolis :'], ['b', 'Vozes,'], ['c', '2010.']),
      df('300', '  ', ['a', '165 p. ;'], ['c', '23 cm.']),
    ),
    expected: 'LUCK, Heloisa. Liderança em gestão escolar. 4. ed. Petrópolis: Vozes, 2010.',
    bold: 'Liderança em gestão escolar',
  },
  {
    source: '8.2 título e subtítulo: only the title proper in bold (PASTRO; without the complementary 343 p.)',
    record: marc(
      'am',
      { date1: 1993 },
      df('100', '1 ', ['a', 'Pastro, Cláudio.']),
      df('245', '10', ['a', 'Arte sacra :'], ['b', 'espaço sagrado hoje /'], ['c', 'Cláudio Pastro.']),
      df('260', '  ', ['a', 'São Paulo :'], ['b', 'Loyola,'], ['c', '1993.']),
      df('300', '  ', ['a', '343 p. :'], ['b', 'il.']),
    ),
    expected: 'PASTRO, Cláudio. Arte sacra: espaço sagrado hoje. São Paulo: Loyola, 1993.',
    bold: 'Arte sacra',
  },
  {
    source: '8.1.1 autor pessoal with abbreviated forenames (GOMES, 7.1.1)',
    record: marc(
      'am',
      { date1: 1998 },
      df('100', '1 ', ['a', 'Gomes, L. G. F. F.']),
      df('245', '10', ['a', 'Novela e sociedade no Brasil /'], ['c', 'L. G. F. F. Gomes.']),
      df('260', '  ', ['a', 'Niterói :'], ['b', 'EdUFF,'], ['c', '1998.']),
    ),
    expected: 'GOMES, L. G. F. F. Novela e sociedade no Brasil. Niterói: EdUFF, 1998.',
    bold: 'Novela e sociedade no Brasil',
  },
  {
    source: '8.1.1.2 three authors and 8.1.1.8 translator after the title (NORTON; without the complementary 640 p.)',
    record: marc(
      'am',
      { date1: 1994 },
      df('100', '1 ', ['a', 'Norton, Peter.']),
      df(
        '245',
        '10',
        ['a', 'Peter Norton :'],
        ['b', 'a bíblia do programador /'],
        ['c', 'Peter Norton, Peter Aitken, Richard Wilton ; tradução Geraldo Costa Filho.'],
      ),
      df('260', '  ', ['a', 'Rio de Janeiro :'], ['b', 'Campus,'], ['c', '1994.']),
      df('300', '  ', ['a', '640 p.']),
      df('700', '1 ', ['a', 'Aitken, Peter.']),
      df('700', '1 ', ['a', 'Wilton, Richard.']),
      df('700', '1 ', ['a', 'Costa Filho, Geraldo,'], ['e', 'tradução.']),
    ),
    expected:
      'NORTON, Peter; AITKEN, Peter; WILTON, Richard. Peter Norton: a bíblia do programador. Tradução: Geraldo Costa Filho. Rio de Janeiro: Campus, 1994.',
    bold: 'Peter Norton',
  },
  {
    source: '8.1.1.4 organizer as entry, "(org.)" (FERREIRA)',
    record: marc(
      'am',
      { date1: 1991 },
      df('245', '02', ['a', 'O fonoaudiólogo e a escola /'], ['c', 'Léslie Piccolotto Ferreira (org.).']),
      df('260', '  ', ['a', 'São Paulo :'], ['b', 'Summus,'], ['c', '1991.']),
      df('700', '1 ', ['a', 'Ferreira, Léslie Piccolotto,'], ['e', 'org.']),
    ),
    expected: 'FERREIRA, Léslie Piccolotto (org.). O fonoaudiólogo e a escola. São Paulo: Summus, 1991.',
    bold: 'O fonoaudiólogo e a escola',
  },
  {
    source: '7.2 monografia no todo em meio eletrônico: E-book, Disponível em, Acesso em (BAVARESCO; three organizers)',
    record: marc(
      'am',
      { date1: 2011 },
      df('245', '00', ['a', 'Projetos de filosofia /'], ['c', 'Agemir Bavaresco, Evandro Barbosa, Katia Martin Etcheverry (org.).']),
      df('260', '  ', ['a', 'Porto Alegre :'], ['b', 'EDIPUCRS,'], ['c', '2011.']),
      df('700', '1 ', ['a', 'Bavaresco, Agemir,'], ['e', 'org.']),
      df('700', '1 ', ['a', 'Barbosa, Evandro,'], ['e', 'org.']),
      df('700', '1 ', ['a', 'Etcheverry, Katia Martin,'], ['e', 'org.']),
      df('856', '40', ['u', 'http://ebooks.pucrs.br/edipucrs/projetosdefilosofia.pdf']),
    ),
    today: '2011-08-21',
    expected:
      'BAVARESCO, Agemir; BARBOSA, Evandro; ETCHEVERRY, Katia Martin (org.). Projetos de filosofia. Porto Alegre: EDIPUCRS, 2011. E-book. Disponível em: http://ebooks.pucrs.br/edipucrs/projetosdefilosofia.pdf. Acesso em: 21 ago. 2011.',
    bold: 'Projetos de filosofia',
  },
  {
    source: '7.3 parte de monografia, whole by organizers (ROMANO)',
    record: marc(
      'aa',
      { date1: 1996 },
      df('100', '1 ', ['a', 'Romano, Giovanni.']),
      df('245', '10', ['a', 'Imagens da juventude na era moderna /'], ['c', 'Giovanni Romano.']),
      df(
        '773',
        '0 ',
        ['a', 'Levi, G.; Schmidt, J. (org.)'],
        ['t', 'História dos jovens 2 : a época contemporânea'],
        ['d', 'São Paulo : Companhia das Letras, 1996'],
        ['g', 'p. 7-16'],
      ),
    ),
    expected:
      'ROMANO, Giovanni. Imagens da juventude na era moderna. In: LEVI, G.; SCHMIDT, J. (org.). História dos jovens 2: a época contemporânea. São Paulo: Companhia das Letras, 1996. p. 7-16.',
    bold: 'História dos jovens 2',
  },
  {
    source: '7.3 parte de monografia by the author of the whole, edition, chapter and pages (SANTOS)',
    record: marc(
      'aa',
      { date1: 1994 },
      df('100', '1 ', ['a', 'Santos, F. R. dos.']),
      df('245', '12', ['a', 'A colonização da terra do Tucujús /'], ['c', 'F. R. dos Santos.']),
      df(
        '773',
        '0 ',
        ['a', 'Santos, F. R. dos'],
        ['t', 'História do Amapá, 1º grau'],
        ['b', '2. ed.'],
        ['d', 'Macapá : Valcan, 1994'],
        ['g', 'cap. 3, p. 15-24'],
      ),
    ),
    expected:
      'SANTOS, F. R. dos. A colonização da terra do Tucujús. In: SANTOS, F. R. dos. História do Amapá, 1º grau. 2. ed. Macapá: Valcan, 1994. cap. 3, p. 15-24.',
    bold: 'História do Amapá, 1º grau',
  },
  {
    source: '7.1 trabalho acadêmico: trabalho de conclusão de curso, note in free text (ALVES)',
    record: marc(
      'am',
      { date1: 2008 },
      df('100', '1 ', ['a', 'Alves, Daian Péricles.']),
      df('245', '10', ['a', 'Implementação de conceitos de manufatura colaborativa :'], ['b', 'um projeto virtual /'], ['c', 'Daian Péricles Alves.']),
      df('260', '  ', ['a', 'Curitiba,'], ['c', '2008.']),
      df('502', '  ', [
        'a',
        'Trabalho de Conclusão de Curso (Bacharelado em Engenharia Industrial Mecânica) - Universidade Tecnológica Federal do Paraná, Curitiba, 2008.',
      ]),
    ),
    expected:
      'ALVES, Daian Péricles. Implementação de conceitos de manufatura colaborativa: um projeto virtual. 2008. Trabalho de Conclusão de Curso (Bacharelado em Engenharia Industrial Mecânica) - Universidade Tecnológica Federal do Paraná, Curitiba, 2008.',
    bold: 'Implementação de conceitos de manufatura colaborativa',
  },
  {
    source: '7.1 trabalho acadêmico: dissertação, year of deposit and of defence, leaves (ARAUJO)',
    record: marc(
      'am',
      { date1: 1985 },
      df('100', '1 ', ['a', 'Araujo, U. A. M.']),
      df(
        '245',
        '10',
        ['a', 'Máscaras inteiriças Tukúna :'],
        ['b', 'possibilidades de estudo de artefatos de museu para o conhecimento do universo indígena /'],
        ['c', 'U. A. M. Araujo.'],
      ),
      df('260', '  ', ['a', 'São Paulo,'], ['c', '1985.']),
      df('300', '  ', ['a', '102 f. ;'], ['c', '30 cm.']),
      df('502', '  ', ['b', 'Mestrado em Ciências Sociais'], ['c', 'Fundação Escola de Sociologia e Política de São Paulo'], ['d', '1986']),
    ),
    expected:
      'ARAUJO, U. A. M. Máscaras inteiriças Tukúna: possibilidades de estudo de artefatos de museu para o conhecimento do universo indígena. 1985. 102 f. Dissertação (Mestrado em Ciências Sociais) - Fundação Escola de Sociologia e Política de São Paulo, São Paulo, 1986.',
    bold: 'Máscaras inteiriças Tukúna',
  },
  {
    source: '7.1 and 7.2 tese online: Disponível em, Acesso em (BENETTI)',
    record: marc(
      'am',
      { date1: 2006 },
      df('100', '1 ', ['a', 'Benetti, Luciana Balestrin Redivo.']),
      df('245', '10', ['a', 'Avaliação do índice de desenvolvimento sustentável do município de Lages (SC) através do método do Painel de Sustentabilidade /']),
      df('260', '  ', ['a', 'Florianópolis,'], ['c', '2006.']),
      df('502', '  ', ['b', 'Doutorado em Engenharia Civil'], ['c', 'Universidade Federal de Santa Catarina'], ['d', '2006']),
      df('856', '40', ['u', 'http://www.tede.ufsc.br/teses/PECV0453-T.pdf']),
    ),
    today: '2009-10-27',
    expected:
      'BENETTI, Luciana Balestrin Redivo. Avaliação do índice de desenvolvimento sustentável do município de Lages (SC) através do método do Painel de Sustentabilidade. 2006. Tese (Doutorado em Engenharia Civil) - Universidade Federal de Santa Catarina, Florianópolis, 2006. Disponível em: http://www.tede.ufsc.br/teses/PECV0453-T.pdf. Acesso em: 27 out. 2009.',
    bold: 'Avaliação do índice de desenvolvimento sustentável do município de Lages (SC) através do método do Painel de Sustentabilidade',
  },
  {
    source: '8.1.2 autor entidade: a technical standard (ABNT NBR 14724), publisher abbreviated',
    record: marc(
      'am',
      { date1: 2011, nature: 'u' },
      df('110', '2 ', ['a', 'Associação Brasileira de Normas Técnicas.']),
      df('245', '10', ['a', 'NBR 14724 :'], ['b', 'informação e documentação : trabalhos acadêmicos : apresentação.']),
      df('260', '  ', ['a', 'Rio de Janeiro :'], ['b', 'ABNT,'], ['c', '2011.']),
      df('300', '  ', ['a', '11 p.']),
    ),
    expected: 'ASSOCIAÇÃO BRASILEIRA DE NORMAS TÉCNICAS. NBR 14724: informação e documentação: trabalhos acadêmicos: apresentação. Rio de Janeiro: ABNT, 2011.',
    bold: 'NBR 14724',
  },
  {
    source: '8.1.2 autor entidade of the direct administration, under its jurisdiction: only the first element in capitals (BRASIL. Ministério da Justiça)',
    record: marc(
      'am',
      { date1: 1993 },
      df('110', '1 ', ['a', 'Brasil.'], ['b', 'Ministério da Justiça.']),
      df('245', '10', ['a', 'Relatório de atividades.']),
      df('260', '  ', ['a', 'Brasília, DF :'], ['b', 'Ministério da Justiça,'], ['c', '1993.']),
    ),
    expected: 'BRASIL. Ministério da Justiça. Relatório de atividades. Brasília, DF: Ministério da Justiça, 1993.',
    bold: 'Relatório de atividades',
  },
  {
    source: '8.1.2 jurisdiction with its qualifier, publisher being the author not repeated (SÃO PAULO (Estado); without the complementary 35 p.)',
    record: marc(
      'am',
      { date1: 1993 },
      df('110', '1 ', ['a', 'São Paulo (Estado).'], ['b', 'Secretaria do Meio Ambiente.']),
      df('245', '10', ['a', 'Diretrizes para a política ambiental do Estado de São Paulo.']),
      df('260', '  ', ['a', 'São Paulo,'], ['c', '1993.']),
    ),
    expected: 'SÃO PAULO (Estado). Secretaria do Meio Ambiente. Diretrizes para a política ambiental do Estado de São Paulo. São Paulo, 1993.',
    bold: 'Diretrizes para a política ambiental do Estado de São Paulo',
  },
  {
    source: '8.1.2 homonymous body with its country in parentheses (BIBLIOTECA NACIONAL (Brasil); without the complementary 40 p.)',
    record: marc(
      'am',
      { date1: 1985 },
      df('110', '2 ', ['a', 'Biblioteca Nacional (Brasil).']),
      df('245', '10', ['a', 'Relatório da diretoria-geral :'], ['b', '1984.']),
      df('260', '  ', ['a', 'Rio de Janeiro,'], ['c', '1985.']),
    ),
    expected: 'BIBLIOTECA NACIONAL (Brasil). Relatório da diretoria-geral: 1984. Rio de Janeiro, 1985.',
    bold: 'Relatório da diretoria-geral',
  },
  {
    source: '8.1.4 autoria desconhecida: entry under the title, first word in capitals, no bold (DIAGNÓSTICO; without the complementary 64 p.)',
    record: marc(
      'am',
      { date1: 1993 },
      df('245', '00', ['a', 'Diagnóstico do setor editorial brasileiro.']),
      df('260', '  ', ['a', 'São Paulo :'], ['b', 'Câmara Brasileira do Livro,'], ['c', '1993.']),
      df('300', '  ', ['a', '64 p.']),
    ),
    expected: 'DIAGNÓSTICO do setor editorial brasileiro. São Paulo: Câmara Brasileira do Livro, 1993.',
    bold: null,
  },
  {
    source: '8.1.4 title opening with an article, both in capitals, and 8.4 place unknown "[S. l.]" (OS GRANDES; without the complementary 60 f.)',
    record: marc(
      'am',
      { date1: 1981 },
      df('245', '04', ['a', 'Os grandes clássicos das poesias líricas.']),
      df('260', '  ', ['a', '[S.l.] :'], ['b', 'Ex Libris,'], ['c', '1981.']),
    ),
    expected: 'OS GRANDES clássicos das poesias líricas. [S. l.]: Ex Libris, 1981.',
    bold: null,
  },
  {
    source: '8.5 publisher unknown "[s. n.]" (FRANCO; without the complementary 107 p.)',
    record: marc(
      'am',
      { date1: 1993 },
      df('100', '1 ', ['a', 'Franco, I.']),
      df('245', '10', ['a', 'Discursos :'], ['b', 'de outubro de 1992 a agosto de 1993 /'], ['c', 'I. Franco.']),
      df('260', '  ', ['a', 'Brasília, DF :'], ['b', '[s.n.],'], ['c', '1993.']),
    ),
    expected: 'FRANCO, I. Discursos: de outubro de 1992 a agosto de 1993. Brasília, DF: [s. n.], 1993.',
    bold: 'Discursos',
  },
  {
    source: '8.5 place and publisher unknown "[S. l.: s. n.]" (GONÇALVES)',
    record: marc(
      'am',
      { date1: 1993 },
      df('100', '1 ', ['a', 'Gonçalves, F. B.']),
      df('245', '12', ['a', 'A história de Mirador /'], ['c', 'F. B. Gonçalves.']),
      df('260', '  ', ['a', '[S.l. :'], ['b', 's.n.],'], ['c', '1993.']),
    ),
    expected: 'GONÇALVES, F. B. A história de Mirador. [S. l.: s. n.], 1993.',
    bold: 'A história de Mirador',
  },
  {
    source: '7.7.1 coleção de publicação periódica, still published: "1939- ." and ISSN (REVISTA BRASILEIRA DE GEOGRAFIA)',
    record: marc(
      'as',
      { status: 'c', date1: 1939, date2: '9999' },
      df('022', '0 ', ['a', '0034-723X']),
      df('245', '00', ['a', 'Revista brasileira de geografia.']),
      df('260', '  ', ['a', 'Rio de Janeiro :'], ['b', 'IBGE,'], ['c', '1939-']),
      df('310', '  ', ['a', 'Trimestral']),
    ),
    expected: 'REVISTA BRASILEIRA DE GEOGRAFIA. Rio de Janeiro: IBGE, 1939- . ISSN 0034-723X.',
    bold: null,
  },
  {
    source: '7.7.1 coleção de publicação periódica that ceased: first and last years (BOLETIM GEOGRÁFICO; without the complementary "Trimestral")',
    record: marc(
      'as',
      { status: 'd', date1: 1943, date2: '1978' },
      df('245', '00', ['a', 'Boletim geográfico.']),
      df('260', '  ', ['a', 'Rio de Janeiro :'], ['b', 'IBGE,'], ['c', '1943-1978.']),
    ),
    expected: 'BOLETIM GEOGRÁFICO. Rio de Janeiro: IBGE, 1943-1978.',
    bold: null,
  },
  {
    source: '7.7.5 artigo de publicação periódica: volume, number, pages, month (GURGEL)',
    record: marc(
      'ab',
      { date1: 1997 },
      df('100', '1 ', ['a', 'Gurgel, C.']),
      df('245', '10', ['a', 'Reforma do Estado e segurança pública /'], ['c', 'C. Gurgel.']),
      df('773', '0 ', ['t', 'Política e Administração'], ['d', 'Rio de Janeiro'], ['g', 'v. 3, n. 2, p. 15-21, set. 1997']),
    ),
    expected: 'GURGEL, C. Reforma do Estado e segurança pública. Política e Administração, Rio de Janeiro, v. 3, n. 2, p. 15-21, set. 1997.',
    bold: 'Política e Administração',
  },
  {
    source: '7.7.5 artigo: subtitles of the article and of the journal, no volume (COSTA)',
    record: marc(
      'ab',
      { date1: 1998 },
      df('100', '1 ', ['a', 'Costa, V. R.']),
      df('245', '10', ['a', 'À margem da lei :'], ['b', 'o Programa Comunidade Solidária /'], ['c', 'V. R. Costa.']),
      df('773', '0 ', ['t', 'Em Pauta : revista da Faculdade de Serviço Social da UERJ'], ['d', 'Rio de Janeiro'], ['g', 'n. 12, p. 131-148, 1998']),
    ),
    expected:
      'COSTA, V. R. À margem da lei: o Programa Comunidade Solidária. Em Pauta: revista da Faculdade de Serviço Social da UERJ, Rio de Janeiro, n. 12, p. 131-148, 1998.',
    bold: 'Em Pauta',
  },
  {
    source: '7.7.5 artigo without author, entered under its title (AS 500 maiores empresas; without the complementary "Edição especial")',
    record: marc(
      'ab',
      { date1: 1984 },
      df('245', '04', ['a', 'As 500 maiores empresas do Brasil.']),
      df('773', '0 ', ['t', 'Conjuntura Econômica'], ['d', 'Rio de Janeiro'], ['g', 'v. 38, n. 9, set. 1984']),
    ),
    expected: 'AS 500 maiores empresas do Brasil. Conjuntura Econômica, Rio de Janeiro, v. 38, n. 9, set. 1984.',
    bold: 'Conjuntura Econômica',
  },
  {
    source: '7.7.6 artigo em meio eletrônico (SILVA, .Net; without the complementary "Seção Ponto de Vista")',
    record: marc(
      'ab',
      { date1: 1998 },
      df('100', '1 ', ['a', 'Silva, M. M. L.']),
      df('245', '10', ['a', 'Crimes da era digital /'], ['c', 'M. M. L. Silva.']),
      df('773', '0 ', ['t', '.Net'], ['d', 'Rio de Janeiro'], ['g', 'nov. 1998']),
      df('856', '40', ['u', 'http://www.brazilnet.com.br/contexts/brasilrevistas.htm']),
    ),
    today: '1998-11-28',
    expected:
      'SILVA, M. M. L. Crimes da era digital. .Net, Rio de Janeiro, nov. 1998. Disponível em: http://www.brazilnet.com.br/contexts/brasilrevistas.htm. Acesso em: 28 nov. 1998.',
    bold: '.Net',
  },
  {
    source: '7.11.1 legislação published in the official gazette: jurisdiction, epigraph, ementa, gazette (BRASIL. Lei nº 10.406)',
    record: marc(
      'am',
      { date1: 2002, nature: 'l' },
      df('110', '1 ', ['a', 'Brasil.']),
      df('245', '10', ['a', 'Lei nº 10.406, de 10 de janeiro de 2002 :'], ['b', 'institui o Código Civil.']),
      df('773', '0 ', ['t', 'Diário Oficial da União'], ['d', 'Brasília, DF'], ['g', 'seção 1, ano 139, n. 8, p. 1-74, 11 jan. 2002']),
    ),
    expected:
      'BRASIL. Lei nº 10.406, de 10 de janeiro de 2002. Institui o Código Civil. Diário Oficial da União: seção 1, Brasília, DF, ano 139, n. 8, p. 1-74, 11 jan. 2002.',
    bold: 'Diário Oficial da União',
  },
  {
    source: '7.11.1 legislação: a constitution, with its uniform title in brackets (BRASIL. [Constituição (1988)]; without the complementary 496 p.)',
    record: marc(
      'am',
      { date1: 2016, nature: 'l' },
      df('110', '1 ', ['a', 'Brasil.']),
      df('240', '10', ['a', 'Constituição (1988)']),
      df('245', '10', ['a', 'Constituição da República Federativa do Brasil.']),
      df('260', '  ', ['a', 'Brasília, DF :'], ['b', 'Senado Federal,'], ['c', '2016.']),
      df('300', '  ', ['a', '496 p.']),
    ),
    expected: 'BRASIL. [Constituição (1988)]. Constituição da República Federativa do Brasil. Brasília, DF: Senado Federal, 2016.',
    bold: 'Constituição da República Federativa do Brasil',
  },
  {
    source: '7.11.2 legislação em meio eletrônico: a law is no e-book (BRASIL. Lei nº 12.965)',
    record: marc(
      'am',
      { date1: 2014, nature: 'l' },
      df('110', '1 ', ['a', 'Brasil.']),
      df(
        '245',
        '10',
        ['a', 'Lei nº 12.965, de 23 de abril de 2014 :'],
        ['b', 'estabelece princípios, garantias, direitos e deveres para o uso da Internet no Brasil.'],
      ),
      df('260', '  ', ['a', 'Brasília, DF :'], ['b', 'Presidência da República,'], ['c', '2014.']),
      df('856', '40', ['u', 'http://www.planalto.gov.br/ccivil_03/_ato2011-2014/2014/lei/l12965.htm']),
    ),
    today: '2017-03-20',
    expected:
      'BRASIL. Lei nº 12.965, de 23 de abril de 2014. Estabelece princípios, garantias, direitos e deveres para o uso da Internet no Brasil. Brasília, DF: Presidência da República, 2014. Disponível em: http://www.planalto.gov.br/ccivil_03/_ato2011-2014/2014/lei/l12965.htm. Acesso em: 20 mar. 2017.',
  },
  {
    source:
      '7.13.1 filmes: entered under the title, Direção, Produção, several distributors, physical description (CENTRAL do Brasil; without the complementary cast and script)',
    record: marc(
      'gm',
      { date1: 1998 },
      df('245', '00', ['a', 'Central do Brasil /'], ['c', 'direção: Walter Salles Júnior.']),
      df('260', '  ', ['a', '[S.l.] :'], ['b', 'Le Studio Canal :'], ['b', 'Riofilme :'], ['b', 'MACT Productions,'], ['c', '1998.']),
      df('300', '  ', ['a', '5 rolos de filme (106 min) :'], ['b', 'son., color. ;'], ['c', '35 mm.']),
      df('700', '1 ', ['a', 'Salles Júnior, Walter,'], ['e', 'direção.']),
      df('700', '1 ', ['a', 'Clermont-Tonnerre, Martire de,'], ['e', 'produção.']),
      df('700', '1 ', ['a', 'Cohn, Arthur,'], ['e', 'produção.']),
    ),
    expected:
      'CENTRAL do Brasil. Direção: Walter Salles Júnior. Produção: Martire de Clermont-Tonnerre e Arthur Cohn. [S. l.]: Le Studio Canal; Riofilme; MACT Productions, 1998. 5 rolos de filme (106 min), son., color., 35 mm.',
    bold: null,
  },
  {
    source: '7.13.1 vídeo whose title opens with an article (OS PERIGOS do uso de tóxicos; the producer labelled "Produção:" as in CENTRAL do Brasil)',
    record: marc(
      'gm',
      { date1: 1983 },
      df('245', '04', ['a', 'Os perigos do uso de tóxicos.']),
      df('260', '  ', ['a', 'São Paulo :'], ['b', 'CERAVI,'], ['c', '1983.']),
      df('300', '  ', ['a', '1 fita de vídeo (30 min) :'], ['b', 'VHS, son., color.']),
      df('700', '1 ', ['a', 'Andrade, Jorge Ramos de,'], ['e', 'produção.']),
    ),
    expected: 'OS PERIGOS do uso de tóxicos. Produção: Jorge Ramos de Andrade. São Paulo: CERAVI, 1983. 1 fita de vídeo (30 min), VHS, son., color.',
    bold: null,
  },
  {
    source: '7.13 documento sonoro no todo, under its performer (FAGNER)',
    record: marc(
      'jm',
      { date1: 1988 },
      df('100', '1 ', ['a', 'Fagner, Raimundo,'], ['e', 'intérprete.']),
      df('245', '10', ['a', 'Revelação.']),
      df('260', '  ', ['a', 'Rio de Janeiro :'], ['b', 'CBS,'], ['c', '1988.']),
      df('300', '  ', ['a', '1 cassete sonoro (60 min) :'], ['b', '3 ¾ pps, estéreo.']),
    ),
    expected: 'FAGNER, Raimundo. Revelação. Rio de Janeiro: CBS, 1988. 1 cassete sonoro (60 min), 3 ¾ pps, estéreo.',
    bold: 'Revelação',
  },
  {
    source: '7.13 documento sonoro no todo, performer entered under a forename (ALCIONE; without the complementary "Direção artística")',
    record: marc(
      'jm',
      { date1: 1988 },
      df('100', '0 ', ['a', 'Alcione,'], ['e', 'intérprete.']),
      df('245', '10', ['a', 'Ouro e cobre.']),
      df('260', '  ', ['a', 'São Paulo :'], ['b', 'RCA Victor,'], ['c', '1988.']),
      df('300', '  ', ['a', '1 disco vinil :'], ['b', '33 1/3 rpm, estéreo ;'], ['c', '12 pol.']),
    ),
    expected: 'ALCIONE. Ouro e cobre. São Paulo: RCA Victor, 1988. 1 disco vinil, 33 1/3 rpm, estéreo, 12 pol.',
    bold: 'Ouro e cobre',
  },
  {
    source: '7.14 partitura: composer, title with its opus, "1 partitura", the instrument (BARTÓK)',
    record: marc(
      'cm',
      { date1: 1952 },
      df('100', '1 ', ['a', 'Bartók, Béla,'], ['d', '1881-1945.']),
      df('245', '12', ['a', 'O mandarim maravilhoso.'], ['n', 'Op. 19.']),
      df('260', '  ', ['a', 'Wien :'], ['b', 'Universal,'], ['c', '1952.']),
      df('300', '  ', ['a', '1 partitura.']),
      df('382', '  ', ['a', 'orquestra']),
    ),
    expected: 'BARTÓK, Béla. O mandarim maravilhoso. Op. 19. Wien: Universal, 1952. 1 partitura. Orquestra.',
    bold: 'O mandarim maravilhoso',
  },
  {
    source: '7.14 partitura under its organizer (GALLET)',
    record: marc(
      'cm',
      { date1: 1851 },
      df('100', '1 ', ['a', 'Gallet, Luciano,'], ['e', 'org.']),
      df('245', '10', ['a', 'Canções populares brasileiras /'], ['c', 'Luciano Gallet.']),
      df('260', '  ', ['a', 'Rio de Janeiro :'], ['b', 'Carlos Wehns,'], ['c', '1851.']),
      df('300', '  ', ['a', '1 partitura (23 p.).']),
      df('382', '  ', ['a', 'piano']),
    ),
    expected: 'GALLET, Luciano (org.). Canções populares brasileiras. Rio de Janeiro: Carlos Wehns, 1851. 1 partitura (23 p.). Piano.',
    bold: 'Canções populares brasileiras',
  },
  {
    source: '7.16 documento cartográfico entered under its title: physical description and scale (BRASIL e parte da América do Sul)',
    record: marc(
      'em',
      { date1: 1981 },
      df('245', '00', ['a', 'Brasil e parte da América do Sul :'], ['b', 'mapa político, escolar, rodoviário, turístico e regional.']),
      df('255', '  ', ['a', 'Escala 1:600.000.']),
      df('260', '  ', ['a', 'São Paulo :'], ['b', 'Michalany,'], ['c', '1981.']),
      df('300', '  ', ['a', '1 mapa :'], ['b', 'color. ;'], ['c', '79 cm x 95 cm.']),
    ),
    expected:
      'BRASIL e parte da América do Sul: mapa político, escolar, rodoviário, turístico e regional. São Paulo: Michalany, 1981. 1 mapa, color., 79 cm x 95 cm. Escala 1:600.000.',
    bold: null,
  },
  {
    source: '7.16 documento cartográfico by a body with its place in parentheses (INSTITUTO GEOGRÁFICO E CARTOGRÁFICO (São Paulo, SP))',
    record: marc(
      'em',
      { date1: 1994 },
      df('110', '2 ', ['a', 'Instituto Geográfico e Cartográfico (São Paulo, SP).']),
      df('245', '10', ['a', 'Regiões de governo do Estado de São Paulo.']),
      df('255', '  ', ['a', 'Escala 1:2.000.']),
      df('260', '  ', ['a', 'São Paulo :'], ['b', 'IGC,'], ['c', '1994.']),
      df('300', '  ', ['a', '1 atlas.']),
    ),
    expected: 'INSTITUTO GEOGRÁFICO E CARTOGRÁFICO (São Paulo, SP). Regiões de governo do Estado de São Paulo. São Paulo: IGC, 1994. 1 atlas. Escala 1:2.000.',
    bold: 'Regiões de governo do Estado de São Paulo',
  },
  // Issue 56: the demo's records and the cases the review found, each written out by hand from the rule it cites.
  {
    source:
      '7.13 documento sonoro entered under its title (245 ind1 0): a custodial collection ($5 DLC) is no author, a date catalogued in 260 $a is the date ("[1974]", 8.6.1), place and publisher unknown "[S. l.: s. n.]" (demo title 7)',
    record: marc(
      'jm',
      { status: 'p', date1: 1974, date2: '1953', lang: 'eng' },
      df('245', '00', ['a', '8th annual Roosevelt memorial concert, Waldorf Astoria Hotel, Grand Ballroom, January 30, 1953'], ['h', '[sound recording].']),
      df('260', '  ', ['a', '[1974]']),
      df('300', '  ', ['a', '2 sound tape reels :'], ['b', 'analog, 7 1/2 ips, 2 track, mono. ;'], ['c', '10 in.']),
      df('700', '1 ', ['a', 'Fuchs, Joseph.'], ['4', 'prf']),
      df('700', '1 ', ['a', 'Smith, Brooks.'], ['4', 'prf']),
      df('710', '2 ', ['a', 'Voice of America Music Library Collection (Library of Congress)'], ['5', 'DLC']),
    ),
    expected:
      '8TH annual Roosevelt memorial concert, Waldorf Astoria Hotel, Grand Ballroom, January 30, 1953. Intérprete: Joseph Fuchs e Brooks Smith. [S. l.: s. n.], [1974]. 2 sound tape reels, analog, 7 1/2 ips, 2 track, mono., 10 in.',
    bold: null,
  },
  {
    source:
      '7.13 documento sonoro: a collection heading without $5 is no author either; "between 1973 and 1991" is "[entre 1973 e 1991]" (8.6.1, less than 20 years), not the 1970 of 008 (demo title 4)',
    record: marc(
      'im',
      { status: 'q', date1: 1970, date2: '1991', lang: 'eng' },
      df('245', '00', ['a', "Danton's death"], ['h', '[sound recording].']),
      df('260', '  ', ['c', 'between 1973 and 1991.']),
      df('300', '  ', ['a', '4 sound tape reels :'], ['b', 'analog, 15 ips, 2 track, stereo., dbx encoded ;'], ['c', '10 in.']),
      df('700', '1 ', ['a', 'Büchner, Georg,'], ['d', '1813-1837.'], ['t', 'Dantons Tod.']),
      df('710', '2 ', ['a', 'National Radio Theatre of Chicago Collection (Library of Congress)']),
    ),
    expected: "DANTON'S death. [S. l.: s. n.], [entre 1973 e 1991]. 4 sound tape reels, analog, 15 ips, 2 track, stereo., dbx encoded, 10 in.",
    bold: null,
  },
  {
    source: '8.6.1 date uncertain between two years less than 20 apart, known only from 008 (q19001910): "[entre 1900 e 1910]"',
    record: marc(
      'am',
      { status: 'q', date1: 1900, date2: '1910' },
      df('100', '1 ', ['a', 'Alencar, José de.']),
      df('245', '10', ['a', 'Iracema :'], ['b', 'lenda do Ceará.']),
      df('260', '  ', ['a', 'Rio de Janeiro :'], ['b', 'Garnier.']),
    ),
    expected: 'ALENCAR, José de. Iracema: lenda do Ceará. Rio de Janeiro: Garnier, [entre 1900 e 1910].',
    bold: 'Iracema',
  },
  {
    source: '8.6.1 a longer span within one century (008 q19201990): the century, "[19--]"',
    record: marc(
      'am',
      { status: 'q', date1: 1920, date2: '1990' },
      df('245', '00', ['a', 'Modinhas imperiais.']),
      df('260', '  ', ['a', 'São Paulo :'], ['b', 'Chiarato.']),
    ),
    expected: 'MODINHAS imperiais. São Paulo: Chiarato, [19--].',
    bold: null,
  },
  {
    source: '8.4 and 8.6.1: probable place and date in brackets that open in 260 $a and close in $c ("[New York?", "1886?]")',
    record: marc(
      'am',
      { date1: 1886, lang: 'eng' },
      df('100', '1 ', ['a', 'Goldmark, Karl.']),
      df('245', '10', ['a', 'Die Königin von Saba ;'], ['b', 'opera in four acts.']),
      df('260', '  ', ['a', '[New York?'], ['c', '1886?]']),
    ),
    expected: 'GOLDMARK, Karl. Die Königin von Saba: opera in four acts. [New York?]: [s. n.], [1886?].',
    bold: 'Die Königin von Saba',
  },
  {
    source: '8.6.1 approximate date: "[ca. 1940]"',
    record: marc(
      'am',
      { date1: 1940 },
      df('100', '1 ', ['a', 'Lobato, Monteiro.']),
      df('245', '10', ['a', 'Reinações de Narizinho.']),
      df('260', '  ', ['a', 'São Paulo :'], ['b', 'Companhia Editora Nacional,'], ['c', '[ca. 1940]']),
    ),
    expected: 'LOBATO, Monteiro. Reinações de Narizinho. São Paulo: Companhia Editora Nacional, [ca. 1940].',
    bold: 'Reinações de Narizinho',
  },
  {
    source: '8.6.1 one year or the other, catalogued in English: "[1971 ou 1972]"',
    record: marc(
      'am',
      { date1: 1971 },
      df('100', '1 ', ['a', 'Rosa, João Guimarães.']),
      df('245', '10', ['a', 'Sagarana.']),
      df('260', '  ', ['a', 'Rio de Janeiro :'], ['b', 'José Olympio,'], ['c', '[1971 or 1972]']),
    ),
    expected: 'ROSA, João Guimarães. Sagarana. Rio de Janeiro: José Olympio, [1971 ou 1972].',
    bold: 'Sagarana',
  },
  {
    source: '8.4 and 8.5: a body as author and no place or publisher named: "[S. l.: s. n.]", not "[S. l.]"',
    record: marc(
      'am',
      { date1: 1996 },
      df('110', '2 ', ['a', 'Universidade Estante.'], ['b', 'Biblioteca Central.']),
      df('245', '10', ['a', 'Relatório anual.']),
      df('260', '  ', ['c', '1996.']),
    ),
    expected: 'UNIVERSIDADE ESTANTE. Biblioteca Central. Relatório anual. [S. l.: s. n.], 1996.',
    bold: 'Relatório anual',
  },
  {
    source: '8.5: the publisher named is the body entered as author, the place unknown: the publisher left out, "[S. l.]"',
    record: marc(
      'am',
      { date1: 2001 },
      df('110', '2 ', ['a', 'Universidade Estante.']),
      df('245', '10', ['a', 'Guia do usuário.']),
      df('260', '  ', ['b', 'Universidade Estante,'], ['c', '2001.']),
    ),
    expected: 'UNIVERSIDADE ESTANTE. Guia do usuário. [S. l.], 2001.',
    bold: 'Guia do usuário',
  },
  {
    source: '7.11.3 and 7.11.4 jurisprudência em meio eletrônico: court, number, the rapporteur as catalogued ("relatora"), online access (demo decisions)',
    record: marc(
      'am',
      { date1: 2019, nature: 'v' },
      df('110', '1 ', ['a', 'Brasil.'], ['b', 'Superior Tribunal de Justiça.']),
      df('245', '10', ['a', 'Recurso Especial nº 1.000.101/SC.']),
      df('264', ' 1', ['a', 'Brasília, DF,'], ['c', '2019.']),
      df('700', '1 ', ['a', 'Almeida, Helena,'], ['e', 'relatora.']),
      df('856', '40', ['u', 'https://jurisprudencia.demo.estante.local/jur-001']),
    ),
    expected:
      'BRASIL. Superior Tribunal de Justiça. Recurso Especial nº 1.000.101/SC. Relatora: Helena Almeida. Brasília, DF, 2019. Disponível em: https://jurisprudencia.demo.estante.local/jur-001. Acesso em: 22 nov. 2026.',
  },
  {
    source: '7.11.3 jurisprudência: the rapporteur from relator code jud, "Relator:"',
    record: marc(
      'am',
      { date1: 2020, nature: 'v' },
      df('110', '1 ', ['a', 'Brasil.'], ['b', 'Supremo Tribunal Federal.']),
      df('245', '10', ['a', 'Recurso Extraordinário nº 1.000.202/SC.']),
      df('264', ' 1', ['a', 'Brasília, DF,'], ['c', '2020.']),
      df('700', '1 ', ['a', 'Barros, Ricardo.'], ['4', 'jud']),
    ),
    expected: 'BRASIL. Supremo Tribunal Federal. Recurso Extraordinário nº 1.000.202/SC. Relator: Ricardo Barros. Brasília, DF, 2020.',
  },
  {
    source: '7.13.1 vídeo whose only named person is its main entry, without relator: entered under the title, the person as "Direção" (demo videos)',
    record: marc(
      'gm',
      { date1: 2015 },
      df('100', '1 ', ['a', 'Coutinho, Eduardo.']),
      df('245', '10', ['a', 'Últimas conversas /'], ['c', 'Eduardo Coutinho.']),
      df('264', ' 1', ['a', 'Rio de Janeiro :'], ['b', 'VideoFilmes,'], ['c', '2015.']),
      df('300', '  ', ['a', '1 DVD (85 min) :'], ['b', 'son., color.']),
    ),
    expected: 'ÚLTIMAS conversas. Direção: Eduardo Coutinho. Rio de Janeiro: VideoFilmes, 2015. 1 DVD (85 min), son., color.',
    bold: null,
  },
  {
    source:
      '8.1.1.4 a title-entry record (245 ind1 0): the coordinator named in 245 $c is the entry "(coord.)"; the texts\' authors and the organising museum are no co-authors; 8.4 a supplied place in brackets (Coleção Nemirovsky)',
    record: marc(
      'am',
      { date1: 2003 },
      df(
        '245',
        '00',
        ['a', 'Coleção Nemirovsky /'],
        ['c', 'coordenação editorial, Maria Alice Milliet ; textos de Maria Alice Milliet ... [et al.] ; pesquisa, Aida Cordeiro.'],
      ),
      df('260', '  ', ['a', '[São Paulo] :'], ['b', 'Museu de Arte Moderna de São Paulo :'], ['b', 'Fundação José e Paulina Nemirovsky,'], ['c', '[2003?]']),
      df('300', '  ', ['a', '323 p.']),
      df('700', '1 ', ['a', 'Milliet, Maria Alice.']),
      df('700', '1 ', ['a', 'Cordeiro, Aida.']),
      df('710', '2 ', ['a', 'Museu de Arte Moderna de São Paulo.']),
      df('710', '2 ', ['a', 'Fundação José e Paulina Nemirovsky.']),
    ),
    expected:
      'MILLIET, Maria Alice (coord.). Coleção Nemirovsky. [São Paulo]: Museu de Arte Moderna de São Paulo; Fundação José e Paulina Nemirovsky, [2003?].',
    bold: 'Coleção Nemirovsky',
  },
  {
    source: '8.1.1.4 a title-entry record whose 245 $c says "edited by": the editors as entry "(ed.)"',
    record: marc(
      'am',
      { date1: 2006, lang: 'eng' },
      df(
        '245',
        '00',
        ['a', 'Global feminism :'],
        ['b', "transnational women's activism, organizing, and human rights /"],
        ['c', 'edited by Myra Marx Ferree and Aili Mari Tripp.'],
      ),
      df('260', '  ', ['a', 'New York :'], ['b', 'New York University Press,'], ['c', 'c2006.']),
      df('700', '1 ', ['a', 'Ferree, Myra Marx.']),
      df('700', '1 ', ['a', 'Tripp, Aili Mari.']),
    ),
    expected:
      "FERREE, Myra Marx; TRIPP, Aili Mari (ed.). Global feminism: transnational women's activism, organizing, and human rights. New York: New York University Press, c2006.",
    bold: 'Global feminism',
  },
  {
    source: '8.1.1 a performer as main entry: a body added without relator (the producing division) is no co-author',
    record: marc(
      'jm',
      { date1: 1996, lang: 'eng' },
      df('100', '1 ', ['a', 'Rousset, Christophe.'], ['4', 'prf']),
      df('245', '10', ['a', '[Library of Congress Music Division concert, 1996-12-03]'], ['h', '[sound recording].']),
      df('260', '  ', ['c', '1996.']),
      df('300', '  ', ['a', '1 sound cassette :'], ['b', 'digital, stereo.']),
      df('710', '2 ', ['a', 'Library of Congress.'], ['b', 'Music Division.']),
    ),
    expected: 'ROUSSET, Christophe. [Library of Congress Music Division concert, 1996-12-03]. [S. l.: s. n.], 1996. 1 sound cassette, digital, stereo.',
    bold: '[Library of Congress Music Division concert, 1996-12-03]',
  },
  {
    source: '8.4 an abbreviation keeps its full stop before ISBD\'s " :" (264 "Reading, Mass. :"), edition as catalogued',
    record: marc(
      'am',
      { date1: 1990, lang: 'eng' },
      df('100', '1 ', ['a', 'Date, C. J.']),
      df('245', '13', ['a', 'An introduction to database systems /'], ['c', 'C. J. Date.']),
      df('250', '  ', ['a', '5th ed.']),
      df('264', ' 1', ['a', 'Reading, Mass. :'], ['b', 'Addison-Wesley,'], ['c', '1990.']),
    ),
    expected: 'DATE, C. J. An introduction to database systems. 5th ed. Reading, Mass.: Addison-Wesley, 1990.',
    bold: 'An introduction to database systems',
  },
  {
    source: '8.4 and 8.5 abbreviations before "," and " :" keep their stop in place and publisher ("Conn. :", "Keats Pub.,"), copyright date',
    record: marc(
      'am',
      { date1: 1980, lang: 'eng' },
      df('100', '1 ', ['a', 'Smith, George Adam.']),
      df('245', '10', ['a', 'Four psalms.']),
      df('260', '  ', ['a', 'New Canaan, Conn. :'], ['b', 'Keats Pub.,'], ['c', 'c1980.']),
    ),
    expected: 'SMITH, George Adam. Four psalms. New Canaan, Conn.: Keats Pub., c1980.',
    bold: 'Four psalms',
  },
];

const APA: Row[] = [
  {
    source: 'APA 7, 10.2 (books): authored book, edition, DOI (Jackson); subtitle capitalized (6.17)',
    record: marc(
      'am',
      { date1: 2019, lang: 'eng' },
      df('024', '7 ', ['a', '10.1037/0000168-000'], ['2', 'doi']),
      df('100', '1 ', ['a', 'Jackson, Lynne M.']),
      df('245', '14', ['a', 'The psychology of prejudice :'], ['b', 'from attitudes to social action /'], ['c', 'Lynne M. Jackson.']),
      df('250', '  ', ['a', '2nd ed.']),
      df('264', ' 1', ['a', 'Washington, DC :'], ['b', 'American Psychological Association,'], ['c', '2019.']),
    ),
    expected:
      'Jackson, L. M. (2019). The psychology of prejudice: From attitudes to social action (2nd ed.). American Psychological Association. https://doi.org/10.1037/0000168-000',
  },
  {
    source: 'APA 7, 10.3 (edited book chapters): chapter in an edited book (Aron, Botella & Lubart)',
    record: marc(
      'aa',
      { date1: 2019, lang: 'eng' },
      df('024', '7 ', ['a', '10.1037/0000120-016'], ['2', 'doi']),
      df('100', '1 ', ['a', 'Aron, Lisa.']),
      df('245', '10', ['a', 'Culinary arts :'], ['b', 'talent and their development /'], ['c', 'Lisa Aron, Marion Botella, Todd Lubart.']),
      df('700', '1 ', ['a', 'Botella, Marion.']),
      df('700', '1 ', ['a', 'Lubart, Todd.']),
      df(
        '773',
        '0 ',
        ['a', 'Subotnik, Rena F.; Olszewski-Kubilius, Paula; Worrell, Frank C. (eds.)'],
        ['t', 'The psychology of high performance : developing human potential into domain-specific talent'],
        ['d', 'Washington, DC : American Psychological Association, 2019'],
        ['g', 'p. 345-359'],
      ),
    ),
    expected:
      'Aron, L., Botella, M., & Lubart, T. (2019). Culinary arts: Talent and their development. In R. F. Subotnik, P. Olszewski-Kubilius, & F. C. Worrell (Eds.), The psychology of high performance: Developing human potential into domain-specific talent (pp. 345–359). American Psychological Association. https://doi.org/10.1037/0000120-016',
  },
  {
    source: 'APA 7, 10.6 (dissertations and theses): unpublished doctoral dissertation (Harris)',
    record: marc(
      'am',
      { date1: 2014, lang: 'eng' },
      df('100', '1 ', ['a', 'Harris, L.']),
      df('245', '10', ['a', 'Instructional leadership perceptions and practices of elementary school leaders /'], ['c', 'L. Harris.']),
      df('264', ' 1', ['a', 'Charlottesville, VA,'], ['c', '2014.']),
      df('502', '  ', ['b', 'Ph. D.'], ['c', 'University of Virginia'], ['d', '2014']),
    ),
    expected:
      'Harris, L. (2014). Instructional leadership perceptions and practices of elementary school leaders [Unpublished doctoral dissertation]. University of Virginia.',
  },
  {
    source: 'APA 7, 10.1 example 1: journal article with DOI, five authors (Grady et al.)',
    record: marc(
      'ab',
      { date1: 2019, lang: 'eng' },
      df('024', '7 ', ['a', '10.1037/ppm0000185'], ['2', 'doi']),
      df('100', '1 ', ['a', 'Grady, Jessica Stoltzfus.']),
      df('245', '10', ['a', 'Emotions in storybooks :'], ['b', 'a comparison of storybooks that represent ethnic and racial groups in the United States.']),
      df('700', '1 ', ['a', 'Her, Malena.']),
      df('700', '1 ', ['a', 'Moreno, Geizi.']),
      df('700', '1 ', ['a', 'Perez, Catherine.']),
      df('700', '1 ', ['a', 'Yelinek, Jillian.']),
      df('773', '0 ', ['t', 'Psychology of Popular Media Culture'], ['g', 'v. 8, n. 3, p. 207-217, 2019'], ['x', '2160-4134']),
    ),
    expected:
      'Grady, J. S., Her, M., Moreno, G., Perez, C., & Yelinek, J. (2019). Emotions in storybooks: A comparison of storybooks that represent ethnic and racial groups in the United States. Psychology of Popular Media Culture, 8(3), 207–217. https://doi.org/10.1037/ppm0000185',
  },
  {
    source: 'APA 7, 10.12 (audiovisual media): film, director credited as such (Forman)',
    record: marc(
      'gm',
      { date1: 1975, lang: 'eng' },
      df('245', '00', ['a', 'One flew over the cuckoo’s nest /'], ['c', 'directed by Milos Forman.']),
      df('264', ' 1', ['a', 'Beverly Hills, CA :'], ['b', 'United Artists,'], ['c', '1975.']),
      df('300', '  ', ['a', '1 videodisc (133 min).']),
      df('700', '1 ', ['a', 'Forman, Milos,'], ['e', 'director.']),
    ),
    expected: 'Forman, M. (Director). (1975). One flew over the cuckoo’s nest [Film]. United Artists.',
  },
  {
    source: 'APA 7, 10.14 (visual works): map online (Cable)',
    record: marc(
      'em',
      { date1: 2013, lang: 'eng' },
      df('100', '1 ', ['a', 'Cable, Dustin.']),
      df('245', '14', ['a', 'The racial dot map /'], ['c', 'Dustin Cable.']),
      df('264', ' 1', ['a', 'Charlottesville, VA :'], ['b', 'University of Virginia, Weldon Cooper Center for Public Service,'], ['c', '2013.']),
      df('856', '40', ['u', 'https://demographics.coopercenter.org/DotMap/index.html']),
    ),
    expected:
      'Cable, D. (2013). The racial dot map [Map]. University of Virginia, Weldon Cooper Center for Public Service. https://demographics.coopercenter.org/DotMap/index.html',
  },
  {
    source: 'APA 7, 10.2 (books) and 9.29: group author that is also the publisher, publisher left out (American Psychiatric Association)',
    record: marc(
      'am',
      { date1: 2013, lang: 'eng' },
      df('024', '7 ', ['a', '10.1176/appi.books.9780890425596'], ['2', 'doi']),
      df('110', '2 ', ['a', 'American Psychiatric Association.']),
      df('245', '10', ['a', 'Diagnostic and statistical manual of mental disorders /'], ['c', 'American Psychiatric Association.']),
      df('250', '  ', ['a', '5th ed.']),
      df('264', ' 1', ['a', 'Arlington, VA :'], ['b', 'American Psychiatric Association,'], ['c', '2013.']),
    ),
    expected:
      'American Psychiatric Association. (2013). Diagnostic and statistical manual of mental disorders (5th ed.). https://doi.org/10.1176/appi.books.9780890425596',
  },
  {
    source: 'APA 7, 10.16 (webpages and websites): page of a group author, full date (Centers for Disease Control and Prevention)',
    record: marc(
      'mm',
      { status: 'e', date1: 2018, date2: '0123', lang: 'eng' },
      df('110', '2 ', ['a', 'Centers for Disease Control and Prevention.']),
      df('245', '10', ['a', 'People at high risk of developing flu–related complications.']),
      df('264', ' 1', ['a', 'Atlanta, GA :'], ['b', 'Centers for Disease Control and Prevention,'], ['c', '2018.']),
      df('856', '40', ['u', 'https://www.cdc.gov/flu/about/disease/high_risk.htm']),
    ),
    expected:
      'Centers for Disease Control and Prevention. (2018, January 23). People at high risk of developing flu–related complications. https://www.cdc.gov/flu/about/disease/high_risk.htm',
  },
];

const VANCOUVER: Row[] = [
  {
    source: 'Citing Medicine ch. 2 (books), example 1: personal authors, edition (Speroff; pagination left out, optional)',
    record: marc(
      'am',
      { date1: 2005, lang: 'eng' },
      df('100', '1 ', ['a', 'Speroff, Leon.']),
      df('245', '10', ['a', 'Clinical gynecologic endocrinology and infertility /'], ['c', 'Leon Speroff, Marc A. Fritz.']),
      df('250', '  ', ['a', '7th ed.']),
      df('260', '  ', ['a', 'Philadelphia :'], ['b', 'Lippincott Williams & Wilkins,'], ['c', '2005.']),
      df('700', '1 ', ['a', 'Fritz, Marc A.']),
    ),
    expected: '1. Speroff L, Fritz MA. Clinical gynecologic endocrinology and infertility. 7th ed. Philadelphia: Lippincott Williams & Wilkins; 2005.',
  },
  {
    source: 'Citing Medicine ch. 2, organization as author (Advanced Life Support Group; pagination left out)',
    record: marc(
      'am',
      { date1: 2001, lang: 'eng' },
      df('110', '2 ', ['a', 'Advanced Life Support Group.']),
      df('245', '10', ['a', 'Acute medical emergencies :'], ['b', 'the practical approach.']),
      df('260', '  ', ['a', 'London :'], ['b', 'BMJ Books,'], ['c', '2001.']),
    ),
    expected: '1. Advanced Life Support Group. Acute medical emergencies: the practical approach. London: BMJ Books; 2001.',
  },
  {
    source: 'Citing Medicine ch. 2 (contributions to books): chapter in an edited book (Meltzer)',
    record: marc(
      'aa',
      { date1: 2002, lang: 'eng' },
      df('100', '1 ', ['a', 'Meltzer, Paul S.']),
      df('245', '10', ['a', 'Chromosome alterations in human solid tumors /'], ['c', 'Paul S. Meltzer, Anne Kallioniemi, Jeffrey M. Trent.']),
      df('700', '1 ', ['a', 'Kallioniemi, Anne.']),
      df('700', '1 ', ['a', 'Trent, Jeffrey M.']),
      df(
        '773',
        '0 ',
        ['a', 'Vogelstein, Bert; Kinzler, Kenneth W. (eds.)'],
        ['t', 'The genetic basis of human cancer'],
        ['d', 'New York : McGraw-Hill, 2002'],
        ['g', 'p. 93-113'],
      ),
    ),
    expected:
      '1. Meltzer PS, Kallioniemi A, Trent JM. Chromosome alterations in human solid tumors. In: Vogelstein B, Kinzler KW, editors. The genetic basis of human cancer. New York: McGraw-Hill; 2002. p. 93-113.',
  },
  {
    source: 'Citing Medicine ch. 1 (journal articles), example 1: abbreviated journal title, month, elided page range (Petitti)',
    record: marc(
      'ab',
      { date1: 2005, lang: 'eng' },
      df('100', '1 ', ['a', 'Petitti, Diana B.']),
      df('245', '10', ['a', 'Blood pressure levels before dementia /'], ['c', 'Diana B. Petitti … [et al.].']),
      df('700', '1 ', ['a', 'Crooks, Valerie C.']),
      df('700', '1 ', ['a', 'Buckwalter, J. M.']),
      df('700', '1 ', ['a', 'Chiu, Vicki.']),
      df('773', '0 ', ['t', 'Archives of neurology'], ['p', 'Arch Neurol'], ['g', 'v. 62, n. 1, p. 112-116, Jan. 2005']),
    ),
    expected: '1. Petitti DB, Crooks VC, Buckwalter JM, Chiu V. Blood pressure levels before dementia. Arch Neurol. 2005 Jan;62(1):112-6.',
  },
  {
    source: 'Citing Medicine ch. 5 (dissertations and theses): "[dissertation]", place supplied in brackets (Kay; pagination left out)',
    record: marc(
      'am',
      { date1: 2007, lang: 'eng' },
      df('100', '1 ', ['a', 'Kay, Jason G.']),
      df('245', '10', ['a', 'Intracellular cytokine trafficking and phagocytosis in macrophages /'], ['c', 'Jason G. Kay.']),
      df('260', '  ', ['a', '[St. Lucia, Qld] :'], ['b', 'University of Queensland,'], ['c', '2007.']),
      df('502', '  ', ['b', 'Ph. D.'], ['c', 'University of Queensland'], ['d', '2007']),
    ),
    expected: '1. Kay JG. Intracellular cytokine trafficking and phagocytosis in macrophages [dissertation]. [St. Lucia, Qld]: University of Queensland; 2007.',
  },
  {
    source: 'Citing Medicine ch. 9 (audio and visual media), as in the ICMJE sample references: "[videocassette]" (Chason)',
    record: marc(
      'gm',
      { date1: 2002, lang: 'eng' },
      df('100', '1 ', ['a', 'Chason, Kevin W.']),
      df('245', '10', ['a', 'Hospital preparedness for bioterrorism /'], ['c', 'Kevin W. Chason, Sal Sallustio.']),
      df('260', '  ', ['a', 'Secaucus (NJ) :'], ['b', 'Network for Continuing Medical Education,'], ['c', '2002.']),
      df('338', '  ', ['a', 'videocassette']),
      df('700', '1 ', ['a', 'Sallustio, Sal.']),
    ),
    expected:
      '1. Chason KW, Sallustio S. Hospital preparedness for bioterrorism [videocassette]. Secaucus (NJ): Network for Continuing Medical Education; 2002.',
  },
];

describe('ABNT NBR 6023:2018 references', () => {
  it.each(ABNT)('$source', ({ record, expected, bold, today }) => {
    const { texto, html } = format(record, 'abnt', 'pt', today);
    expect(texto).toBe(expected);
    if (bold !== undefined) expect(boldRuns(html)).toEqual(bold === null ? [] : [bold]);
  });

  it('lists references in one alphabetical order (9.1), accents and capitals aside, whatever the order they come in', () => {
    const pick = (text: string) => ABNT.find((row) => row.expected.startsWith(text))!;
    const rows = ['SÃO PAULO', 'OS GRANDES', 'ARAUJO', 'BRASIL. Lei nº 10.406', 'BRASIL e parte', 'ALCIONE', 'BIBLIOTECA', 'BARTÓK'].map(pick);
    const items = rows.map((row, i) => item(row.record, i + 1, row.today));
    expect(
      formatReference(items, 'abnt', 'pt')
        .texto.split('\n')
        .map((line) => line.slice(0, 22)),
    ).toEqual([
      'ALCIONE. Ouro e cobre.',
      'ARAUJO, U. A. M. Másca',
      'BARTÓK, Béla. O mandar',
      'BIBLIOTECA NACIONAL (B',
      'BRASIL. Lei nº 10.406,',
      'BRASIL e parte da Amér',
      'OS GRANDES clássicos d',
      'SÃO PAULO (Estado). Se',
    ]);
  });

  it('files word by word, nothing before something (NBR 6033): a surname alone before a longer one, a body before its title namesake', () => {
    const book = (heading: ['100' | '110', string, string?], title: string) =>
      marc(
        'am',
        { date1: 2000 },
        df(heading[0], '1 ', ['a', heading[1]], ...(heading[2] ? [['b', heading[2]] as [string, string]] : [])),
        df('245', '10', ['a', title]),
        df('260', '  ', ['a', 'Recife :'], ['b', 'X,'], ['c', '2000.']),
      );
    const records = [
      book(['100', 'Silva Junior, Ana.'], 'Zoologia.'),
      book(['110', 'Brasil.', 'Ministério da Justiça.'], 'Relatório.'),
      book(['100', 'Silva, Zeca.'], 'Botânica.'),
      marc('am', { date1: 2000 }, df('245', '00', ['a', 'Brasil em números.']), df('260', '  ', ['a', 'Rio de Janeiro :'], ['b', 'IBGE,'], ['c', '2000.'])),
      book(['110', 'Brasil.'], 'Relatório geral.'),
    ];
    expect(
      formatReference(
        records.map((r, i) => item(r, i + 1)),
        'abnt',
        'pt',
      ).texto.split('\n'),
    ).toEqual([
      'BRASIL. Relatório geral. Recife: X, 2000.',
      'BRASIL. Ministério da Justiça. Relatório. Recife: X, 2000.',
      'BRASIL em números. Rio de Janeiro: IBGE, 2000.',
      'SILVA, Zeca. Botânica. Recife: X, 2000.',
      'SILVA JUNIOR, Ana. Zoologia. Recife: X, 2000.',
    ]);
  });

  it('gives an act catalogued with the official gazette as publisher as published in it (7.11.1), the gazette in bold', () => {
    const record = marc(
      'am',
      { date1: 1996, nature: 'l' },
      df('110', '1 ', ['a', 'Brasil.']),
      df('245', '10', ['a', 'Lei nº 9.394, de 20 de dezembro de 1996 :'], ['b', 'estabelece as diretrizes e bases da educação nacional.']),
      df('264', ' 1', ['a', 'Brasília, DF :'], ['b', 'Diário Oficial da União,'], ['c', '1996.']),
    );
    const { texto, html } = format(record, 'abnt');
    expect(texto).toBe(
      'BRASIL. Lei nº 9.394, de 20 de dezembro de 1996. Estabelece as diretrizes e bases da educação nacional. Diário Oficial da União, Brasília, DF, 1996.',
    );
    expect(boldRuns(html)).toEqual(['Diário Oficial da União']);
  });

  it('escapes the HTML form and keeps one entry per reference', () => {
    const record = marc(
      'am',
      { date1: 2001 },
      df('100', '1 ', ['a', 'Souza, Ana.']),
      df('245', '10', ['a', 'Dados <script> & cia']),
      df('260', '  ', ['a', 'Recife :'], ['b', 'X,'], ['c', '2001.']),
    );
    const { html } = format(record, 'abnt');
    expect(html).toContain('<b>Dados &lt;script&gt; &amp; cia</b>');
    expect(html.match(/class="csl-entry"/g)).toHaveLength(1);
  });
});

describe('APA 7 references (CSL processor, English)', () => {
  it.each(APA)('$source', ({ record, expected }) => {
    expect(format(record, 'apa', 'en').texto).toBe(expected);
  });
});

describe('Vancouver references (CSL processor, English)', () => {
  it.each(VANCOUVER)('$source', ({ record, expected }) => {
    expect(format(record, 'vancouver', 'en').texto).toBe(expected);
  });
});

const row = (list: Row[], text: string) => list.find((r) => r.expected.includes(text))!.record;

/** A thesis with an advisor, a 125-leaf extent and the degree in the note. */
const THESIS = marc(
  'am',
  { date1: 2019 },
  df('100', '1 ', ['a', 'Silva, Ana Maria da.']),
  df('245', '10', ['a', 'Formação de professores e tecnologias digitais /'], ['c', 'Ana Maria da Silva ; orientador: Dermeval Saviani.']),
  df('260', '  ', ['a', 'Florianópolis,'], ['c', '2019.']),
  df('300', '  ', ['a', 'xii, 125 f. :'], ['b', 'il. ;'], ['c', '30 cm.']),
  df('502', '  ', ['a', 'Tese (Doutorado em Educação) - Universidade Federal de Santa Catarina, 2019.']),
  df('700', '1 ', ['a', 'Saviani, Dermeval,'], ['e', 'orientador.']),
);
const DISSERTATION = marc(
  'am',
  { date1: 2015 },
  df('100', '1 ', ['a', 'Pereira, João.']),
  df('245', '10', ['a', 'Leitura na escola /'], ['c', 'João Pereira.']),
  df('260', '  ', ['a', 'Recife,'], ['c', '2015.']),
  df('300', '  ', ['a', '98 f.']),
  df('502', '  ', ['a', 'Dissertação (Mestrado em Letras) - Universidade Federal de Pernambuco, Recife, 2015.']),
  df('700', '1 ', ['a', 'Lima, Maria,'], ['4', 'ths']),
);
const TRANSLATED = marc(
  'am',
  { date1: 2010 },
  df('245', '00', ['a', 'Ensaios escolhidos /'], ['c', 'organização de Ana Costa ; tradução de Rui Lopes.']),
  df('260', '  ', ['a', 'São Paulo :'], ['b', 'Ática,'], ['c', '2010.']),
  df('300', '  ', ['a', '320 p.']),
  df('700', '1 ', ['a', 'Costa, Ana,'], ['e', 'org.']),
  df('700', '1 ', ['a', 'Lopes, Rui,'], ['e', 'tradutor.']),
);
const ARCHIVE = marc(
  'pca',
  { date1: 1950 },
  df('100', '1 ', ['a', 'Vargas, Getúlio.']),
  df('245', '10', ['a', 'Correspondência com o Ministério da Guerra.']),
  df('300', '  ', ['a', '40 documentos.']),
);

/** A German doctoral dissertation of 1903, as LC catalogued it (demo title 24). */
const HEUSS = marc(
  'am',
  { date1: 1903, lang: 'ger' },
  df('100', '1 ', ['a', 'Heuss, Alfred,'], ['d', '1877-1934.']),
  df('245', '14', ['a', 'Die Instrumental-Stücke des "Orfeo" und die venetianischen Opern-Sinfonien.']),
  df('260', '  ', ['a', 'Leipzig,'], ['b', 'Druck von Breitkopf & Härtel,'], ['c', '1903.']),
  df('300', '  ', ['a', '4 p. l., 125 p.'], ['c', '23 cm.']),
  df('502', '  ', ['a', 'Inaug.-diss.--Leipzig.']),
);

/** The tags of each RIS record, as a grammar-based RIS parser reads them. */
function risEntries(text: string) {
  return RIS.parse(text).children.map((entry) => ({
    type: entry.type,
    tags: entry.properties.reduce<Record<string, string[]>>((all, p) => ({ ...all, [p.key]: [...(all[p.key] ?? []), p.value] }), {}),
  }));
}

describe('RIS: reference type and every contributor in its tag (RIS specification)', () => {
  it.each<[string, MarcRecord, string, Record<string, string[]>]>([
    ['a score: MUSIC, the composer as AU', row(ABNT, 'BARTÓK'), 'MUSIC', { AU: ['Bartók, Béla'], TI: ['O mandarim maravilhoso. Op. 19'], PB: ['Universal'] }],
    [
      'a film: VIDEO, the director as AU, the producers as A3',
      row(ABNT, 'CENTRAL do Brasil'),
      'VIDEO',
      { AU: ['Salles Júnior, Walter'], A3: ['Clermont-Tonnerre, Martire de', 'Cohn, Arthur'], PY: ['1998'] },
    ],
    [
      'a thesis: THES, the advisor as A3, SP the number of leaves (not a page range), M3 the degree',
      THESIS,
      'THES',
      {
        AU: ['Silva, Ana Maria da'],
        A3: ['Saviani, Dermeval'],
        SP: ['125'],
        M3: ['Tese (Doutorado em Educação)'],
        PB: ['Universidade Federal de Santa Catarina'],
      },
    ],
    [
      'a book: BOOK, the organizer as A3, the translator as A4, SP the number of pages',
      TRANSLATED,
      'BOOK',
      { A3: ['Costa, Ana'], A4: ['Lopes, Rui'], SP: ['320'], CY: ['São Paulo'], PB: ['Ática'] },
    ],
    [
      'a chapter: CHAP, the book in T2, its organizers as A2, SP and EP',
      row(ABNT, 'ROMANO'),
      'CHAP',
      { AU: ['Romano, Giovanni'], A2: ['Levi, G.', 'Schmidt, J.'], T2: ['História dos jovens 2: a época contemporânea'], SP: ['7'], EP: ['16'] },
    ],
    [
      'an article: JOUR, journal, volume, issue, first and last page',
      row(ABNT, 'GURGEL'),
      'JOUR',
      { T2: ['Política e Administração'], VL: ['3'], IS: ['2'], SP: ['15'], EP: ['21'] },
    ],
    ['a law: STAT, the jurisdiction as AU', row(ABNT, 'Lei nº 10.406'), 'STAT', { AU: ['Brasil'], T2: ['Diário Oficial da União'] }],
    ['a technical standard: STAND', row(ABNT, 'NBR 14724'), 'STAND', { AU: ['Associação Brasileira de Normas Técnicas'] }],
    ['an archive document: MANSCPT', ARCHIVE, 'MANSCPT', { AU: ['Vargas, Getúlio'] }],
    ['a map: MAP, the scale in C1', row(ABNT, 'Michalany'), 'MAP', { C1: ['Escala 1:600.000'] }],
    ['a periodical: JFULL with its ISSN', row(ABNT, 'REVISTA BRASILEIRA'), 'JFULL', { SN: ['0034-723X'], PY: ['1939'] }],
    ['a sound recording: SOUND, the performer as A2', row(ABNT, 'FAGNER'), 'SOUND', { A2: ['Fagner, Raimundo'] }],
    ['a video naming no director: VIDEO, its main entry as AU', row(ABNT, 'ÚLTIMAS conversas'), 'VIDEO', { AU: ['Coutinho, Eduardo'] }],
    [
      'a title-entry catalogue: the coordinator as editor (A3), no author',
      row(ABNT, 'Coleção Nemirovsky'),
      'BOOK',
      { A3: ['Milliet, Maria Alice'], CY: ['[São Paulo]'], PB: ['Museu de Arte Moderna de São Paulo; Fundação José e Paulina Nemirovsky'] },
    ],
  ])('%s', (_, record, type, tags) => {
    const [entry] = risEntries(toRis([item(record)]));
    expect(entry!.type).toBe(type);
    expect(entry!.tags).toMatchObject(tags);
  });

  it('names no custodial collection as a creator (7XX $5, or a "… Collection (Library of Congress)" heading)', () => {
    const entries = risEntries(toRis([item(row(ABNT, '8TH annual Roosevelt'), 1), item(row(ABNT, "DANTON'S death"), 2)]));
    expect(entries.map((e) => e.tags.AU)).toEqual([undefined, undefined]);
    expect(entries[0]!.tags.A2).toEqual(['Fuchs, Joseph', 'Smith, Brooks']);
  });

  it('writes several records that parse back one by one, with CRLF lines and the access date of online documents', () => {
    const text = toRis([item(THESIS, 1), item(row(ABNT, 'BAVARESCO'), 2, '2011-08-21')]);
    expect(text.split('\r\n').every((line) => !line.includes('\n'))).toBe(true);
    const entries = risEntries(text);
    expect(entries.map((e) => e.type)).toEqual(['THES', 'BOOK']);
    expect(entries[1]!.tags).toMatchObject({
      A3: ['Bavaresco, Agemir', 'Barbosa, Evandro', 'Etcheverry, Katia Martin'],
      UR: ['http://ebooks.pucrs.br/edipucrs/projetosdefilosofia.pdf'],
      Y2: ['2011/08/21'],
    });
  });
});

/** The entries of a BibTeX file, as @retorquere/bibtex-parser (Better BibTeX's parser) reads them; a file it cannot read fails the test. */
function bibEntries(text: string) {
  const library = parseBibtex(text);
  expect(library.errors).toEqual([]);
  return library.entries;
}

describe('BibTeX: entry type and every contributor in its field', () => {
  it.each<[string, MarcRecord, string, Record<string, unknown>]>([
    [
      'a doctoral thesis (502 "Tese (Doutorado …)"): @phdthesis with school, type and the advisor as biblatex editor of type advisor',
      THESIS,
      'phdthesis',
      {
        author: [{ lastName: 'Silva', firstName: 'Ana Maria da' }],
        editor: [{ lastName: 'Saviani', firstName: 'Dermeval' }],
        editortype: 'advisor',
        school: 'Universidade Federal de Santa Catarina',
        type: 'Tese (Doutorado em Educação)',
        address: 'Florianópolis',
        year: '2019',
        pagetotal: '125',
      },
    ],
    [
      'a dissertation (502 "Dissertação (Mestrado …)"): @mastersthesis, the advisor from relator code ths',
      DISSERTATION,
      'mastersthesis',
      {
        editor: [{ lastName: 'Lima', firstName: 'Maria' }],
        editortype: 'advisor',
        school: 'Universidade Federal de Pernambuco',
        type: 'Dissertação (Mestrado em Letras)',
      },
    ],
    [
      'an edited, translated book: @book with editor and translator',
      TRANSLATED,
      'book',
      { editor: [{ lastName: 'Costa', firstName: 'Ana' }], translator: [{ lastName: 'Lopes', firstName: 'Rui' }], publisher: ['Ática'], address: 'São Paulo' },
    ],
    [
      'a chapter: @incollection with booktitle, the organizers as editor, pages',
      row(ABNT, 'ROMANO'),
      'incollection',
      {
        booktitle: 'História dos jovens 2: a época contemporânea',
        editor: [
          { lastName: 'Levi', firstName: 'G.' },
          { lastName: 'Schmidt', firstName: 'J.' },
        ],
        pages: '7–16',
        publisher: ['Companhia das Letras'],
      },
    ],
    [
      'an article: @article with journal, volume, number, pages, doi',
      row(APA, 'Grady'),
      'article',
      { journal: 'Psychology of Popular Media Culture', volume: '8', number: '3', pages: '207–217', doi: '10.1037/ppm0000185' },
    ],
    [
      'a score: @misc, the composer as author',
      row(ABNT, 'BARTÓK'),
      'misc',
      { author: [{ lastName: 'Bartók', firstName: 'Béla' }], howpublished: '1 partitura' },
    ],
    [
      'a film: @video, the director as editor of type director (as Better BibTeX writes and reads it), the producers as editora of type producer',
      row(ABNT, 'CENTRAL do Brasil'),
      'video',
      {
        editor: [{ lastName: 'Salles Júnior', firstName: 'Walter' }],
        editortype: 'director',
        editora: [
          { lastName: 'Clermont-Tonnerre', firstName: 'Martire de' },
          { lastName: 'Cohn', firstName: 'Arthur' },
        ],
        editoratype: 'producer',
      },
    ],
    [
      'a German doctoral dissertation (502 "Inaug.-diss.--Leipzig"): @phdthesis, not @mastersthesis',
      HEUSS,
      'phdthesis',
      { author: [{ lastName: 'Heuss', firstName: 'Alfred' }], type: 'Inaug.-diss.', school: 'Leipzig' },
    ],
    [
      'a Finnish doctoral dissertation (502 "Väitöskirja"): @phdthesis',
      marc(
        'am',
        { date1: 1994, lang: 'fin' },
        df('100', '1 ', ['a', 'Vainio-Korhonen, Kirsi.']),
        df('245', '10', ['a', 'Kultaa ja hopeaa mestarien työkirjoissa.']),
        df('260', '  ', ['a', 'Helsinki :'], ['b', 'Suomen historiallinen seura,'], ['c', '1994.']),
        df('502', '  ', ['a', 'Väitöskirja -- Turun yliopisto.']),
      ),
      'phdthesis',
      { school: 'Turun yliopisto' },
    ],
    [
      'a master\'s thesis in English (502 "Thesis (M.A.)"): @mastersthesis',
      marc(
        'am',
        { date1: 2001, lang: 'eng' },
        df('100', '1 ', ['a', 'Brown, Ann.']),
        df('245', '10', ['a', 'Reading circles.']),
        df('260', '  ', ['a', 'Austin,'], ['c', '2001.']),
        df('502', '  ', ['a', 'Thesis (M.A.) -- University of Texas at Austin, 2001.']),
      ),
      'mastersthesis',
      { school: 'University of Texas at Austin' },
    ],

    ['a law: @legislation, the jurisdiction whole as author', row(ABNT, 'Lei nº 10.406'), 'legislation', { author: [{ name: 'Brasil' }] }],
    ['a body with subordinate units: braced whole', row(ABNT, 'Ministério da Justiça'), 'book', { author: [{ name: 'Brasil. Ministério da Justiça' }] }],
    ['a standard: @standard', row(ABNT, 'NBR 14724'), 'standard', { title: 'NBR 14724: informação e documentação: trabalhos acadêmicos: apresentação' }],
  ])('%s', (_, record, type, fields) => {
    const [entry] = bibEntries(toBibtex([item(record, 7)]));
    expect(entry!.type).toBe(type);
    expect(entry!.key).toBe('estante7');
    expect(entry!.fields).toMatchObject(fields);
  });

  it('escapes TeX specials and keys each entry by title number', () => {
    const record = marc(
      'am',
      { date1: 2001 },
      df('100', '1 ', ['a', 'Souza, Ana.']),
      df('245', '10', ['a', 'Lucros & perdas: 100% em #1_a']),
      df('260', '  ', ['a', 'Recife :'], ['b', 'X,'], ['c', '2001.']),
    );
    const entries = bibEntries(toBibtex([item(record, 1), item(THESIS, 2)]));
    expect(entries.map((e) => e.key)).toEqual(['estante1', 'estante2']);
    expect(entries[0]!.fields.title).toBe('Lucros & perdas: 100% em #1_a');
  });

  it("gives a reader that knows only editor (citation.js) the film's director and the thesis's advisor", () => {
    const csl = new Cite(toBibtex([item(row(ABNT, 'CENTRAL do Brasil'), 1), item(THESIS, 2)])).format('data', { format: 'object' }) as unknown as {
      id: string;
      type: string;
      editor?: { family: string; given?: string }[];
    }[];
    expect(csl.map((c) => [c.id, c.type, c.editor])).toEqual([
      ['estante1', 'motion_picture', [{ family: 'Salles Júnior', given: 'Walter' }]],
      ['estante2', 'thesis', [{ family: 'Saviani', given: 'Dermeval' }]],
    ]);
  });

  it('names no custodial collection as author: a recording entered under its title has none', () => {
    const [entry] = bibEntries(toBibtex([item(row(ABNT, '8TH annual Roosevelt'), 1)]));
    expect(entry!.type).toBe('music');
    expect(entry!.fields.author).toBeUndefined();
    expect(entry!.fields.year).toBe('1974');
  });
});
