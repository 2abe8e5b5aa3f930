import { APP_ROUTES, matchAppRoute } from '@estante/contracts/site';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createRouter } from './router';

/**
 * The router and the server agree on which paths are pages (decision 0052): the router's routes
 * are exactly APP_ROUTES, and the server's matcher (matchAppRoute) picks, for any path, the route
 * React Router draws, or none where React Router falls to its not-found catch-all.
 */
const routes = createRouter().routes as RouteObject[];
const patterns = (list: RouteObject[]): string[] => list.flatMap((route) => [...(route.path ? [route.path] : []), ...patterns(route.children ?? [])]);

describe('the routes the server knows', () => {
  it('are exactly the router’s, besides its not-found catch-all', () => {
    const drawn = patterns(routes).filter((path) => path !== '*');
    expect([...drawn].sort()).toEqual(Object.values(APP_ROUTES).sort());
  });

  it('are matched as React Router matches them', () => {
    const samples = [
      '/',
      '/login',
      '/LOGIN',
      '/login/',
      '/sair',
      '/pesquisa-geral',
      '/caf%C3%A9',
      '/faq',
      '/acervo/1',
      '/acervo/1/marc',
      '/acervo/1/nao-e-aba',
      '/acervo/1/marc/mais',
      '/acervo',
      '/rede-pergamum/acervo/7',
      '/rede-pergamum/acervo',
      '/autoridade/3',
      '/autoridade/3/marc',
      '/autoridade/3/outra',
      '/meupergamum',
      '/meupergamum/emprestimos/renovar',
      '/meupergamum/app',
      '/meupergamum/app/emprestimos',
      '/equipe',
      '/equipe/balcao',
      '/a/b',
      '/unapi/x',
    ];
    for (const path of samples) {
      const leaf = matchRoutes(routes, path)?.at(-1)?.route.path;
      const server = matchAppRoute(path);
      expect([path, server ? APP_ROUTES[server.route] : '*']).toEqual([path, leaf ?? '*']);
    }
  });
});
