import { settingsEndpoints } from '@estante/contracts/parameters';
import { staffCommands } from '../../lib/staff-commands.js';
import { describeProviderKey, setProviderEntry } from './links.service.js';

staffCommands.define({
  group: 'institution',
  verb: 'provider',
  screen: settingsEndpoints.provider,
  args: "<key> '<json>' | off",
  summary:
    'configure an external provider (decision 0023), e.g.\npearson \'{"entrega":"assinada","url":"https://…?token={token}",\n"dominios":["plataforma.bvirtual.com.br"],"categorias":["01"]}\'',
  run: async (args, { db, actor }) => {
    const [recurso = '', entry = ''] = args;
    if (!recurso || !entry) throw new Error(`a provider key and its entry (JSON) or off are needed\n${staffCommands.usage('institution')}`);
    return setProviderEntry(db, recurso, entry, actor);
  },
});

staffCommands.define({
  group: 'institution',
  verb: 'provider-key',
  screen: 'reads',
  args: '<key>',
  summary: "the provider's signing key (from PROVIDER_SECRET), to give to it",
  // From this process's PROVIDER_SECRET (the server's configuration), not from the database.
  local: (args, config) => describeProviderKey(config.providerSecret, args[0] ?? ''),
  run: () => {
    throw new Error('the provider key is read from PROVIDER_SECRET by the command line: npm run staff -- institution provider-key <key>');
  },
});
