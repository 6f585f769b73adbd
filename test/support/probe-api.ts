/**
 * The probe's example API (examples/probe-api/server.mjs) as a real process on 127.0.0.1 and a free
 * port, as a user starts it.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { ROOT } from './bin';

export const PROBE_API = join(ROOT, 'examples', 'probe-api');

export interface RunningApi {
  /** The base URL, with the `/v1` base path. */
  url: string;
  stop: () => void;
}

/** Starts the Orders API (the defective variant with `defective`) and resolves once it listens. */
export function startOrdersApi(defective = false, apiKey?: string): Promise<RunningApi> {
  const args = [join(PROBE_API, 'server.mjs'), '--port', '0', ...(defective ? ['--defective'] : []), ...(apiKey === undefined ? [] : ['--api-key', apiKey])];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', chunk => {
      out += chunk;
      const url = /at (http:\/\/\S+)/.exec(out)?.[1];
      if (url !== undefined) resolve({ url, stop: () => child.kill() });
    });
    child.on('exit', code => reject(new Error(`the Orders API exited (${code}) before it listened`)));
  });
}

/** Runs `use` with a fresh Orders API (its in-memory orders as at start), stopped afterwards. */
export async function withOrdersApi<T>(defective: boolean, use: (api: RunningApi) => Promise<T>): Promise<T> {
  const api = await startOrdersApi(defective);
  try {
    return await use(api);
  } finally {
    api.stop();
  }
}

/** A port on 127.0.0.1 that nothing listens on (it was free a moment ago). */
export function freePort(): Promise<number> {
  return new Promise(resolve => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
