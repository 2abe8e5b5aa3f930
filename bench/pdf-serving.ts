/**
 * `npm run bench:pdf-serving -- [--seconds 15] [--at-once 10]` (issue 52): what patrons meet
 * while others print PDFs. The server starts on a fresh DATA_DIR with the demo library (`npm
 * start`'s way); one client asks for `/health`, one request after another, first alone and then
 * while N clients each ask, one after another, for a catalogue-sheet draft (a one-page PDF in the
 * serif face; `POST /api/solicitacoes/ficha-catalografica/previa`). Prints the p50/p95/max of
 * `/health` in both phases, the PDFs made per second, and the server's CPU time.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { calibrate, formatCalibration } from './calibrate.js';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '15' }, 'at-once': { type: 'string', default: '10' }, port: { type: 'string', default: '18432' } },
});
const seconds = Number(values.seconds);
const atOnce = Number(values['at-once']);
const port = Number(values.port);
const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'estante-bench-pdf-'));
const site = `http://127.0.0.1:${port}`;

// The machine's speed before the server starts (issue 59): figures from two machines compare by it.
console.log(formatCalibration(await calibrate(), 'before the run'));
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
/** CPU seconds (user + system) of a process and its threads, from /proc. */
const cpuOf = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const FICHA = {
  biblioteca: 1,
  email: 'aluno@example.org',
  autor_sobrenome: 'Souza',
  autor_nome: 'Maria da Silva',
  titulo: 'Educação e cidadania',
  subtitulo: 'um estudo de caso',
  orientador: 'João Pereira',
  programa: 'Educação',
  grau: 'doutorado',
  instituicao: 'Universidade Estadual do Vale do Sabiá',
  local: 'Sabiá',
  ano: 2026,
  folhas_preliminares: 12,
  pagina_folha_rosto: 1,
  pagina_resumo: 5,
  pagina_introducao: 13,
  bibliografia_inicio: 140,
  bibliografia_fim: 150,
  total_paginas: 160,
  ilustracoes: true,
  palavras_chave: ['Educação', 'Cidadania', 'Escola pública'],
};
try {
  for (let i = 0; ; i++) {
    if (i > 600) throw new Error('the server did not start');
    if (
      await fetch(`${site}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await sleep(500);
  }
  const token = (
    (await (
      await fetch(`${site}/svc/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'password', client_id: 'estante-web', client_secret: 'estante-public', username: 'aluno', password: 'estante123' }),
      })
    ).json()) as { access_token: string }
  ).access_token;
  const draft = async () => {
    const response = await fetch(`${site}/svc/api/solicitacoes/ficha-catalografica/previa`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(FICHA),
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (!response.ok || new TextDecoder().decode(bytes.slice(0, 5)) !== '%PDF-')
      throw new Error(`the draft failed: ${response.status} ${new TextDecoder().decode(bytes).slice(0, 300)}`);
  };
  // One PDF first, so the fonts are parsed and the workers started before anything is timed.
  await draft();
  const health = async (until: number) => {
    const times: number[] = [];
    while (performance.now() < until) {
      const started = performance.now();
      await (await fetch(`${site}/health`)).arrayBuffer();
      times.push(performance.now() - started);
      await sleep(20);
    }
    return times;
  };
  const stats = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(0);
    return `n=${sorted.length} p50=${at(0.5)} ms p95=${at(0.95)} ms max=${sorted.at(-1)!.toFixed(0)} ms`;
  };
  const alone = await health(performance.now() + 5_000);
  const cpuBefore = cpuOf(server.pid!);
  const until = performance.now() + seconds * 1000;
  let made = 0;
  const printers = Array.from({ length: atOnce }, async () => {
    while (performance.now() < until) {
      await draft();
      made++;
    }
  });
  const during = await health(until);
  await Promise.all(printers);
  const cpu = cpuOf(server.pid!) - cpuBefore;
  console.log(`/health alone: ${stats(alone)}`);
  console.log(`/health while ${atOnce} clients print: ${stats(during)}`);
  console.log(
    `PDFs: ${made} in ${seconds} s (${(made / seconds).toFixed(1)}/s), server CPU ${cpu.toFixed(1)} s (${((cpu * 1000) / made).toFixed(0)} ms a PDF)`,
  );
} finally {
  server.kill('SIGTERM');
  await once(server, 'exit');
  rmSync(dataDir, { recursive: true, force: true });
}
