/**
 * A run of the bin held at one point until the test releases it: two runs overlap, or another process
 * writes, for certain, not by a race.
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Held {
  env: NodeJS.ProcessEnv;
  /** Whether the run waits at the point now. */
  waiting: () => boolean;
  release: () => void;
}

/**
 * Writes `hold.cjs` into `dir`, which replaces `fs.<method>` in the run by one that, when `when(args)`
 * holds, waits until `release()` writes `go` there: synchronously for a synchronous method, with timers
 * (so that the run still handles signals) for one of `fs.promises`.
 */
function heldAt(dir: string, method: string, when: string): Held {
  const hold = join(dir, 'hold.cjs');
  const go = join(dir, 'go');
  // Outside `dir`, whose files the tests list.
  const waiting = join(mkdtempSync(join(tmpdir(), 'held-')), 'held');
  const [owner, name] = method.startsWith('promises.') ? ['fs.promises', method.slice('promises.'.length)] : ['fs', method];
  const wait =
    owner === 'fs'
      ? `while (!fs.existsSync(process.env.GO)) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20); return original(...args);`
      : `return new Promise(resolve => { const poll = () => (fs.existsSync(process.env.GO) ? resolve(original(...args)) : setTimeout(poll, 20)); poll(); });`;
  writeFileSync(
    hold,
    `const fs = require('node:fs'); const original = ${owner}.${name};
     ${owner}.${name} = (...args) => { if (!(${when})) return original(...args); fs.writeFileSync(process.env.HELD, ''); ${wait} };`,
  );
  return {
    env: { ...process.env, NODE_OPTIONS: `--require ${hold}`, GO: go, HELD: waiting },
    waiting: () => existsSync(waiting),
    release: () => writeFileSync(go, ''),
  };
}

/** Held just before each rename. */
export const heldBeforeRename = (dir: string): Held => heldAt(dir, 'renameSync', 'true');

/** Held before the temporary file of a save is created: after the run read the file, before it compares it. */
export const heldBeforeSave = (dir: string): Held => heldAt(dir, 'openSync', "String(args[0]).endsWith('.tmp')");

/** Held while the lint reads the description (asynchronously: the run can take a signal meanwhile). */
export const heldInLint = (dir: string): Held => heldAt(dir, 'promises.readFile', `String(args[0]).endsWith('openapi.yaml')`);
