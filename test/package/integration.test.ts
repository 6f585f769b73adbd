/**
 * The whole path from source to a user's lint: the packed tarball installed beside the real
 * Spectral CLI, `spectral lint` run as a process with the YAML rulesets the README documents, and
 * the same ruleset loaded the way the VS Code extension loads it; the package installed alone (the
 * report without the CLI, `require()` without require(esm)); the lowest Node versions `engines` admits.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Document, Spectral } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import ruleset from '../../ruleset';
import { createConsumer, lintJson, lowestNodes, nodeBinary, reportJson, run, runOrThrow, spectralLint, type CliResult } from '../support/consumer';
import { COULD_NOT_FINISH, REVOKED_PROXIES_JSON } from '../support/observe';
import { DEFECTIVE_FINDINGS, DEFECTIVE_OPERATIONS, exampleProbeArgs, GOOD_OPERATIONS, withOrdersApi, type ProbeJson } from '../support/probe-api';
import { loadRulesetLikeVsCode } from '../support/vscodeLoader';

const EXTENDS = 'extends: ["spectral-agent-ux"]\n';
const EXTENDS_ALL = 'extends: [["spectral-agent-ux", "all"]]\n';
const allIds = Object.keys(ruleset.rules);
const recommendedIds = Object.entries(ruleset.rules)
  .filter(([, rule]) => rule.recommended)
  .map(([id]) => id);

/** The README's options example, so the page cannot drift from what the CLI accepts. */
const README_OPTIONS = /### Change a rule's options[\s\S]*?```yaml\n([\s\S]*?)```/.exec(readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8'))![1];
/** docs/conventions.md's one block of names for every rule that reads them, by a YAML anchor. */
const SHARED_NAMES = /YAML anchor writes the names once:\n\n```yaml\n([\s\S]*?)```/.exec(
  readFileSync(join(__dirname, '..', '..', 'docs', 'conventions.md'), 'utf8'),
)![1];

const codes = (results: CliResult[]) => [...new Set(results.map(result => result.code))].sort();
const sorted = (results: CliResult[]) => [...results].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
const under = (results: CliResult[], code: string, ...prefix: string[]) =>
  results.filter(result => result.code === code && prefix.every((segment, i) => result.path[i] === segment));

let consumer: string;
let naive: CliResult[];

beforeAll(() => {
  consumer = createConsumer();
  naive = lintJson(consumer, 'naive.yaml', EXTENDS).results;
}, 600_000);

