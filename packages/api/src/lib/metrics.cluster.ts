import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import { ownMetrics, registry } from './metrics.js';

/**
 * One scrape, the whole process set's figures (decision 0059). With several API workers
 * (node:cluster) a scrape reaches one worker, as every request does; that worker asks the primary,
 * which gathers every worker's registry as JSON over the cluster's IPC channel, adds its own (the
 * search index lives there, decision 0040), and adds them up with prom-client's
 * `AggregatorRegistry.aggregate` (counters and histograms summed, each gauge by its aggregator).
 * prom-client's own `clusterMetrics()` is not used: it runs in the primary, which serves no HTTP,
 * it leaves the primary's own registry out, and it fails the whole scrape when one worker is slow;
 * here a worker that does not answer within WORKER_WAIT_MS is left out, and
 * `estante_metrics_processes` says how many were added up.
 */

type MetricsJson = Awaited<ReturnType<typeof registry.getMetricsAsJSON>>;

/** A worker asks the primary for the set's figures (`scrape`), the primary answers with the text. */
interface ScrapeAsk {
  estanteMetricsScrape: number;
}
interface ScrapeAnswer {
  estanteMetricsScrape: number;
  text: string;
}
/** The primary asks each worker for its registry, each answers with its JSON. */
interface CollectAsk {
  estanteMetricsCollect: number;
}
interface CollectAnswer {
  estanteMetricsCollect: number;
  metrics: MetricsJson;
}

/** How long the primary waits for a worker's figures. */
const WORKER_WAIT_MS = 4000;
/** How long a worker waits for the primary's answer before answering with its own figures. */
const PRIMARY_WAIT_MS = 8000;

const isObject = (message: unknown): message is Record<string, unknown> => typeof message === 'object' && message !== null;

/** The set's figures in the Prometheus text format: this process's alone, or (in an API worker) the primary's sum of all. */
export function scrape(): Promise<string> {
  return cluster.isWorker && process.send ? askPrimary() : ownMetrics();
}

let asked = 0;
const answers = new Map<number, (text: string) => void>();
let workerListening = false;

/**
 * An API worker's side: answers the primary's collections with its registry, and takes the
 * primary's answers to its scrapes. main.ts starts it in every worker.
 */
export function answerClusterMetrics(): void {
  if (workerListening || !cluster.isWorker) return;
  workerListening = true;
  process.on('message', (message: unknown) => {
    if (!isObject(message)) return;
    if (typeof message.estanteMetricsCollect === 'number' && !('metrics' in message)) {
      const id = message.estanteMetricsCollect;
      registry.getMetricsAsJSON().then(
        (metrics) => send(process, { estanteMetricsCollect: id, metrics } satisfies CollectAnswer),
        () => send(process, { estanteMetricsCollect: id, metrics: [] } satisfies CollectAnswer),
      );
    } else if (typeof message.estanteMetricsScrape === 'number' && typeof message.text === 'string') {
      answers.get(message.estanteMetricsScrape)?.(message.text);
    }
  });
}

/** Asks the primary; answers with this worker's own figures if the primary does not answer in time (a scrape is never an error). */
function askPrimary(): Promise<string> {
  answerClusterMetrics();
  const id = ++asked;
  return new Promise<string>((resolve) => {
    const timer = setTimeout(() => {
      answers.delete(id);
      resolve(ownMetrics());
    }, PRIMARY_WAIT_MS);
    answers.set(id, (text) => {
      clearTimeout(timer);
      answers.delete(id);
      resolve(text);
    });
    if (!send(process, { estanteMetricsScrape: id } satisfies ScrapeAsk)) {
      clearTimeout(timer);
      answers.delete(id);
      resolve(ownMetrics());
    }
  });
}

/**
 * The primary's side: answers each worker's scrape with the set's figures. Returns the function
 * that stops answering.
 */
export function serveClusterMetrics(): () => void {
  let collections = 0;
  const collecting = new Map<number, (metrics: MetricsJson) => void>();
  const onMessage = (worker: Worker, message: unknown) => {
    if (!isObject(message)) return;
    if (typeof message.estanteMetricsCollect === 'number' && Array.isArray(message.metrics)) {
      collecting.get(message.estanteMetricsCollect)?.(message.metrics as MetricsJson);
    } else if (typeof message.estanteMetricsScrape === 'number' && !('text' in message)) {
      const id = message.estanteMetricsScrape;
      void wholeSet().then((text) => send(worker, { estanteMetricsScrape: id, text } satisfies ScrapeAnswer));
    }
  };

  /** Every connected worker's figures (those answering within WORKER_WAIT_MS) and this process's, added up. */
  const wholeSet = async (): Promise<string> => {
    const id = ++collections;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w?.isConnected()));
    const gathered: MetricsJson[] = [];
    await new Promise<void>((resolve) => {
      let pending = workers.length;
      if (pending === 0) return resolve();
      const timer = setTimeout(resolve, WORKER_WAIT_MS);
      collecting.set(id, (metrics) => {
        gathered.push(revive(metrics));
        if (--pending === 0) {
          clearTimeout(timer);
          resolve();
        }
      });
      for (const worker of workers) if (!send(worker, { estanteMetricsCollect: id } satisfies CollectAsk)) pending--;
      if (pending === 0) {
        clearTimeout(timer);
        resolve();
      }
    });
    collecting.delete(id);
    try {
      const own = await registry.getMetricsAsJSON();
      return await AggregatorRegistry.aggregate([own, ...gathered]).metrics();
    } catch {
      return ownMetrics();
    }
  };

  cluster.on('message', onMessage);
  return () => cluster.off('message', onMessage);
}

/** JSON carried NaN (a gauge not measured yet) as null: back to NaN, which the text format writes. */
function revive(metrics: MetricsJson): MetricsJson {
  for (const metric of metrics) for (const value of metric.values ?? []) if (value.value === null) value.value = Number.NaN;
  return metrics;
}

/** Sends over the IPC channel; false when it is closed (the worker, or the primary, is going). */
function send(to: Worker | NodeJS.Process, message: object): boolean {
  try {
    // The callback keeps a failed send from being thrown as an 'error' event.
    if ('isConnected' in to) {
      if (!to.isConnected()) return false;
      to.send(message, () => undefined);
    } else {
      if (!to.connected || !to.send) return false;
      to.send(message, undefined, {}, () => undefined);
    }
    return true;
  } catch {
    return false;
  }
}
