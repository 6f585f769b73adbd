/**
 * A user's project, made the way a user makes it: the packed tarball of this package (and, unless
 * told otherwise, the real Spectral CLI) installed from the registry, then
 * `spectral lint` or the package's bin run as a process, with this Node or another one.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { install, packedTarball } from './packed';

const repo = join(__dirname, '..', '..');

export interface LintRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

export interface CliResult {
  code: string;
  path: string[];
  severity: number;
  message: string;
  source?: string;
}

export function run(command: string, args: string[], cwd: string): LintRun {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

export function runOrThrow(command: string, args: string[], cwd: string): string {
  const result = run(command, args, cwd);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stderr}`);
  return result.stdout;
}

/**
 * A user's project folder beside the run's tarball (test/support/packed.ts): its node_modules the one
 * install of the tarball with the CLI this checkout tests against, or, `withCli: false`, the tarball
 * installed alone (npm adds the required peers, nothing else).
 */
export function createConsumer({ withCli = true } = {}): string {
  const { dir: packedDir, tarball, installed } = packedTarball();
  const dir = mkdtempSync(join(packedDir, 'consumer-'));
  if (withCli) {
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
    symlinkSync(join(installed, 'node_modules'), join(dir, 'node_modules'), 'dir');
  } else install(dir, [tarball]);
  for (const example of ['naive.yaml', 'agent-ready.yaml']) copyFileSync(join(repo, 'examples', example), join(dir, example));
  return dir;
}

/** Writes a ruleset into the consumer folder under a fresh name, and returns that name. */
function writeRuleset(dir: string, rulesetYaml: string): string {
  const rulesetFile = `ruleset-${Math.random().toString(36).slice(2)}.spectral.yaml`;
  writeFileSync(join(dir, rulesetFile), rulesetYaml);
  return rulesetFile;
}

/** Runs the installed `spectral lint` with a ruleset written to the consumer folder. */
export function spectralLint(dir: string, document: string, rulesetYaml: string, ...flags: string[]): LintRun {
  const rulesetFile = writeRuleset(dir, rulesetYaml);
  return run(join(dir, 'node_modules', '.bin', 'spectral'), ['lint', document, '--ruleset', rulesetFile, ...flags], dir);
}

/** `spectral lint --format json` results, reduced to what a user reads. */
export function lintJson(dir: string, document: string, rulesetYaml: string): { status: number | null; results: CliResult[] } {
  const lint = spectralLint(dir, document, rulesetYaml, '--format', 'json', '--quiet');
  if (lint.status === 2) throw new Error(`spectral crashed:\n${lint.stderr}${lint.stdout}`);
  const results = (JSON.parse(lint.stdout || '[]') as CliResult[]).map(({ code, path, severity, message }) => ({ code, path, severity, message }));
  return { status: lint.status, results };
}

export interface ReportJson {
  overall: { score: number };
  principles: { id: string; rule: string }[];
  operations: { cells: Record<string, { status: string; diagnostics?: { path: (string | number)[]; message: string }[] }> }[];
  unplaced: unknown[];
}

/** The installed `spectral-agent-ux report --format json`, with the same ruleset as a lint. */
export function reportJson(dir: string, document: string, rulesetYaml: string): ReportJson {
  const rulesetFile = writeRuleset(dir, rulesetYaml);
  return JSON.parse(
    runOrThrow(join(dir, 'node_modules', '.bin', 'spectral-agent-ux'), ['report', document, '--ruleset', rulesetFile, '--format', 'json'], dir),
  );
}

/**
 * The `node` binary of one Node version, from the npm registry's `node` package (platform binaries,
 * no system install), cached by npm like any package.
 */
export function nodeBinary(version: string): string {
  return runOrThrow('npm', ['exec', '--yes', '--package', `node@${version}`, '--loglevel=error', '--', 'node', '-p', 'process.execPath'], tmpdir()).trim();
}

/** The lowest version of each Node line that package.json's `engines` admits ("^18.18 || >=20.17" → 18.18.0, 20.17.0). */
export function lowestNodes(): string[] {
  const { engines } = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { engines: { node: string } };
  return [...engines.node.matchAll(/(\d+)\.(\d+)(?:\.(\d+))?/g)].map(([, major, minor, patch]) => `${major}.${minor}.${patch ?? 0}`);
}
