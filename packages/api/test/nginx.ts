import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './server.js';

/**
 * nginx in front of Estante as production runs it (issue 58, decision 0062): the documented site
 * file ops/nginx/estante.conf with its ${ESTANTE_…} placeholders filled — the very text an
 * operator fills with envsubst (docs/operations/proxy.md) — under a small main configuration,
 * with a self-signed certificate for 127.0.0.1, on free ports, as a process of the test's own
 * (never the system's nginx service).
 */

const repoRoot = path.resolve(import.meta.dirname, '../../..');
/** The documented site file. */
export const NGINX_SITE_TEMPLATE = path.join(repoRoot, 'ops/nginx/estante.conf');

/** Every placeholder of the site file (its header says what each is). */
export type NginxSiteValues = Record<
  | 'ESTANTE_SERVERS'
  | 'ESTANTE_SERVER_NAME'
  | 'ESTANTE_HTTPS_LISTEN'
  | 'ESTANTE_HTTP_LISTEN'
  | 'ESTANTE_HTTPS_ORIGIN'
  | 'ESTANTE_CERT'
  | 'ESTANTE_CERT_KEY'
  | 'ESTANTE_PREFIX'
  | 'ESTANTE_API_BASE'
  | 'ESTANTE_CACHE_DIR'
  | 'ESTANTE_ACCESS_LOG'
  | 'ESTANTE_METRICS_ALLOW',
  string
>;

/**
 * The site file with its placeholders filled, as `envsubst '$ESTANTE_…'` fills it: only
 * `${ESTANTE_NAME}` is replaced (nginx's own `$variables` stay); a placeholder without a value
 * is an error, never an empty string left in the configuration.
 */
export function renderNginxSite(values: NginxSiteValues, template = readFileSync(NGINX_SITE_TEMPLATE, 'utf8')): string {
  return template.replace(/\$\{(ESTANTE_[A-Z_]+)\}/g, (_, name: string) => {
    const value = (values as Record<string, string | undefined>)[name];
    if (value === undefined) throw new Error(`ops/nginx/estante.conf: no value for \${${name}}`);
    return value;
  });
}

/** The upstream's server lines: each node with the passive health check's limits (`extra`: e.g. `backup`). */
export function upstreamServers(nodes: (string | { address: string; extra?: string })[], failTimeout = '10s'): string {
  return nodes
    .map((node) => (typeof node === 'string' ? { address: node, extra: '' } : node))
    .map(({ address, extra }) => `server ${address} max_fails=3 fail_timeout=${failTimeout}${extra ? ` ${extra}` : ''};`)
    .join('\n    ');
}

export interface NginxOptions {
  /** The Estante nodes (`127.0.0.1:port`), in upstream order. */
  nodes: (string | { address: string; extra?: string })[];
  /** The path the site is under ('' at the root, or `/biblioteca`). */
  prefix?: string;
  /** API_BASE_PATH of the nodes. */
  apiBase?: string;
  /** Who may read /metrics through the proxy; by default TEST-NET-1, which no test client is. */
  metricsAllow?: string;
  /** fail_timeout of the passive health check. */
  failTimeout?: string;
  /** The HTTPS port, when the nodes must know it first (PUBLIC_URL); by default a free one. */
  httpsPort?: number;
  /** Another site file than the documented one (a variant for a measurement); by default ops/nginx/estante.conf. */
  template?: string;
}

export interface RunningNginx {
  /** `https://127.0.0.1:<port>` */
  https: string;
  /** `http://127.0.0.1:<port>` (redirects only) */
  http: string;
  /** The self-signed certificate (PEM), for a client to trust. */
  cert: string;
  /** The rendered site file. */
  site: string;
  /** What `nginx -t` said of it (it passed, or startNginx threw). */
  checked: string;
  /**
   * Rewrites the upstream for `nodes` (a node marked `{ extra: 'down' }` takes no new request),
   * checks it with `nginx -t` and reloads nginx gracefully (SIGHUP: new workers take the new
   * upstream, old ones finish their requests), as an operator drains a node (issue 58).
   */
  upstream(nodes: NginxOptions['nodes']): Promise<void>;
  /** The error log and the access log so far. */
  errorLog(): string;
  accessLog(): string;
  /** Stops nginx and removes its folder. */
  stop(): Promise<void>;
}

/** The nginx binary, or an error saying which Debian package to install. */
export function nginxBinary(): string {
  for (const candidate of ['/usr/sbin/nginx', '/usr/bin/nginx']) if (existsSync(candidate)) return candidate;
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  if (found) return found;
  throw new Error('nginx is not installed: install the Debian package nginx (apt-get install -y nginx) to run the proxy tests');
}