describe('spectral lint with the installed package', () => {
  test('naive.yaml fires every recommended rule and exits 1', () => {
    const run = lintJson(consumer, 'naive.yaml', EXTENDS);
    expect(run.status).toBe(1);
    expect(codes(run.results)).toEqual([...recommendedIds].sort());
  });

  test('the installed package gives exactly the results of the source', async () => {
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[ruleset as never, 'recommended']] });
    const file = join(consumer, 'naive.yaml');
    const source = await spectral.run(new Document(readFileSync(file, 'utf8'), Parsers.Yaml, file));
    expect(sorted(naive)).toEqual(
      sorted(source.map(({ code, path, severity, message }) => ({ code: String(code), path: path.map(String), severity, message }))),
    );
  });

  test('agent-ready.yaml passes every rule, opt-in ones included, and exits 0', () => {
    const run = lintJson(consumer, 'agent-ready.yaml', EXTENDS_ALL);
    expect(run).toEqual({ status: 0, results: [] });
  });

  test('--format sarif parses, and every result names a rule that has a description', () => {
    const run = spectralLint(consumer, 'naive.yaml', EXTENDS, '--format', 'sarif');
    const sarif = JSON.parse(run.stdout);
    const rules = new Map<string, { shortDescription?: { text?: string } }>(sarif.runs[0].tool.driver.rules.map((rule: { id: string }) => [rule.id, rule]));
    const results: { ruleId: string }[] = sarif.runs[0].results;
    expect(results).toHaveLength(naive.length);
    for (const result of results)
      expect(rules.get(result.ruleId)?.shortDescription?.text).toBe(ruleset.rules[result.ruleId as keyof typeof ruleset.rules].description);
  });

  test('--format github-actions prints one annotation per result, naming the rule', () => {
    const run = spectralLint(consumer, 'naive.yaml', EXTENDS, '--format', 'github-actions');
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(naive.length);
    for (const line of lines) expect(line).toMatch(/^::(error|warning|notice) title=ax-[a-z-]+,file=.*naive\.yaml,/);
  });

  test('a rule that fails names, through the packed code, the source file and line where it failed', () => {
    // The rules read the revoked proxies Spectral leaves in this description first in lib/document/document.ts's isObject.
    writeFileSync(join(consumer, 'revoked-proxies.json'), REVOKED_PROXIES_JSON);
    const failed = lintJson(consumer, 'revoked-proxies.json', EXTENDS_ALL).results.filter(result => result.message.startsWith(COULD_NOT_FINISH));
    const line =
      readFileSync(join(__dirname, '..', '..', 'lib', 'document', 'document.ts'), 'utf8')
        .split('\n')
        .findIndex(text => text.includes('!Array.isArray(value);')) + 1;
    expect(failed.length).toBeGreaterThan(0);
    for (const { code, message } of failed)
      expect(message).toBe(
        `${COULD_NOT_FINISH} ${code} on this document (Cannot perform 'IsArray' on a proxy that has been revoked, at lib/document/document.ts:${line}); please report this with the document.`,
      );
  });

  test('--fail-severity decides the exit code', () => {
    expect(spectralLint(consumer, 'naive.yaml', EXTENDS, '--fail-severity', 'error').status).toBe(1);
    const onlyWarnings = `${EXTENDS}rules:\n${allIds.map(id => `  ${id}: warn`).join('\n')}\n`;
    expect(spectralLint(consumer, 'naive.yaml', onlyWarnings, '--fail-severity', 'error').status).toBe(0);
    expect(spectralLint(consumer, 'naive.yaml', onlyWarnings, '--fail-severity', 'warn').status).toBe(1);
  });
});

