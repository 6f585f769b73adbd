/** A run of the bin held just before its rename until the test releases it: two runs overlap for certain, not by a race. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Writes `hold.cjs` into `dir`; a run with `env` waits before each rename until `release()` writes `go` there. */
export function heldBeforeRename(dir: string): { env: NodeJS.ProcessEnv; release: () => void } {
  const hold = join(dir, 'hold.cjs');
  const go = join(dir, 'go');
  writeFileSync(
    hold,
    `const fs = require('node:fs'); const rename = fs.renameSync;
     fs.renameSync = (...args) => { while (!fs.existsSync(process.env.GO)) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20); return rename(...args); };`,
  );
  return { env: { ...process.env, NODE_OPTIONS: `--require ${hold}`, GO: go }, release: () => writeFileSync(go, '') };
}