/** A certificate for 127.0.0.1 (and localhost), valid for a day, made by openssl. */
export function selfSignedCertificate(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'].concat([
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
        '-keyout',
        key,
        '-out',
        cert,
      ]),
      { stdio: 'pipe' },
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error('openssl is not installed: install the Debian package openssl');
    throw error;
  }
  return { cert, key };
}

/**
 * Renders the site for `nodes`, checks it with `nginx -t` (throwing with nginx's words if it
 * fails) and starts nginx in the foreground; resolves once HTTPS accepts connections.
 */
export async function startNginx(options: NginxOptions): Promise<RunningNginx> {
  const nginx = nginxBinary();
  const dir = mkdtempSync(path.join(tmpdir(), 'estante-nginx-'));
  // The workers (nobody, when the tests run as root) go through it to their temp and cache folders.
  chmodSync(dir, 0o755);
  const { cert, key } = selfSignedCertificate(dir);
  const [httpsPort, httpPort] = [options.httpsPort ?? (await freePort()), await freePort()];
  const https = `https://127.0.0.1:${httpsPort}`;
  const siteFor = (nodes: NginxOptions['nodes']) =>
    renderNginxSite(
      {
        ESTANTE_SERVERS: upstreamServers(nodes, options.failTimeout),
        ESTANTE_SERVER_NAME: '127.0.0.1 localhost',
        ESTANTE_HTTPS_LISTEN: `127.0.0.1:${httpsPort}`,
        ESTANTE_HTTP_LISTEN: `127.0.0.1:${httpPort}`,
        ESTANTE_HTTPS_ORIGIN: https,
        ESTANTE_CERT: cert,
        ESTANTE_CERT_KEY: key,
        ESTANTE_PREFIX: options.prefix ?? '',
        ESTANTE_API_BASE: options.apiBase ?? '/svc',
        ESTANTE_CACHE_DIR: path.join(dir, 'cache'),
        ESTANTE_ACCESS_LOG: path.join(dir, 'access.log'),
        ESTANTE_METRICS_ALLOW: options.metricsAllow ?? '192.0.2.1',
      },
      readFileSync(options.template ?? NGINX_SITE_TEMPLATE, 'utf8'),
    );
  const site = siteFor(options.nodes);
  writeFileSync(path.join(dir, 'estante.conf'), site);
  mkdirSync(path.join(dir, 'temp'));
  // What Debian's /etc/nginx/nginx.conf gives a site file: an http block with the MIME types.
  const main = [
    'worker_processes 1;',
    'events { worker_connections 256; }',
    'http {',
    `  include ${mimeTypes()};`,
    '  default_type application/octet-stream;',
    '  sendfile on;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `  ${kind}_temp_path ${path.join(dir, 'temp', kind)};`),
    `  include ${path.join(dir, 'estante.conf')};`,
    '}',
    '',
  ].join('\n');
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(conf, main);
  const errorLog = path.join(dir, 'error.log');
  const args = ['-p', dir, '-e', errorLog, '-c', conf, '-g', `daemon off; pid ${path.join(dir, 'nginx.pid')};`];
  const test = spawnSync(nginx, [...args, '-t'], { encoding: 'utf8' });
  const checked = `${test.stdout}${test.stderr}`;
  if (test.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`nginx -t refused the rendered ops/nginx/estante.conf:\n${checked}`);
  }
  const child: ChildProcess = spawn(nginx, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const until = Date.now() + 10_000;
  while (!(await accepts(httpsPort))) {
    if (child.exitCode !== null || Date.now() > until) {
      const log = `${stderr}${read(errorLog)}`;
      await stop();
      throw new Error(`nginx did not start:\n${log}`);
    }
    await sleep(50);
  }
  return {
    https,
    http: `http://127.0.0.1:${httpPort}`,
    cert: readFileSync(cert, 'utf8'),
    site,
    checked,
    upstream: async (nodes) => {
      writeFileSync(path.join(dir, 'estante.conf'), siteFor(nodes));
      const again = spawnSync(nginx, [...args, '-t'], { encoding: 'utf8' });
      if (again.status !== 0) throw new Error(`nginx -t refused the new upstream:\n${again.stdout}${again.stderr}`);
      child.kill('SIGHUP');
      // The new workers take connections within a moment; the old ones finish what they hold.
      await sleep(500);
    },
    errorLog: () => read(errorLog),
    accessLog: () => read(path.join(dir, 'access.log')),
    stop,
  };
}

function mimeTypes(): string {
  const file = '/etc/nginx/mime.types';
  if (!existsSync(file)) throw new Error(`${file} is missing: install the Debian package nginx (nginx-common)`);
  return file;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