describe('the customizations the README documents, through the CLI', () => {
  test('a rule with another severity', () => {
    const { results } = lintJson(consumer, 'naive.yaml', `${EXTENDS}rules:\n  ax-envelope-next-steps: warn\n`);
    const nextSteps = results.filter(result => result.code === 'ax-envelope-next-steps');
    expect(nextSteps.length).toBe(naive.filter(result => result.code === 'ax-envelope-next-steps').length);
    expect(new Set(nextSteps.map(result => result.severity))).toEqual(new Set([1]));
  });

  test('a rule turned off', () => {
    const { results } = lintJson(consumer, 'naive.yaml', `${EXTENDS}rules:\n  ax-recoverable-error-schema: "off"\n`);
    expect(codes(results)).toEqual(recommendedIds.filter(id => id !== 'ax-recoverable-error-schema').sort());
  });

  test('"all" adds the opt-in rules', () => {
    const { results } = lintJson(consumer, 'naive.yaml', EXTENDS_ALL);
    expect(codes(results)).toEqual([...allIds].sort());
  });

  test("the README's options example: a rule re-declared with only `given` and `then` keeps the package's message, severity and placement", () => {
    expect(README_OPTIONS).toContain('functionsDir: ./node_modules/spectral-agent-ux/dist/functions');
    // The README's prefix covers every path of naive.yaml: exactly the package's own diagnostics.
    expect(README_OPTIONS).toContain('prefixes: ["/payments"]');
    expect(sorted(lintJson(consumer, 'naive.yaml', README_OPTIONS).results)).toEqual(sorted(naive));
    // The same short form with a prefix that covers none of it silences the rule and nothing else.
    const elsewhere = lintJson(consumer, 'naive.yaml', README_OPTIONS.replace(/prefixes: \[.*\]/, 'prefixes: ["/orders"]')).results;
    expect(under(naive, 'ax-envelope-next-steps').length).toBeGreaterThan(0);
    expect(sorted(elsewhere)).toEqual(sorted(naive.filter(result => result.code !== 'ax-envelope-next-steps')));
  });

  test("docs/conventions.md's YAML anchor gives the three rules that read `errorCode` the same names: Spectral loads it, and the rules ask for the name given", () => {
    const { status, results } = lintJson(consumer, 'naive.yaml', SHARED_NAMES);
    expect(status).toBe(1);
    const structure = results.filter(result => result.code === 'ax-recoverable-error-structure');
    expect(structure.length).toBeGreaterThan(0);
    expect(structure.every(result => result.message.includes('`errorKey`'))).toBe(true);
  });

  test("functionsDir is resolved from the ruleset file's folder: the README's monorepo case", () => {
    mkdirSync(join(consumer, 'services', 'orders'), { recursive: true });
    const rulesetFile = join('services', 'orders', '.spectral.yaml');
    writeFileSync(join(consumer, rulesetFile), README_OPTIONS.replace('functionsDir: ./node_modules/', 'functionsDir: ../../node_modules/'));
    const lint = run(
      join(consumer, 'node_modules', '.bin', 'spectral'),
      ['lint', 'naive.yaml', '--ruleset', rulesetFile, '--format', 'json', '--quiet'],
      consumer,
    );
    const results = (JSON.parse(lint.stdout) as CliResult[]).map(({ code, path, severity, message }) => ({ code, path, severity, message }));
    expect(sorted(results)).toEqual(sorted(naive));
  });

  test('overrides with a JSON pointer silence one operation and nothing else (template braces percent-encoded)', () => {
    const pointers = ['naive.yaml#/paths/~1payments/post', 'naive.yaml#/paths/~1payments~1%7Bid%7D/delete'];
    const yaml = `${EXTENDS}overrides:\n  - files: ${JSON.stringify(pointers)}\n    rules:\n      ax-envelope-next-steps: "off"\n      ax-recoverable-retryable: "off"\n`;
    const { results } = lintJson(consumer, 'naive.yaml', yaml);
    // The deletion owes no next steps (it answers the payment it removes), but a retry flag, as the creation does.
    const silenced = [
      ...under(naive, 'ax-envelope-next-steps', 'paths', '/payments', 'post'),
      ...under(naive, 'ax-recoverable-retryable', 'paths', '/payments', 'post'),
      ...under(naive, 'ax-recoverable-retryable', 'paths', '/payments/{id}', 'delete'),
    ];
    expect(silenced.length).toBe(3);
    expect(sorted(results)).toEqual(sorted(naive.filter(result => !silenced.includes(result))));
  });

  test('baseline and probe say, one line on stderr, that a prefix covers no path (the exit code unchanged)', () => {
    writeFileSync(join(consumer, 'v1-prefix.spectral.yaml'), README_OPTIONS.replace(/prefixes: \[.*\]/, 'prefixes: ["/v1/"]'));
    const bin = join(consumer, 'node_modules', '.bin', 'spectral-agent-ux');
    const warning =
      'warning: `ax-envelope-next-steps`\'s prefixes ["/v1/"] match no path under `paths` (written without the servers\' base path, e.g. `/payments`), so it checks nothing.\n';
    const baseline = run(bin, ['baseline', 'naive.yaml', '--ruleset', 'v1-prefix.spectral.yaml', '--output', 'v1.baseline.yaml'], consumer);
    expect([baseline.status, baseline.stderr]).toEqual([0, `spectral-agent-ux baseline: ${warning}`]);
    const probe = run(bin, ['probe', 'naive.yaml', '--ruleset', 'v1-prefix.spectral.yaml', '--base-url', 'http://127.0.0.1:9/v1', '--dry-run'], consumer);
    expect([probe.status, probe.stderr]).toEqual([0, `spectral-agent-ux probe: ${warning}`]);
  });

  test('x-ax-exempt in the description silences one rule on one operation, and a bad reason is reported', () => {
    const exempted = readFileSync(join(consumer, 'naive.yaml'), 'utf8').replace(
      '      operationId: createPayment\n',
      '      operationId: createPayment\n      x-ax-exempt:\n        ax-envelope-next-steps: Creation returns a bare id by contract with partners\n        ax-recoverable-retryable: later\n',
    );
    writeFileSync(join(consumer, 'exempted.yaml'), exempted);
    const { results } = lintJson(consumer, 'exempted.yaml', EXTENDS);
    expect(under(results, 'ax-envelope-next-steps', 'paths', '/payments', 'post')).toEqual([]);
    expect(under(results, 'ax-recoverable-retryable', 'paths', '/payments', 'post')).toEqual([]);
    expect(under(results, 'ax-exemption-reason', 'paths', '/payments', 'post').map(result => result.path.slice(3))).toEqual([
      ['x-ax-exempt', 'ax-recoverable-retryable'],
    ]);
    expect(under(results, 'ax-envelope-next-steps').length).toBe(under(naive, 'ax-envelope-next-steps').length - 1);
  });
});

