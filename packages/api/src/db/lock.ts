import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

/** The embedded database's directory is held by another running process. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `the embedded database in ${dataDir} is in use by process ${pid} (a running Estante server?). ` +
        'Stop it first; staff commands, import and generate go through a running server by themselves.',
    );
    this.name = 'DataDirInUseError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the embedded database's directory for this process: a lock file beside it
 * (`<dataDir>.lock`) holding our process id, created exclusively. A lock left by a process that
 * no longer runs is taken over; one held by a live process is refused with DataDirInUseError.
 * PGlite keeps its state in memory and writes it back on close, so a second process on the same
 * directory would lose one side's writes (decision record "bad input and database faults").
 * Answers the release function (idempotent; also run when the process exits).
 */
export function lockDataDir(dataDir: string): () => void {
  const lockPath = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        try {
          if (readFileSync(lockPath, 'utf8').trim() === String(process.pid)) unlinkSync(lockPath);
        } catch {
          // Already gone.
        }
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let holder = NaN;
      try {
        holder = Number(readFileSync(lockPath, 'utf8').trim());
      } catch {
        continue;
      }
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) throw new DataDirInUseError(dataDir, holder);
      // A stale lock (its process is gone, or it is ours from before): take it over.
      try {
        unlinkSync(lockPath);
      } catch {
        // Someone else took it over first; try again.
      }
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}
