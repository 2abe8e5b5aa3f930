import type { FullConfig } from '@playwright/test';

/**
 * Runs once, after the web servers answer /health and before the first journey: checks that the
 * server gives the built web app and the demo library, and has it answer what the first journeys
 * ask (the home page's calls, a search, a title), so no journey pays for a first read or a
 * missing build with its own time budget. A missing build or an empty catalogue stops the run
 * here with one clear message instead of fifty journeys that time out.
 */
export default async function globalSetup(config: FullConfig): Promise<void> {
  const base = config.projects[0]!.use.baseURL!;
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(new URL(path, base), { headers });
    if (!response.ok) throw new Error(`e2e setup: GET ${path} answered ${response.status}`);
    return response;
  };

  const html = await (await get('/')).text();
  const scripts = [...html.matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  if (scripts.length === 0) throw new Error('e2e setup: the server does not give the built web app (run `npm run build` first)');
  for (const script of scripts) await (await get(script)).arrayBuffer();

  const token = await fetch(new URL('/svc/oauth/token', base), {
    method: 'POST',
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'estante-web', client_secret: 'estante-public' }),
  });
  if (!token.ok) throw new Error(`e2e setup: the public client's token was refused (${token.status})`);
  const auth = { authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}` };
  for (const path of ['/svc/parametros/instituicao', '/svc/parametros/funcionalidades', '/svc/parametros/guias-pesquisa', '/svc/consulta/ordenacao']) {
    await (await get(path, auth)).arrayBuffer();
  }
  const search = (await (await get('/svc/consulta?termo1=educacao', auth)).json()) as { total?: number; acervos?: { cod_acervo: number }[] };
  const first = search.acervos?.[0]?.cod_acervo;
  if (!first) throw new Error('e2e setup: a search for "educacao" found nothing: the demo library is missing');
  await (await get(`/svc/acervo/${first}`, auth)).arrayBuffer();
}
