import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { startTestProvider, type TestProvider } from '../packages/api/test/provider.js';
import { generateRecord } from '../packages/api/src/seed/generator.js';
import { expectNoAxeViolations, signIn, staff } from './fixtures';

/**
 * Every door out (issue 21, decision 0023): a real e-book provider — an HTTP server this file
 * starts on a free port, holding the key `npm run institution -- provider-key pearson` gives it —
 * takes the hand-over from /pearson, from a restricted e-book link and from a database; it
 * accepts a valid token for the right patron once, and refuses a replayed or tampered one. A
 * category without Pearson's licence sees the denial. The mobile app's account area arrives
 * signed in through /pergamum_redireciona.
 */
test.describe.configure({ mode: 'serial' });

const site = `http://localhost:${process.env.E2E_PORT ?? 8788}`;
/** The demo's categories with Pearson's licence (seed/demo.ts): the community's is not one. */
const LICENSED = ['01', '19', '03', '06', '21', '08', '09', '04', '05'];
let provider: TestProvider;

test.beforeAll(async () => {
  process.env.PROVIDER_SECRET = process.env.E2E_PROVIDER_SECRET;
  const key = staff('institution', 'provider-key', 'pearson').trim();
  provider = await startTestProvider({ keys: { pearson: key }, redeem: () => `${site}/svc/vinculos/provedor/validar` });
  // Pearson now hands over to the test provider; its e-books stay at Pearson's platform's domain.
  const configured = staff(
    'institution',
    'provider',
    'pearson',
    JSON.stringify({
      entrega: 'assinada',
      url: `${provider.url}/entrada?token={token}&destino={destino}`,
      dominios: ['plataforma.bvirtual.com.br'],
      categorias: LICENSED,
      dados: ['nome'],
    }),
  );
  expect(configured).toContain('provider pearson: signed hand-over (token for 60 s)');
});
test.afterAll(async () => {
  await provider?.close();
});

/** A patron's person code, as the API reports it to the patron. */
async function personCode(request: APIRequestContext, login: string): Promise<number> {
  const token = await request.post('/svc/oauth/token', {
    form: { grant_type: 'password', client_id: 'estante-web', client_secret: 'estante-public', username: login, password: 'estante123' },
  });
  const access = ((await token.json()) as { access_token: string }).access_token;
  const me = await request.get('/svc/pessoas', { headers: { authorization: `Bearer ${access}` } });
  return ((await me.json()) as { user: { cod_pessoa: number } }).user.cod_pessoa;
}

/** The first generated e-book licensed from Pearson (seed/generator.ts), found by its ISBN: its title number and address. */
async function pearsonEbook(request: APIRequestContext): Promise<{ id: number; url: string }> {
  for (let n = 6; n <= 2000; n += 6) {
    const record = generateRecord(n);
    const link = record.fields.find((f) => f.tag === '856');
    const url = link && 'subfields' in link ? link.subfields.find((s) => s.code === 'u')?.value : undefined;
    const isbn = record.fields.find((f) => f.tag === '020');
    if (!url?.startsWith('https://plataforma.bvirtual.com.br/') || !isbn || !('subfields' in isbn)) continue;
    const token = await request.post('/svc/oauth/token', {
      form: { grant_type: 'client_credentials', client_id: 'estante-web', client_secret: 'estante-public' },
    });
    const auth = { authorization: `Bearer ${((await token.json()) as { access_token: string }).access_token}` };
    const found = await request.get(`/svc/consulta?termo1=${encodeURIComponent(isbn.subfields[0]!.value)}&campo1=isbn`, { headers: auth });
    const id = ((await found.json()) as { acervos: { cod_acervo: number }[] }).acervos[0]?.cod_acervo;
    if (id) return { id, url };
  }
  throw new Error('the demo library has no e-book at Pearson');
}

