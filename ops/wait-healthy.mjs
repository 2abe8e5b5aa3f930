/**
 * Waits until the local Estante answers its health check with 200: the systemd unit's readiness
 * (ExecStartPost, ops/systemd/estante.service) and, with --once, the container's HEALTHCHECK
 * (ops/docker/Dockerfile). Plain JavaScript with no dependency, so it runs with bare `node`.
 *
 *   node ops/wait-healthy.mjs [PATH] [--once] [--timeout SECONDS]
 *
 * PATH defaults to /health. The address is the service's own: PORT (8080) on HOST, or on
 * 127.0.0.1 when HOST is a wildcard (0.0.0.0, ::). Exits 0 once answered 200; 1 when --once
 * was not answered 200, or when --timeout seconds passed without it (default: wait for ever,
 * the unit's TimeoutStartSec bounds it).
 */
const args = process.argv.slice(2);
const once = args.includes('--once');
const timeoutAt = args.indexOf('--timeout');
const timeoutSeconds = timeoutAt >= 0 ? Number(args[timeoutAt + 1]) : Infinity;
const probe = args.find((a, i) => a.startsWith('/') && args[i - 1] !== '--timeout') ?? '/health';

const port = process.env.PORT || '8080';
const wildcard = !process.env.HOST || process.env.HOST === '0.0.0.0' || process.env.HOST === '::';
const host = wildcard ? '127.0.0.1' : process.env.HOST.includes(':') ? `[${process.env.HOST}]` : process.env.HOST;
const url = `http://${host}:${port}${probe}`;

/** The status of one request (0: no answer within 5 s). */
async function status() {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    await response.body?.cancel();
    return response.status;
  } catch {
    return 0;
  }
}

const deadline = Date.now() + timeoutSeconds * 1000;
for (;;) {
  const answer = await status();
  if (answer === 200) process.exit(0);
  if (once || Date.now() >= deadline) {
    process.stderr.write(`estante: ${url} ${answer ? `answered ${answer}` : 'did not answer'}\n`);
    process.exit(1);
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}
