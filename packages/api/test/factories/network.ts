import type { SQL } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { networkPartners, networkTitles } from '../../src/db/schema/index.js';

/** Column values, each of which may also be SQL (`now()`, say). */
type OrSql<T> = { [K in keyof T]: T[K] | SQL };

type PartnerInsert = OrSql<typeof networkPartners.$inferInsert>;

/** A partner of the network, with its name and OAI-PMH base URL (the rest as given). Answers its number (cod_empresa). */
export async function createNetworkPartner(db: Db, partner: PartnerInsert) {
  const [row] = await db.insert(networkPartners).values(partner).returning({ codEmpresa: networkPartners.codEmpresa });
  return row!.codEmpresa;
}

type NetworkTitleInsert = OrSql<typeof networkTitles.$inferInsert>;

/** A partner's harvested record, as the harvest stores it (MARC `{}` and work type 1 unless given). Answers its number. */
export async function createNetworkTitle(
  db: Db,
  record: Omit<NetworkTitleInsert, 'marc' | 'codTipoObra'> & Partial<Pick<NetworkTitleInsert, 'marc' | 'codTipoObra'>>,
) {
  const [row] = await db
    .insert(networkTitles)
    .values({ marc: {}, codTipoObra: 1, ...record })
    .returning({ codAcervo: networkTitles.codAcervo });
  return row!.codAcervo;
}