describe('the installed report command', () => {
  test("its failing cells are exactly the CLI diagnostics of the principles' rules", () => {
    const report = reportJson(consumer, 'naive.yaml', EXTENDS);
    const ruleOf = new Map(report.principles.map(principle => [principle.id, principle.rule]));
    const fromLint = naive.filter(result => [...ruleOf.values()].includes(result.code)).map(({ code, path, message }) => ({ code, path, message }));
    // A finding on a shared component fails the cell of every operation that uses it: each diagnostic once.
    const inCells = report.operations.flatMap(operation =>
      Object.entries(operation.cells).flatMap(([principle, cell]) =>
        cell.status === 'fail'
          ? (cell.diagnostics ?? []).map(({ path, message }) => JSON.stringify({ code: ruleOf.get(principle), path: path.map(String), message }))
          : [],
      ),
    );
    const fromReport = [...new Set(inCells)].map(text => JSON.parse(text));
    expect(fromLint.length).toBeGreaterThan(10);
    expect(report.unplaced).toEqual([]);
    expect(sorted(fromReport as CliResult[])).toEqual(sorted(fromLint as CliResult[]));
  });

  test('agent-ready.yaml scores 100%', () => {
    expect(reportJson(consumer, 'agent-ready.yaml', EXTENDS).overall.score).toBe(100);
  });
});

describe('the installed probe command, against the example API', () => {
  test('one finding per defect of the defective variant, the recovery counts, and exit 1', async () => {
    const { status, report } = await withOrdersApi(true, async api => {
      writeFileSync(join(consumer, 'probe.spectral.yaml'), EXTENDS);
      const args = exampleProbeArgs(api.url, 'probe.spectral.yaml');
      const probe = run(join(consumer, 'node_modules', '.bin', 'spectral-agent-ux'), args, consumer);
      return { status: probe.status, report: JSON.parse(probe.stdout) as ProbeJson };
    });
    expect(report.findings.map(({ response: _response, ...finding }) => finding)).toEqual(DEFECTIVE_FINDINGS);
    expect(report.operations).toEqual(DEFECTIVE_OPERATIONS);
    expect([report.probes, report.recovered, report.recoveryRate]).toEqual([17, 14, 82.4]);
    expect(status).toBe(1);
  });
});

