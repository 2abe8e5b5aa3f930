import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (oidc-provider) for a test file (or the browser journeys,
 * e2e/oidc-provider.ts), on a local port, with one
 * client and accounts whose `preferred_username` is their id. `signIn` plays the person at the
 * provider's own login and consent pages and answers where the provider sends the browser back.
 */
export async function startTestOidcProvider(client: { id: string; secret: string; redirectUri: string }, port = 0) {
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.id,
        client_secret: client.secret,
        redirect_uris: [client.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ sub: id, preferred_username: id, email: `${id}@idp.example.org` }) }),
    claims: { openid: ['sub'], profile: ['preferred_username'], email: ['email'] },
    cookies: { keys: ['estante-test-cookie-key'] },
    features: { devInteractions: { enabled: true } },
  });
  handler = provider.callback();

  /** Follows the provider's redirects with a cookie jar until it sends the browser to the client. */
  async function run(link: string, answer: (prompt: string, url: string) => { path: string; body?: URLSearchParams }): Promise<URL> {
    const cookies = new Map<string, string>();
    const request = async (url: string, body?: URLSearchParams) => {
      const response = await fetch(url, {
        method: body ? 'POST' : 'GET',
        body,
        redirect: 'manual',
        headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
      return response;
    };
    let url = link;
    for (let hops = 0; hops < 12; hops++) {
      const response = await request(url);
      const location = response.headers.get('location');
      if (!location) {
        // An interaction page: the dev login or consent form names its prompt.
        const prompt = /name="prompt" value="(\w+)"/.exec(await response.text())?.[1];
        if (!prompt) throw new Error(`unexpected page at ${url}`);
        const next = answer(prompt, url);
        const submitted = await request(new URL(next.path, url).href, next.body);
        url = new URL(submitted.headers.get('location')!, url).href;
        continue;
      }
      const target = new URL(location, url);
      if (target.href.startsWith(client.redirectUri)) return target;
      url = target.href;
    }
    throw new Error('too many redirects at the provider');
  }

  return {
    issuer,
    /** Signs `accountId` in at the provider and consents; the URL the browser is sent back to. */
    signIn: (link: string, accountId: string) =>
      run(link, (prompt, url) => ({ path: new URL(url).pathname, body: new URLSearchParams(prompt === 'login' ? { prompt, login: accountId } : { prompt }) })),
    /** Cancels at the provider's login page; the URL the browser is sent back to (error=access_denied). */
    cancel: (link: string) => run(link, (_prompt, url) => ({ path: `${new URL(url).pathname}/abort` })),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