/** Holds the hand-over's call until `release` is called, so that the wait notice can be seen. */
async function holdCall(page: Page, pattern: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('/pearson hands the signed-in patron over to the provider once; a replayed or tampered token is refused', async ({ page, request }) => {
  const ana = await personCode(request, 'aluno');
  await signIn(page, 'aluno');
  const release = await holdCall(page, '**/svc/vinculos/acesso-externo/pearson');
  await page.goto('/pearson');
  await expect(page.getByRole('heading', { level: 1, name: 'Acesso a recurso eletrônico' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('status')).toHaveText('Aguarde enquanto o link de acesso é obtido…');
  await expectNoAxeViolations(page);
  release();

  await expect(page).toHaveURL(new RegExp(`^${provider.url}/entrada\\?token=`));
  await expect(page.locator('#boas-vindas')).toHaveText('Bem-vindo(a), Ana Beatriz Souza');
  await expect(page.locator('#pessoa')).toHaveText(String(ana));
  expect(provider.accepted.at(-1)).toMatchObject({ recurso: 'pearson', sub: String(ana), nome: 'Ana Beatriz Souza', categoria: '01' });
  const accepted = provider.accepted.length;

  const handOver = page.url();
  const replay = await page.goto(handOver);
  expect(replay?.status()).toBe(403);
  await expect(page.locator('#motivo')).toHaveText('ja-usado: Este token de acesso já foi usado.');

  // Another patron's number in Ana's token: the signature no longer matches.
  const token = new URL(handOver).searchParams.get('token')!;
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: String(ana + 1) })).toString('base64url')}.${signature}`;
  const tampered = await page.goto(`${provider.url}/entrada?token=${forged}`);
  expect(tampered?.status()).toBe(401);
  await expect(page.locator('#motivo')).toContainText('assinatura:');
  expect(provider.accepted.length).toBe(accepted);
});

test('a restricted e-book link marked as Pearson’s opens /pearson in a new tab, which hands over through the provider', async ({ page, request }) => {
  const ana = await personCode(request, 'aluno');
  const ebook = await pearsonEbook(request);
  await signIn(page, 'aluno');
  await page.goto(`/acervo/${ebook.id}`);
  const opening = page.waitForEvent('popup');
  await page.getByRole('button', { name: /\(acesso restrito\)$/ }).click();
  const tab = await opening;
  await expect(tab).toHaveURL(new RegExp(`^${provider.url}/entrada\\?token=`));
  await expect(tab.locator('#pessoa')).toHaveText(String(ana));
  await expect(tab.locator('#destino')).toHaveText(ebook.url);
  expect(provider.accepted.at(-1)).toMatchObject({ sub: String(ana), destino: ebook.url });
  // The hand-over through local storage is forgotten once used.
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('estante.entrega.')))).toEqual([]);
  await tab.close();
});

test('a category without Pearson’s licence sees the denial, with the library’s support', async ({ page, request }) => {
  const ebook = await pearsonEbook(request);
  const accepted = provider.accepted.length;
  await signIn(page, 'comunidade');
  await page.goto(`/acervo/${ebook.id}`);
  const opening = page.waitForEvent('popup');
  await page.getByRole('button', { name: /\(acesso restrito\)$/ }).click();
  const tab = await opening;
  await expect(tab).toHaveURL(/\/pearson\?h=/);
  const alert = tab.getByRole('alert');
  await expect(alert).toContainText('Acesso não liberado');
  await expect(alert).toContainText(
    'Sua categoria de usuário não tem permissão para acessar Biblioteca Virtual Pearson. Em caso de dúvida, entre em contato com a biblioteca.',
  );
  await expect(tab.getByText('Suporte da biblioteca')).toBeVisible();
  await expect(tab.getByText('biblioteca@demo.estante.local')).toBeVisible();
  await expectNoAxeViolations(tab);
  expect(provider.accepted.length).toBe(accepted);
  await tab.close();
});

test('a database of Pearson’s opens through the hand-over; signing in on the spot does not stay without activity 107', async ({ browser, page, request }) => {
  const ana = await personCode(request, 'aluno');
  await signIn(page, 'aluno');
  await page.goto('/meupergamum/bases-dados');
  const pearson = page.getByRole('link', { name: 'Biblioteca Virtual Pearson (abre em nova aba)' });
  await expect(pearson).toHaveAttribute('href', /^\/pearson\?recurso=pearson&base=\d+$/);
  const opening = page.waitForEvent('popup');
  await pearson.click();
  const tab = await opening;
  await expect(tab.locator('#destino')).toHaveText('https://plataforma.bvirtual.com.br');
  expect(provider.accepted.at(-1)).toMatchObject({ sub: String(ana), destino: 'https://plataforma.bvirtual.com.br' });
  await tab.close();

  // A visitor opening /pearson signs in in the modal; the demo has activity 107 off, so the
  // sign-in made only to follow the link ends once the address is known.
  const visitor = await browser.newPage({ locale: 'pt-BR' });
  await visitor.goto(`${site}/pearson`);
  await expect(visitor.getByText('Entre com sua conta da biblioteca para acessar o recurso.')).toBeVisible();
  await visitor.getByRole('main').getByRole('button', { name: 'Entrar' }).click();
  const modal = visitor.getByRole('dialog');
  await modal.getByLabel('Matrícula ou CPF').fill('mestrando');
  await modal.getByRole('textbox', { name: 'Senha', exact: true }).fill('estante123');
  await modal.getByRole('button', { name: 'Entrar' }).click();
  await expect(visitor.locator('#boas-vindas')).toHaveText('Bem-vindo(a), Eduardo Martins Alves');
  await visitor.goto(`${site}/`);
  await expect(visitor.getByRole('banner').getByRole('link', { name: 'Entrar' })).toBeVisible();
  await visitor.close();
});

test('the mobile app’s account area arrives signed in through /pergamum_redireciona, without the site’s header and footer', async ({ browser, request }) => {
  const token = await request.post('/svc/oauth/token', {
    form: { grant_type: 'password', client_id: 'estante-web', client_secret: 'estante-public', username: 'aluno', password: 'estante123' },
  });
  const access = ((await token.json()) as { access_token: string }).access_token;
  const code = await request.get('/svc/pessoas/token-redireciona?destino=%2Fmeupergamum%2Fapp', { headers: { authorization: `Bearer ${access}` } });
  const { url } = (await code.json()) as { url: string };

  // A fresh browser, as the app's web view is: no session of its own.
  const context = await browser.newContext({ locale: 'pt-BR' });
  const app = await context.newPage();
  await app.goto(`${site}${url}`);
  await expect(app).toHaveURL(`${site}/meupergamum/app`);
  await expect(app.getByText('Olá, Ana. Veja como estão seus empréstimos, reservas, débitos e alertas.')).toBeVisible();
  await expect(app.getByRole('banner')).toHaveCount(0);
  await expect(app.getByRole('contentinfo')).toHaveCount(0);
  await app.getByRole('navigation', { name: 'Menu do Meu Pergamum' }).first().getByRole('link', { name: 'Empréstimos' }).click();
  await expect(app).toHaveURL(`${site}/meupergamum/app/emprestimos`);
  await expectNoAxeViolations(app);
  // The code was used: opening it again signs nobody in.
  const again = await context.newPage();
  await again.goto(`${site}${url}`);
  await expect(again.getByRole('alert')).toContainText('O link de acesso é inválido, expirou ou já foi usado.');
  await context.close();
});

test('/grupoa asks a visitor to sign in first; /pergamum_redireciona without a code says so', async ({ page }) => {
  await page.goto('/grupoa?sessionid=sessao-grupoa-0001');
  await expect(page.getByRole('heading', { level: 1, name: 'E-books Grupo A' })).toBeVisible();
  await expect(page.getByText('Entre com sua conta da biblioteca para acessar o recurso.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('/pergamum_redireciona');
  await expect(page.getByRole('alert')).toHaveText('O link de acesso está incompleto. Volte ao aplicativo e tente novamente.');
  await expect(page.getByRole('link', { name: 'Entrar com usuário e senha' })).toBeVisible();
  await expectNoAxeViolations(page);
});
