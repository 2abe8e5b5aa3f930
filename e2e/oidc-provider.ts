import { startTestOidcProvider } from '../packages/api/test/oidc-provider.js';

/**
 * The identity provider of the browser journeys: a real OpenID Connect provider (oidc-provider,
 * with its development login and consent pages) that playwright.config.ts starts beside the
 * catalogue, which is configured to sign in through it.
 */
const port = Number(process.env.E2E_OIDC_PORT ?? 8790);
const site = process.env.E2E_SITE ?? 'http://localhost:8788';
const provider = await startTestOidcProvider({ id: 'estante-e2e', secret: 'segredo-e2e', redirectUri: `${site}/svc/oidc/callback` }, port);
process.stdout.write(`OIDC provider at ${provider.issuer}\n`);
