import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jwtVerify } from 'jose';

/** A hand-over the provider took: who the token named, and where they were going. */
export interface AcceptedHandOver {
  recurso: string;
  sub: string;
  nome?: string;
  email?: string | null;
  categoria: string | null;
  destino?: string;
  jti: string;
  /** Grupo A's session the token answers, when it was one. */
  sessionid?: string;
}

/** A hand-over the provider refused, and why. */
export interface RefusedHandOver {
  reason: 'assinatura' | 'ja-usado' | 'recusado-pela-biblioteca' | 'sessao';
  detail: string;
}

export interface TestProvider {
  /** `http://127.0.0.1:<port>`: its hand-over address is `${url}/entrada?token={token}&destino={destino}`. */
  url: string;
  /** `127.0.0.1:<port>`, the domain of its e-books (a provider entry's `dominios`). */
  host: string;
  accepted: AcceptedHandOver[];
  refused: RefusedHandOver[];
  close(): Promise<void>;
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A provider of e-books as a library's partner runs one (decision 0023), on a free local port:
 * `GET /entrada?token=…` (and Grupo A's `GET /grupoa/retorno?sessionid=…&token=…`) takes a
 * hand-over only when the token is a JWT signed HS256 with the key the library gave it (`keys`:
 * provider key → base64url key, as `npm run institution -- provider-key` prints it), issued by
 * `estante` for this provider and not expired — and then only once the library confirms it
 * (`POST {redeem}`, which refuses a token used before). It answers a welcome page naming the
 * patron, or 401/403 saying why not, and keeps both lists for the test to read.
 */
export async function startTestProvider(options: { keys: Record<string, string>; redeem: () => string; port?: number }): Promise<TestProvider> {
  const accepted: AcceptedHandOver[] = [];
  const refused: RefusedHandOver[] = [];
  const refuse = (response: ServerResponse, status: number, entry: RefusedHandOver) => {
    refused.push(entry);
    response
      .writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
      .end(page('Acesso recusado', `<p id="motivo">${escape(entry.reason)}: ${escape(entry.detail)}</p>`));
  };
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://provider.local');
    if (request.method !== 'GET' || (url.pathname !== '/entrada' && url.pathname !== '/grupoa/retorno')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    const token = url.searchParams.get('token') ?? '';
    // Which of our keys: the token names the provider it is for (aud); we verify with that key only.
    let payload: Record<string, unknown>;
    try {
      const [, body = ''] = token.split('.');
      const audience = (JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { aud?: unknown }).aud;
      const key = typeof audience === 'string' ? options.keys[audience] : undefined;
      if (!key) throw new Error(`no key for audience ${String(audience)}`);
      ({ payload } = await jwtVerify(token, Buffer.from(key, 'base64url'), { issuer: 'estante', audience: audience as string, algorithms: ['HS256'] }));
    } catch (error) {
      refuse(response, 401, { reason: 'assinatura', detail: error instanceof Error ? error.message : String(error) });
      return;
    }
    if (url.pathname === '/grupoa/retorno' && payload.sessionid !== url.searchParams.get('sessionid')) {
      refuse(response, 401, { reason: 'sessao', detail: 'the token answers another session' });
      return;
    }
    // One-time: the library confirms the token was not used before (a replay is refused there).
    const confirmation = await fetch(options.redeem(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
    const answer = (await confirmation.json()) as Record<string, unknown>;
    if (confirmation.status !== 200) {
      refuse(response, 403, { reason: confirmation.status === 409 ? 'ja-usado' : 'recusado-pela-biblioteca', detail: String(answer.message) });
      return;
    }
    if (answer.sub !== payload.sub || answer.jti !== payload.jti) {
      refuse(response, 403, { reason: 'recusado-pela-biblioteca', detail: 'the confirmation names someone else' });
      return;
    }
    const handOver: AcceptedHandOver = {
      recurso: String(payload.aud),
      sub: String(payload.sub),
      categoria: typeof payload.categoria === 'string' ? payload.categoria : null,
      jti: String(payload.jti),
      ...(typeof payload.nome === 'string' ? { nome: payload.nome } : {}),
      ...('email' in payload ? { email: typeof payload.email === 'string' ? payload.email : null } : {}),
      ...(typeof payload.destino === 'string' ? { destino: payload.destino } : {}),
      ...(typeof payload.sessionid === 'string' ? { sessionid: payload.sessionid } : {}),
    };
    accepted.push(handOver);
    const destination = handOver.destino ? `<p id="destino">${escape(handOver.destino)}</p>` : '';
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end(
        page(
          'Provedor de teste',
          `<p id="boas-vindas">Bem-vindo(a), ${escape(handOver.nome ?? `pessoa ${handOver.sub}`)}</p><p id="pessoa">${escape(handOver.sub)}</p>${destination}`,
        ),
      );
  };
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    accepted,
    refused,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