describe('the VS Code extension loader', () => {
  test.each([
    ['extends', EXTENDS],
    ['extends with all', EXTENDS_ALL],
  ])('loads .spectral.yaml (%s) and gives the CLI diagnostics', async (_name, yaml) => {
    const rulesetFile = join(consumer, '.spectral.yaml');
    writeFileSync(rulesetFile, yaml);
    const spectral = new Spectral();
    spectral.setRuleset(await loadRulesetLikeVsCode(rulesetFile));
    const file = join(consumer, 'naive.yaml');
    const results = await spectral.run(new Document(readFileSync(file, 'utf8'), Parsers.Yaml, file));
    const cli = lintJson(consumer, 'naive.yaml', yaml).results;
    expect(sorted(results.map(({ code, path, severity, message }) => ({ code: String(code), path: path.map(String), severity, message })))).toEqual(
      sorted(cli),
    );
    // One squiggle for the shared `Error`'s missing code, on the line that declares it, not one per operation.
    const errorLine = readFileSync(file, 'utf8').split('\n').indexOf('    Error:');
    const structure = results.filter(result => result.code === 'ax-recoverable-error-structure' && result.path[0] === 'components');
    expect(structure.map(result => [result.path.join('.'), result.range.start.line, result.message.split(':')[0]])).toEqual([
      ['components.schemas.Error', errorLine, '`Error` (used by 4 responses)'],
    ]);
  });

  test("loads the README's functionsDir re-declaration, reading the shipped function file and its shared module as written", async () => {
    const rulesetFile = join(consumer, '.spectral.yaml');
    writeFileSync(rulesetFile, README_OPTIONS.replace(/prefixes: \[.*\]/, 'nextSteps: [links]'));
    const spectral = new Spectral();
    spectral.setRuleset(await loadRulesetLikeVsCode(rulesetFile));
    const file = join(consumer, 'agent-ready.yaml');
    const results = await spectral.run(new Document(readFileSync(file, 'utf8'), Parsers.Yaml, file));
    const nextSteps = results.filter(result => result.code === 'ax-envelope-next-steps');
    expect(nextSteps.length).toBeGreaterThan(0);
    // The option's name is the member asked for, whether in the body's schema or in an envelope for a shared one.
    expect(nextSteps.every(result => result.severity === 0 && /(does not declare|: no) `links`/.test(result.message))).toBe(true);
  });
});

/** `require()` of the main entry and of a function file, printed as JSON: [type, name, rule count]. */
const REQUIRE_CHECK = `const fn = require('spectral-agent-ux/functions/envelopeNextSteps'); const ruleset = require('spectral-agent-ux');
console.log(JSON.stringify([typeof fn, fn.name, Object.keys(ruleset.rules).length]));`;
const REQUIRED = JSON.stringify(['function', 'envelopeNextSteps', allIds.length]);
/** A report without the name of its ruleset file, which each run writes afresh. */
const withoutRulesetName = (report: object) => ({ ...report, ruleset: undefined });
const RULESET = 'extends.spectral.yaml';

describe('the package installed alone, without @stoplight/spectral-cli', () => {
  let alone: string;
  beforeAll(() => {
    alone = createConsumer({ withCli: false });
    for (const example of ['naive.yaml', 'agent-ready.yaml']) writeFileSync(join(alone, example), readFileSync(join(consumer, example)));
    writeFileSync(join(alone, RULESET), EXTENDS);
  }, 600_000);

  test('npx spectral-agent-ux report gives the report of a project with the CLI', () => {
    expect(existsSync(join(alone, 'node_modules', '@stoplight', 'spectral-cli'))).toBe(false);
    const report = JSON.parse(runOrThrow('npx', ['--no', 'spectral-agent-ux', 'report', 'naive.yaml', '--ruleset', RULESET, '--format', 'json'], alone));
    expect(withoutRulesetName(report)).toEqual(withoutRulesetName(reportJson(consumer, 'naive.yaml', EXTENDS)));
  });

  test('require() loads the ruleset and a function file with require(esm) off, silently', () => {
    const result = run(process.execPath, ['--no-experimental-require-module', '-e', REQUIRE_CHECK], alone);
    expect([result.stdout.trim(), result.stderr]).toEqual([REQUIRED, '']);
  });

  test('import loads the same function file as ESM', () => {
    const result = run(
      process.execPath,
      ['--input-type=module', '-e', "import fn from 'spectral-agent-ux/functions/envelopeNextSteps'; console.log(typeof fn, fn.name);"],
      alone,
    );
    expect([result.stdout.trim(), result.stderr]).toEqual(['function envelopeNextSteps', '']);
  });
});

