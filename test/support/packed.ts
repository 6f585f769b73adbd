/**
 * The package tier's one tarball (`globalSetup` of jest.package.config.cjs and jest.corpus.config.cjs): the
 * built package packed once, and installed once beside the Spectral CLI this checkout tests against, for
 * every test file of the run; each file then works in a project folder of its own (`createConsumer`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const repo = join(__dirname, '..', '..');
const VARIABLE = 'SPECTRAL_AGENT_UX_PACKED';

/** What `npm pack --json` says of the tarball: its name, sizes and files. */
export interface Packed {
  filename: string;
  size: number;
  unpackedSize: number;
  files: { path: string; size: number }[];
}

export function npm(args: string[], cwd: string): string {
  const result = spawnSync('npm', [...args, '--loglevel=error'], { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`npm ${args.join(' ')} failed (${result.status}):\n${result.stderr}`);
  return result.stdout;
}

/** Installs `specs` into `dir` as a user does (a package.json of its own, the registry's cache first). */
export function install(dir: string, specs: string[]): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
  npm(['install', ...specs, '--no-audit', '--no-fund', '--prefer-offline'], dir);
}

/** The Spectral CLI at the version of this checkout's lock. */
export const spectralCli = () =>
  `@stoplight/spectral-cli@${JSON.parse(readFileSync(join(repo, 'node_modules', '@stoplight', 'spectral-cli', 'package.json'), 'utf8')).version}`;

/** Packs dist/ (`npm run test:package` builds it first) and installs the tarball with the Spectral CLI into `<dir>/installed`. */
export default function packOnce(): void {
  if (!existsSync(join(repo, 'dist', 'index.cjs'))) throw new Error('dist/ is missing: run `npm run build` first (`npm run test:package` does)');
  const dir = mkdtempSync(join(tmpdir(), 'spectral-agent-ux-packed-'));
  const [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', dir], repo)) as Packed[];
  writeFileSync(join(dir, 'packed.json'), JSON.stringify(packed));
  install(join(dir, 'installed'), [join(dir, packed.filename), spectralCli()]);
  // Jest starts its workers after the global setup: they inherit the variable.
  process.env[VARIABLE] = dir;
}

/** The run's tarball: its folder, its path, what npm said of it, and the folder it is installed in with the CLI. */
export function packedTarball(): Packed & { dir: string; tarball: string; installed: string } {
  const dir = process.env[VARIABLE];
  if (dir === undefined)
    throw new Error(`${VARIABLE} is not set: run the package tests with \`npm run test:package\` (jest.package.config.cjs packs the tarball)`);
  const packed = JSON.parse(readFileSync(join(dir, 'packed.json'), 'utf8')) as Packed;
  return { ...packed, dir, tarball: join(dir, packed.filename), installed: join(dir, 'installed') };
}
