import { INSTITUTION_TEXT_FIELDS, settingsEndpoints } from '@estante/contracts/parameters';
import { staffCommands } from '../../lib/staff-commands.js';
import { institutionCode, setActivity, setInstitutionCode, setInstitutionOidc, setInstitutionText } from './parameters.service.js';

const usage = () => staffCommands.usage('institution');

function describeInstitution(code: number | null): string {
  if (code === null) return 'the institution is not set up yet';
  const flow =
    code === 571 ? 'two-step sign-in with the duplicate-person chooser' : code === 87 ? 'sign-in with the category selector' : 'the usual sign-in form';
  return `institution code ${code}: ${flow}`;
}

staffCommands.define({
  group: 'institution',
  verb: 'show',
  screen: 'reads',
  summary: "the institution's code and sign-in behaviour",
  run: async (_args, { db }) => describeInstitution(await institutionCode(db)),
});

staffCommands.define({
  group: 'institution',
  verb: 'code',
  screen: settingsEndpoints.access,
  args: '<n>',
  summary: 'set the institution code: 571 two-step sign-in with the\nduplicate chooser, 87 category selector, others the usual form',
  run: async (args, { db, actor }) => {
    const value = args[0] ?? '';
    if (!/^\d{1,6}$/.test(value)) throw new Error(`an institution code is needed\n${usage()}`);
    if (!(await setInstitutionCode(db, Number(value), actor))) throw new Error('the institution is not set up yet');
    return describeInstitution(Number(value));
  },
});

staffCommands.define({
  group: 'institution',
  verb: 'activity',
  screen: settingsEndpoints.activity,
  args: '<n> on|off',
  summary: 'switch a feature, e.g. 1120 (captcha on sign-in), 8 (Meu Pergamum)',
  run: async (args, { db, actor }) => {
    const [code = '', state = ''] = args;
    if (!/^\d{1,6}$/.test(code) || !['on', 'off'].includes(state)) throw new Error(`an activity code and on or off are needed\n${usage()}`);
    if (!(await setActivity(db, Number(code), state === 'on', actor))) throw new Error(`activity ${code} does not exist`);
    return `activity ${code} is ${state}`;
  },
});

staffCommands.define({
  group: 'institution',
  verb: 'oidc',
  screen: settingsEndpoints.access,
  args: 'on [logout-url] | off',
  summary: 'offer the OIDC sign-in (the server needs OIDC_ISSUER and\nOIDC_CLIENT_ID) and leave through its logout link',
  run: async (args, { db, actor }) => {
    const [state = '', link] = args;
    if (!['on', 'off'].includes(state) || (link !== undefined && !/^https?:\/\/\S+$/.test(link)))
      throw new Error(`on or off (and an http(s) logout link) are needed\n${usage()}`);
    if (!(await setInstitutionOidc(db, state === 'on', state === 'on' ? (link ?? null) : null, actor))) throw new Error('the institution is not set up yet');
    return `OIDC sign-in is ${state}${link && state === 'on' ? `, logout through ${link}` : ''}`;
  },
});

staffCommands.define({
  group: 'institution',
  verb: 'text',
  screen: settingsEndpoints.texts,
  args: "<field> <pt|en|es> '<text>'",
  summary:
    "the institution's words in one language: field denominacao_login\n(what the username is called), msg_login (the sign-in page's\nwelcome) or msg_suporte_consulta (support, HTML); '' unsets a translation",
  run: async (args, { db, actor }) => {
    const [field = '', language = '', text] = args;
    if (!(INSTITUTION_TEXT_FIELDS as readonly string[]).includes(field) || !['pt', 'en', 'es'].includes(language) || text === undefined)
      throw new Error(`a field (${INSTITUTION_TEXT_FIELDS.join(', ')}), a language (pt, en, es) and a text are needed\n${usage()}`);
    const clean = text.trim();
    if (!(await setInstitutionText(db, field as (typeof INSTITUTION_TEXT_FIELDS)[number], language as 'pt' | 'en' | 'es', clean, actor)))
      throw new Error('the institution is not set up yet');
    return clean ? `${field} in ${language}: ${clean}` : `${field} in ${language} unset`;
  },
});
