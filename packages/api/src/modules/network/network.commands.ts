import { networkPartnerEndpoints } from '@estante/contracts/network';
import type { Endpoint } from '@estante/contracts/kernel';
import type { Db } from '../../db/client.js';
import { recordStaffAct } from '../../lib/audit.js';
import { staffCommands } from '../../lib/staff-commands.js';
import { describeHarvest, harvestNow, type HarvestProgress } from './network.harvest.js';
import { addPartner, removePartner } from './network.partners.service.js';
import { allPartners, partnerByName, recordCounts } from './network.harvest.queries.js';

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const MAX_NAME = 100;
const MAX_URL = 500;

/** An http(s) address a partner can be reached at: no credentials, no fragment, no control characters or spaces. */
function checkedUrl(value: string, what: string, need: () => Error): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw need();
  }
  if (value.length > MAX_URL || CONTROL.test(value) || /\s/.test(value))
    throw new Error(`${what} must be a single http(s) address of at most ${MAX_URL} characters`);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${what} must start with http:// or https://, not ${url.protocol}`);
  if (url.username || url.password) throw new Error(`${what} must not carry a user name or password`);
  if (url.hash) throw new Error(`${what} must not have a #fragment`);
  return value;
}

/** A partner's name as staff typed it: 1 to 100 characters, no control characters. */
function checkedName(words: string[], need: () => Error): string {
  const name = words.join(' ').trim();
  if (!name) throw need();
  if (CONTROL.test(name)) throw new Error('a partner name must not contain control characters');
  if (name.length > MAX_NAME) throw new Error(`a partner name has at most ${MAX_NAME} characters`);
  return name;
}

const when = (date: Date | null) => (date ? `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC` : null);

/** A harvest's progress as the line the command prints. */
function progressLine(p: HarvestProgress): string {
  const total = p.completeListSize !== null ? ` of ${p.completeListSize}` : '';
  return `${p.partner}: page ${p.pages}, ${p.received}${total} record(s) read — ${p.inserted} new, ${p.updated} updated, ${p.deleted} deleted, ${p.skipped} skipped`;
}

/** `npm run staff -- network <verb> …`: the partner network from a terminal (through the running server when there is one). */
async function networkCommand(db: Db, verb: string, args: string[], progress: (line: Record<string, string | number>) => void, actor: string): Promise<string> {
  const usage = staffCommands.usage('network');
  const need = (what: string) => () => new Error(`${what}\n${usage}`);
  switch (verb) {
    case 'add': {
      const words = [...args];
      const at = words.indexOf('--registro');
      let template: string | null = null;
      if (at !== -1) {
        const [, value] = words.splice(at, 2);
        if (!value) throw need('--registro needs an address with {id}')();
        template = checkedUrl(value, 'the --registro address', need('--registro needs an http(s) address with {id}'));
        if (!template.includes('{id}')) throw new Error('the --registro address must contain {id}, where the record number goes');
      }
      const [address = '', ...nameWords] = words;
      const missing = need('an OAI-PMH base URL and a partner name are needed');
      if (!address) throw missing();
      const baseUrl = checkedUrl(address, 'the OAI-PMH base URL', need(`"${address.slice(0, 80)}" is not an address (http:// or https://)`));
      const nome = checkedName(nameWords, missing);
      const added = await addPartner(db, { endereco: baseUrl, nome, registro: template }, actor);
      const partner = added.parceiro;
      return [
        `partner "${partner.nome}" added (institution ${partner.cod_empresa}): ${added.repositorio || 'a repository'}${added.estante ? ', another Estante' : ''}, ` +
          `${partner.formato}, datestamps by ${added.granularidade}`,
        `    records link to ${partner.registro_url ?? 'their own http(s) address, when they give one'}`,
        `    first harvest within the hour, or now: npm run staff -- network harvest "${partner.nome}"`,
      ].join('\n');
    }
    case 'list': {
      const partners = await allPartners(db);
      if (partners.length === 0) return 'no partners yet: npm run staff -- network add <OAI base URL> <name>';
      const counts = await recordCounts(db);
      return partners
        .map((p) => {
          const lines = [`#${p.codEmpresa}  ${p.nome}  ${p.baseUrl}`];
          const harvested = p.lastHarvestAt ? `last complete harvest ${when(p.lastHarvestAt)}` : 'never harvested completely';
          const next = p.nextAttemptAt ? `next attempt ${when(p.nextAttemptAt)}` : 'due now';
          lines.push(`    ${counts.get(p.codEmpresa) ?? 0} record(s) (${p.metadataPrefix ?? 'format not known yet'}); ${harvested}; ${next}`);
          if (p.resumptionToken) lines.push('    a list under way: the next harvest goes on from its saved token');
          if (p.recordUrl) lines.push(`    records at ${p.recordUrl}`);
          if (p.lastError) lines.push(`    last error (${p.failures} failure(s) in a row): ${p.lastError}`);
          return lines.join('\n');
        })
        .join('\n');
    }
    case 'remove': {
      const nome = checkedName(args, need('the name of the partner to remove is needed'));
      const partner = await partnerByName(db, nome);
      if (!partner) throw new Error(`no partner named "${nome}"`);
      const { registros } = await removePartner(db, partner.codEmpresa, actor);
      return `partner "${nome}" removed with its ${registros} harvested record(s)`;
    }
    case 'harvest': {
      const nome = args.length > 0 ? checkedName(args, need('a partner name')) : null;
      const results = await harvestNow(db, nome, { onProgress: (p) => progress({ line: progressLine(p) }) });
      // A harvest commits page by page (a partner's list can take hours): one row when it ends, with what each partner gave.
      if (results.length > 0)
        await recordStaffAct(db, {
          autor: actor,
          acao: 'network.harvest',
          alvo: nome && results[0] ? `parceiro:${results[0].codEmpresa}` : 'parceiros',
          detalhes: { resultados: results },
        });
      if (results.length === 0) return 'no partners yet: npm run staff -- network add <OAI base URL> <name>';
      return results.map(describeHarvest).join('\n');
    }
    default:
      throw new Error(`unknown command ${verb}\n${usage}`);
  }
}

const VERBS: { verb: string; args?: string; summary: string; screen: Endpoint | 'reads' }[] = [
  {
    verb: 'add',
    screen: networkPartnerEndpoints.add,
    args: '<OAI base URL> <name> [--registro <address with {id}>]',
    summary:
      "add a partner library whose catalogue is harvested over\nOAI-PMH (it must answer Identify); its records link to the\n--registro address ({id}: the record's number), to\n<origin>/acervo/{id} for another Estante, else to their own",
  },
  { verb: 'list', screen: 'reads', summary: 'the partners: records, last harvest, last error, next attempt' },
  { verb: 'remove', screen: networkPartnerEndpoints.remove, args: '<name>', summary: 'remove a partner and every record harvested from it' },
  {
    verb: 'harvest',
    screen: networkPartnerEndpoints.harvest,
    args: '[name]',
    summary: 'harvest now, every partner or the one named (the server\nalso does it by itself, each partner about once a day)',
  },
];
for (const { verb, args, summary, screen } of VERBS) {
  staffCommands.define({
    group: 'network',
    verb,
    args,
    summary,
    screen,
    run: (words, { db, progress, actor }) => networkCommand(db, verb, words, progress, actor),
  });
}
