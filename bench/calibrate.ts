/**
 * `npm run bench:calibrate` (issue 59): how fast this machine is, as a fixed CPU task of the kind
 * a search does in Node — sorting and intersecting Int32Array id sets, folding and hashing
 * words, writing and reading JSON — so that figures from two machines (or from one machine
 * under two loads) can be compared. The benchmarks print it beside their own figures and divide
 * their CPU ms a search by its CPU ms a round.
 *
 * The task is written out here rather than calling the search module's own functions: it must
 * stay the same work while the search code changes, or the yardstick moves with what it measures.
 * Every round does exactly the same work (seeded, no I/O, single-threaded) and yields the same
 * checksum on every machine; a different checksum means different work, and the figures do not
 * compare.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Calibration {
  /** Median wall-clock ms of one round. */
  wallMs: number;
  /** Median CPU ms (user + system, the whole process) of one round: the unit figures are divided by. */
  cpuMs: number;
  /** Rounds timed, after one untimed warm-up round. */
  rounds: number;
  /** The same on every machine and every run while the task is unchanged. */
  checksum: number;
  cpuModel: string;
  cores: number;
  /** The 1, 5 and 15 minute load averages as the rounds began. */
  load: number[];
  node: string;
}

const ROUNDS = 5;

/**
 * Runs the task in a fresh Node process of its own: the caller's heap (a benchmark's search
 * cache, hundreds of MB) would otherwise make the task's garbage collection dearer after the
 * passes than before them, and the calibration would drift with the caller rather than the machine.
 */
export async function calibrate(): Promise<Calibration> {
  const child = fork(fileURLToPath(import.meta.url), ['--measure'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const answer = new Promise<Calibration>((resolve) => child.once('message', (m) => resolve(m as Calibration)));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`the calibration process exited with ${code}`);
  return answer;
}

/** One line: the round's CPU and wall ms, the checksum, and the machine and its load. */
export function formatCalibration(c: Calibration, when?: string): string {
  return (
    `calibration${when ? ` ${when}` : ''}: ${c.cpuMs.toFixed(1)} ms CPU a round (wall ${c.wallMs.toFixed(1)} ms; median of ${c.rounds}, checksum ${c.checksum.toString(16)}); ` +
    `${c.cpuModel}, ${c.cores} cores, Node ${c.node}, load ${c.load.map((l) => l.toFixed(2)).join(' / ')}`
  );
}

/** `ms` of CPU in calibration rounds (this machine's CPU ms a round), for figures that compare across machines. */
export function inRounds(ms: number, c: Calibration): string {
  return (ms / c.cpuMs).toPrecision(3);
}

/** The rounds, in this process: a warm-up (compiling the task), then ROUNDS timed. */
function measure(): Calibration {
  const load = loadavg();
  const checksum = round();
  const walls: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    const before = process.cpuUsage();
    const sum = round();
    const spent = process.cpuUsage(before);
    walls.push(performance.now() - started);
    cpu.push((spent.user + spent.system) / 1000);
    if (sum !== checksum) throw new Error(`round ${i + 1} did other work (checksum ${sum} against ${checksum})`);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return {
    wallMs: median(walls),
    cpuMs: median(cpu),
    rounds: ROUNDS,
    checksum,
    cpuModel: cpus()[0]?.model.trim() ?? '?',
    cores: cpus().length,
    load,
    node: process.version,
  };
}

/** One round of the task; its checksum. */
function round(): number {
  let seed = 0x2545f491;
  // xorshift32: the same sequence everywhere.
  const next = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return seed >>> 0;
  };
  let sum = 0;
  const mix = (x: number) => (sum = (Math.imul(sum ^ x, 16777619) + 1) >>> 0);

  // Id sets: two large ones and a small one, as a word's matches are, sorted and deduplicated…
  const set = (n: number, range: number) => {
    const ids = new Int32Array(n);
    for (let i = 0; i < n; i++) ids[i] = next() % range;
    ids.sort();
    let k = 0;
    for (let i = 0; i < n; i++) if (i === 0 || ids[i] !== ids[i - 1]) ids[k++] = ids[i]!;
    return ids.subarray(0, k);
  };
  const a = set(400_000, 1_500_000);
  const b = set(400_000, 1_500_000);
  const small = set(3_000, 1_500_000);
  // …intersected by a linear merge and by a binary search per id of the small one.
  let j = 0;
  let both = 0;
  for (let i = 0; i < a.length && j < b.length; i++) {
    while (j < b.length && b[j]! < a[i]!) j++;
    if (b[j] === a[i]) both++;
  }
  mix(both);
  for (const x of small) {
    let lo = 0;
    let hi = a.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (a[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    if (a[lo] === x) mix(x);
  }

  // Words: a title's text folded (lower case, accents off) and split, each word hashed (FNV-1a 32-bit) and counted.
  const counts = new Map<number, number>();
  for (let t = 0; t < 5_000; t++) {
    const text = TITLE_WORDS.map((_, i) => TITLE_WORDS[(next() + i) % TITLE_WORDS.length]).join(' ');
    const folded = text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    for (const word of folded.split(/[^\p{L}\p{N}]+/u)) {
      let h = 0x811c9dc5;
      for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 16777619);
      counts.set(h >>> 0, (counts.get(h >>> 0) ?? 0) + 1);
    }
  }
  for (const [h, n] of counts) mix(h ^ n);

  // JSON: a results page's worth of records written and read back, as an answer crosses the wire.
  const page = Array.from({ length: 200 }, (_, i) => ({
    id: next() % 1_000_000,
    titulo: `${TITLE_WORDS[i % TITLE_WORDS.length]} ${TITLE_WORDS[(i * 7) % TITLE_WORDS.length]}`,
    autores: [TITLE_WORDS[(i * 3) % TITLE_WORDS.length], TITLE_WORDS[(i * 5) % TITLE_WORDS.length]],
    ano: 1900 + (next() % 126),
    exemplares: Array.from({ length: 1 + (i % 4) }, (_, k) => ({ biblioteca: k + 1, disponivel: (i + k) % 3 !== 0 })),
  }));
  for (let r = 0; r < 150; r++) {
    const text = JSON.stringify({ total: a.length, pagina: r, acervos: page });
    const back = JSON.parse(text) as { acervos: { id: number }[] };
    mix(text.length ^ back.acervos[r % back.acervos.length]!.id);
  }
  return sum;
}

/** Words the folded texts are made of: Portuguese, Spanish and English, accents and cedillas included. */
const TITLE_WORDS = [
  'Educação',
  'história',
  'do',
  'Brasil',
  'ciência',
  'política',
  'introdução',
  'à',
  'programação',
  'análise',
  'matemática',
  'poesia',
  'española',
  'contemporánea',
  'the',
  'library',
  'catalogue',
  'of',
  'musical',
  'scores',
  'saúde',
  'pública',
  'direito',
  'constitucional',
];

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // The IPC channel would keep the measuring process alive: let go of it once the answer is sent.
  if (process.argv[2] === '--measure') process.send!(measure(), () => process.disconnect());
  else console.log(formatCalibration(await calibrate()));
}
