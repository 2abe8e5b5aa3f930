import type { Citacao, RelatorCode } from '@estante/contracts/opensearch';
import { clean } from '../../marc/derive.js';
import { type DataField, dataFields, type MarcRecord, subfieldValues } from '../../marc/record.js';
import { cslItem } from '../citations/citation.js';

/**
 * Relator terms ($e, in the languages we catalogue in) and codes ($4) as the relator codes
 * citation metadata tells apart. The terms are the reference formatter's (citations/citation.ts),
 * with the parts it does not need apart and COinS and schema.org do: actor apart from performer,
 * lyricist and librettist, illustrator, artist. The first that matches a field's terms wins.
 */
const RELATORS: [RegExp, RelatorCode][] = [
  [/^(ths|orientador|orientadora|advisor|thesis advisor|supervisor|supervisora|director de tesis|coorientador|coorientadora)$/, 'ths'],
  [/^(trl|trad|tradu[çc][ãa]o|tradutor|tradutora|translator|traductor|traductora)$/, 'trl'],
  [
    /^(edt|orm|com|org|orgs|organizador|organizadora|organizer|ed|eds|editor|editora|editores|coord|coordenador|coordenadora|comp|compilador|compiladora|compiler)$/,
    'edt',
  ],
  [/^(cmp|compositor|compositora|composer)$/, 'cmp'],
  [/^(lyr|lbt|letrista|lyricist|libretista|librettist)$/, 'lyr'],
  [/^(drt|fmd|dir|diretor|diretora|dire[çc][ãa]o|director|directora|direcci[óo]n|film director)$/, 'drt'],
  [/^(act|ator|atriz|actor|actriz|actress)$/, 'act'],
  [/^(pro|fmp|prod|produtor|produtora|produ[çc][ãa]o|producer|productor|productora|film producer)$/, 'pro'],
  [/^(prf|voc|itr|cnd|sng|int[ée]rprete|performer|cantor|cantora|singer|regente|conductor|instrumentalist)$/, 'prf'],
  [/^(ill|ilustrador|ilustradora|ilustra[çc][õo]es|illustrator)$/, 'ill'],
  [/^(ctg|cart[óo]grafo|cart[óo]grafa|cartographer)$/, 'ctg'],
  [/^(art|artista|artist)$/, 'art'],
  [/^(aut|cre|autor|autora|author|creator)$/, 'aut'],
];

/**
 * A field's part: the first of its relator terms and codes we know; a field with none is an
 * author (as the reference formatter reads it), one whose terms we do not know is an author when
 * it is the main entry, else a contributor.
 */
function roleOf(field: DataField): RelatorCode {
  const terms = subfieldValues(field, 'e4').map((t) =>
    t
      .trim()
      .toLowerCase()
      .replace(/[.,;:]+$/, ''),
  );
  for (const term of terms) {
    const role = RELATORS.find(([re]) => re.test(term))?.[1];
    if (role) return role;
  }
  return terms.length && !field.tag.startsWith('1') ? 'ctb' : 'aut';
}

/**
 * The host of a chapter or an article (773): its title ($t), ISSN ($x), ISBN ($z), and the volume,
 * issue and pages its related parts ($g) give, read as the reference formatter reads them.
 */
function hostOf(record: MarcRecord, codTipoObra: number): Citacao['obra_mae'] {
  const field = dataFields(record, '773')[0];
  if (!field) return null;
  const host = cslItem({ codAcervo: 0, codTipoObra, anoPublicacao: null, acessoRemoto: false, marc: record }, new Date()).estante.host;
  const titulo = host ? [host.mainTitle, host.subtitle].filter(Boolean).join(': ') : '';
  if (!titulo) return null;
  const first = (code: string) => clean(subfieldValues(field, code)[0] ?? '') || null;
  return {
    titulo,
    issn: first('x'),
    isbn: first('z')?.split(/\s/)[0] ?? null,
    volume: host?.volume || null,
    numero: host?.issue || null,
    paginas: host?.pages || null,
  };
}

/**
 * What the title's citation metadata needs of its record (`Acervo.citacao`): the names of its
 * main and added entries with their parts, and its host. A 7XX with `$5` names the institution
 * that holds the copy (a custodial collection, "710 2# $a … $5 DLC"), and a 7XX with `$t` another
 * work: neither had a part in this one.
 */
export function citationParts(record: MarcRecord, codTipoObra: number): Citacao {
  const contribuicoes = dataFields(record, '100', '110', '111', '700', '710', '711')
    .filter((f) => !(f.tag.startsWith('7') && (subfieldValues(f, '5').length > 0 || subfieldValues(f, 't').length > 0)))
    .flatMap((f) => {
      const nome = clean(subfieldValues(f, f.tag.endsWith('00') ? 'abcdq' : 'abcdnq').join(' '));
      return nome ? [{ nome, papel: roleOf(f), entidade: !f.tag.endsWith('00') }] : [];
    });
  return { contribuicoes, obra_mae: hostOf(record, codTipoObra) };
}
