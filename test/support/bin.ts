/** The built bin (dist/spectral-agent-ux.cjs) run as a process, as a user runs it. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { main } from '../../cli/main';

export const ROOT = join(__dirname, '..', '..');

export interface BinRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a bin (the built one by default) with `args`, without blocking the event loop the servers of the test run on. */
export function runBin(args: readonly string[], { bin = join(ROOT, 'dist', 'spectral-agent-ux.cjs'), cwd = ROOT, env = process.env } = {}): Promise<BinRun> {
  return new Promise(resolve => {
    const child = spawn(process.execPath, [bin, ...args], { cwd, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', chunk => (stdout += chunk));
    child.stderr.on('data', chunk => (stderr += chunk));
    child.on('close', status => resolve({ status, stdout, stderr }));
  });
}

/** Runs the bin's `main` in this process, with its output collected: fast, for tests of one command's behaviour. */
export async function runMain(argv: string[], cwd = ROOT) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { stdout: text => void (stdout += text), stderr: text => void (stderr += text), cwd });
  return { code, stdout, stderr };
}
