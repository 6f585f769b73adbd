/**
 * The built `spectral-agent-ux/runtime` (needs `npm run build`): both formats load, neither imports a package at
 * run time (the ESM one is a wrapper over the CommonJS one), and the guard carries no rule's lint.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const dist = join(__dirname, '..', '..', 'dist');
const API = [
  'STRICT_ENV',
  'VIOLATIONS_METRIC',
  'agentUxGuard',
  'checkResponse',
  'defaultMode',
  'expressAgentUx',
  'fastifyAgentUx',
  'promViolationCounter',
  'unresolvedSteps',
];
const IMPORTS = /\brequire\(\s*["']([^"']+)["']\s*\)|\bfrom\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;

const importsOf = (file: string) => [...readFileSync(join(dist, file), 'utf8').matchAll(IMPORTS)].map(match => match[1] ?? match[2] ?? match[3]);

test('dist/runtime.cjs imports nothing but Node built-ins', () => {
  expect(importsOf('runtime.cjs').filter(name => !name.startsWith('node:'))).toEqual([]);
});

test('dist/runtime.js imports dist/runtime.cjs alone', () => {
  expect(importsOf('runtime.js')).toEqual(['./runtime.cjs']);
});

test('the CommonJS build exports the API', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const runtime = require(join(dist, 'runtime.cjs'));
  expect(Object.keys(runtime).sort()).toEqual(API);
  expect(readFileSync(join(dist, 'runtime.d.cts'), 'utf8')).toContain('checkResponse');
});

test('the ESM build exports the same API', () => {
  const script = `import * as runtime from ${JSON.stringify(pathToFileURL(join(dist, 'runtime.js')).href)}; console.log(Object.keys(runtime).sort().join(','));`;
  expect(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }).trim()).toBe(API.join(','));
});

test("dist/runtime.cjs holds the scopes it reads of the rules' modules, not their definitions nor their lints", () => {
  const runtime = readFileSync(join(dist, 'runtime.cjs'), 'utf8');
  expect(runtime).toContain('holds: "state rejection"');
  expect(runtime).not.toContain('function defineRule(');
});

test("the bin reads each rule module it imports (a rule's `scope`, its `live`) from dist/shared.cjs, not a second copy", () => {
  const bin = readFileSync(join(dist, 'spectral-agent-ux.cjs'), 'utf8');
  expect(bin).toContain('require("./shared.cjs").rules_ax_envelope_next_steps_href');
  expect(bin).not.toContain('function defineRule(');
  expect(bin).not.toContain('function sayOf(');
});