describe.each(lowestNodes())('on Node %s, the lowest of its line that engines admits', version => {
  let node: string;
  beforeAll(() => {
    node = nodeBinary(version);
    writeFileSync(join(consumer, RULESET), EXTENDS);
  }, 600_000);

  test('it is that version', () => {
    expect(runOrThrow(node, ['--version'], consumer).trim()).toBe(`v${version}`);
  });

  test('spectral lint gives the same results', () => {
    const lint = run(
      node,
      [join('node_modules', '@stoplight', 'spectral-cli', 'dist', 'index.js'), 'lint', 'naive.yaml', '--ruleset', RULESET, '--format', 'json', '--quiet'],
      consumer,
    );
    const results = (JSON.parse(lint.stdout) as CliResult[]).map(({ code, path, severity, message }) => ({ code, path, severity, message }));
    expect(sorted(results)).toEqual(sorted(naive));
  });

  test('the report gives the same report', () => {
    const report = JSON.parse(
      runOrThrow(
        node,
        [join('node_modules', 'spectral-agent-ux', 'dist', 'spectral-agent-ux.cjs'), 'report', 'naive.yaml', '--ruleset', RULESET, '--format', 'json'],
        consumer,
      ),
    );
    expect(withoutRulesetName(report)).toEqual(withoutRulesetName(reportJson(consumer, 'naive.yaml', EXTENDS)));
  });

  test('the probe recovers every fault of the example API', async () => {
    const report = await withOrdersApi(false, async api =>
      JSON.parse(
        runOrThrow(node, [join('node_modules', 'spectral-agent-ux', 'dist', 'spectral-agent-ux.cjs'), ...exampleProbeArgs(api.url, RULESET)], consumer),
      ),
    );
    expect([report.findings, report.operations, report.probes, report.recovered]).toEqual([[], GOOD_OPERATIONS, 18, 18]);
  });

  test('require() loads the ruleset and a function file', () => {
    const result = run(node, ['-e', REQUIRE_CHECK], consumer);
    expect([result.stdout.trim(), result.stderr]).toEqual([REQUIRED, '']);
  });
});

