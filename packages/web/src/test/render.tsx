import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Endpoint, EndpointOutput } from '@estante/contracts/kernel';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { themeFor } from '../app/theme';

/**
 * Renders a screen as the app does (Mantine with its modals and toasts, TanStack Query, a
 * router) with a fresh query cache, and a user to drive it.
 */
export function renderScreen(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={client}>
      <MantineProvider theme={themeFor(undefined)} env="test">
        <ModalsProvider>
          <Notifications />
          <MemoryRouter>{ui}</MemoryRouter>
        </ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { ...view, user };
}

/** A refusal the fake API answers with, as the server words it. */
export class Refusal {
  constructor(
    readonly status: number,
    readonly message: string,
    readonly key?: string,
  ) {}
}

type Responder<E extends Endpoint> = (call: { query: URLSearchParams; body: unknown; params: Record<string, string> }) => EndpointOutput<E> | Refusal;

/** One call the fake API answers: the contract's declaration, and the answer (checked against its response schema). */
export function answer<E extends Endpoint>(endpoint: E, respond: EndpointOutput<E> | Responder<E>): { endpoint: Endpoint; respond: Responder<Endpoint> } {
  return { endpoint, respond: (typeof respond === 'function' ? respond : () => respond) as Responder<Endpoint> };
}

/**
 * The API the screen talks to, answered by `answers` (see `answer`); the anonymous token is
 * given, a call nobody answers fails the test, and an answer that does not fit the contract's
 * response schema too. Returns the calls made, to assert on what the screen sent.
 */
export function fakeApi(...answers: ReturnType<typeof answer>[]) {
  const calls: { method: string; path: string; query: URLSearchParams; body: unknown }[] = [];
  const fetchStub = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    const path = url.pathname.replace(/^\/svc/, '');
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ method, path, query: url.searchParams, body });
    // Tokens are given (the anonymous one, and a sign-in's), unless a test answers authEndpoints.token for the password grant.
    const signingIn =
      body instanceof URLSearchParams && body.get('grant_type') === 'password' && answers.some(({ endpoint }) => endpoint.path === '/oauth/token');
    if (path === '/oauth/token' && !signingIn) return json(200, { access_token: 'public-token', token_type: 'bearer', expires_in: 3600 });
    for (const { endpoint, respond } of answers) {
      if (endpoint.method !== method) continue;
      const names: string[] = [];
      const pattern = new RegExp(`^${endpoint.path.replace(/:(\w+)/g, (_, name: string) => (names.push(name), '([^/]+)'))}$`);
      const match = pattern.exec(path);
      if (!match) continue;
      const params = Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1]!)]));
      const result = respond({ query: url.searchParams, body, params });
      if (result instanceof Refusal) return json(result.status, { status: result.status, message: result.message, key: result.key });
      return json(200, endpoint.response.parse(result));
    }
    throw new Error(`no fake answer for ${method} ${path}`);
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