describe('the ESLint plugin, installed beside eslint and typescript-eslint', () => {
  const HANDLER = `import type { FastifyInstance } from 'fastify';
export async function routes(app: FastifyInstance, pool: { query(sql: string): Promise<unknown> }) {
  app.post('/orders', async () => ({ id: 'o1', nextSteps: [{ action: 'Read', method: 'GET', href: '/v1/orders/o1', description: 'Read it.' }] }));
  app.get('/orders/:id', async request => {
    const steps = (request.body as { nextSteps?: unknown[] }).nextSteps ?? [];
    await pool.query('SELECT pg_advisory_xact_lock(1)');
    return { steps };
  });
}
`;
  /** The README's flat config, as written. */
  const README_CONFIG = /## Guard handler code[\s\S]*?```js\n([\s\S]*?)```/.exec(readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8'))![1];
  const CONFIGS: [string, string][] = [
    ['eslint.config.mjs', README_CONFIG],
    [
      'eslint.config.cjs',
      "const agentUx = require('spectral-agent-ux/eslint');\nconst tseslint = require('typescript-eslint');\nmodule.exports = [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, agentUx.configs.recommended];\n",
    ],
  ];
  const localVersion = (name: string) => JSON.parse(readFileSync(join(__dirname, '..', '..', 'node_modules', name, 'package.json'), 'utf8')).version as string;
  // ESLint 9 as this checkout develops with, and the newest ESLint 10: each in its own folder of the consumer,
  // beside typescript-eslint; the plugin itself resolves from the consumer's node_modules, where the tarball is.
  const ESLINTS: [string, string][] = [
    ['9', localVersion('eslint')],
    ['10', '^10'],
  ];
  const eslintDir = (major: string) => join(consumer, `eslint-${major}`);

  beforeAll(() => {
    for (const [major, version] of ESLINTS) {
      mkdirSync(eslintDir(major), { recursive: true });
      writeFileSync(join(eslintDir(major), 'package.json'), JSON.stringify({ name: `eslint-${major}`, private: true }));
      runOrThrow(
        'npm',
        [
          'install',
          `eslint@${version}`,
          `typescript-eslint@${localVersion('typescript-eslint')}`,
          '--no-audit',
          '--no-fund',
          '--prefer-offline',
          '--loglevel=error',
        ],
        eslintDir(major),
      );
    }
  }, 600_000);

  test.each(ESLINTS.flatMap(([major]) => CONFIGS.map(([file, config]) => [major, file, config])))(
    'ESLint %s, %s: configs.recommended reports the three rules in a Fastify handler',
    (major, configFile, config) => {
      const installed = JSON.parse(readFileSync(join(eslintDir(major), 'node_modules', 'eslint', 'package.json'), 'utf8')).version as string;
      expect(installed.split('.')[0]).toBe(major);
      const dir = join(eslintDir(major), `handlers-${configFile.replace(/\W/g, '-')}`);
      mkdirSync(join(dir, 'src'), { recursive: true });
      writeFileSync(join(dir, configFile), config);
      writeFileSync(join(dir, 'src', 'orders.ts'), HANDLER);
      const lint = run(join(eslintDir(major), 'node_modules', '.bin', 'eslint'), ['--format', 'json', 'src'], dir);
      expect(lint.stderr).toBe('');
      expect(lint.status).toBe(1);
      const [file] = JSON.parse(lint.stdout) as { messages: { ruleId: string; line: number }[] }[];
      expect(file.messages.map(({ ruleId, line }) => [ruleId, line])).toEqual([
        ['agent-ux/no-inline-next-steps', 3],
        ['agent-ux/no-unchecked-envelope-cast', 5],
        ['agent-ux/no-pool-query-in-transaction', 6],
      ]);
    },
  );

  const TYPED_CONFIG = `import { defineConfig } from 'eslint/config';
import type { Linter } from 'eslint';
import agentUx from 'spectral-agent-ux/eslint';
import tseslint from 'typescript-eslint';

const recommended: Linter.Config = agentUx.configs.recommended;
export default defineConfig([{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, recommended]);
export const withTypescriptEslint = tseslint.config(agentUx.configs.recommended);
`;

  test.each(ESLINTS.flatMap(([major]) => ['mts', 'cts'].map(extension => [major, extension])))(
    "ESLint %s: the plugin's types fit ESLint's own config types in an eslint.config.%s (ESM and CommonJS types)",
    (major, extension) => {
      const dir = join(eslintDir(major), `typed-${extension}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, `eslint.config.${extension}`), TYPED_CONFIG);
      const options = { module: 'nodenext', moduleResolution: 'nodenext', strict: true, noEmit: true, skipLibCheck: true, target: 'es2022' };
      writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, files: [`eslint.config.${extension}`] }));
      const tsc = run(join(eslintDir(major), 'node_modules', '.bin', 'tsc'), ['-p', 'tsconfig.json'], dir);
      expect([tsc.status, tsc.stdout]).toEqual([0, '']);
    },
  );

  test('requiring the ruleset, with ESLint installed beside it, loads neither ESLint, typescript-eslint nor the plugin', () => {
    const eslintFiles =
      'JSON.stringify(Object.keys(require.cache).filter(file => /node_modules\\/(eslint|typescript-eslint|@typescript-eslint)\\/|dist\\/eslint\\.cjs$/.test(file)).length)';
    // The plugin required afterwards shows that the filter sees it when it is loaded.
    const script = `require.resolve('eslint'); require('spectral-agent-ux'); console.log(${eslintFiles}); require('spectral-agent-ux/eslint'); console.log(${eslintFiles});`;
    const loaded = run(process.execPath, ['-e', script], eslintDir('9'));
    expect([loaded.stdout.trim().split('\n'), loaded.stderr]).toEqual([['0', '1'], '']);
  });
});
