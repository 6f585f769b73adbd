/** The mistakes Spectral swallows, said by the commands that load the ruleset (cli/mistakes.ts). */
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ruleset from '../../ruleset';
import { lintWith, readDocument } from '../../cli/lint';
import { silentMistakes } from '../../cli/mistakes';
import { ROOT, runBin, runMain } from '../support/bin';
import { example, FIXTURES, rulesetWith } from '../support/report';

const withPrefixes = (prefixes: string[]) => {
  const definition = ruleset.rules['ax-envelope-next-steps'];
  return { 'ax-envelope-next-steps': { ...definition, then: { ...definition.then, functionOptions: { prefixes } } } };
};

async function mistakesOf(extra: Parameters<typeof rulesetWith>[0]) {
  return silentMistakes(await lintWith(await readDocument(example('naive.yaml')), rulesetWith(extra)));
}

test('an overrides rule id that no loaded ruleset has, with the nearest one', async () => {
  expect(await mistakesOf({ overrides: [{ files: ['naive.yaml#/paths'], rules: { 'ax-envelope-nextsteps': 'off' } }] })).toEqual([
    'overrides name the rule `ax-envelope-nextsteps`, which no loaded ruleset has; did you mean `ax-envelope-next-steps`? It changes nothing.',
  ]);
});

test("prefixes that match no path under `paths` (the README's old `/v1/`, which is the servers' base path)", async () => {
  expect(await mistakesOf({ rules: withPrefixes(['/v1/']) })).toEqual([
    '`ax-envelope-next-steps`\'s prefixes ["/v1/"] match no path under `paths` (written without the servers\' base path, e.g. `/payments`), so it checks nothing.',
  ]);
  expect(await mistakesOf({ rules: withPrefixes(['/payments']) })).toEqual([]);
});

test('a ruleset without such mistakes says nothing', async () => {
  expect(await mistakesOf({ rules: { 'ax-recoverable-suggestion': 'info' } })).toEqual([]);
});

describe("overrides file patterns, as Spectral matches them (from the ruleset's folder)", () => {
  const naive = join(FIXTURES, '..', '..', '..', 'examples', 'naive.yaml');
  const off = (files: string[]) => ({ overrides: [{ files, rules: { 'ax-recoverable-suggestion': 'off' } }] });

  test('a pattern that matches no linted file', async () => {
    expect(await mistakesOf(off(['openapi.yaml']))).toEqual([
      `overrides pattern "openapi.yaml" matches no linted file (it is read from the ruleset's folder, ${FIXTURES}), so it changes nothing.`,
    ]);
  });

  test('a pointer to a place the description does not have', async () => {
    expect(await mistakesOf(off(['../../../examples/naive.yaml#/paths/~1refunds/post']))).toEqual([
      'overrides pattern "../../../examples/naive.yaml#/paths/~1refunds/post" points at nothing in naive.yaml, so it changes nothing.',
    ]);
  });

  test('patterns that match stay silent: a file name, a relative path, a pointer that exists', async () => {
    expect(await mistakesOf(off(['naive.yaml', '../../../examples/naive.yaml', 'naive.yaml#/paths/~1payments/post']))).toEqual([]);
  });

  test('an absolute path or a glob that climbs no folder matches nothing in Spectral: said so', async () => {
    expect(await mistakesOf(off([naive, '**/naive.yaml']))).toEqual(
      [naive, '**/naive.yaml'].map(
        pattern => `overrides pattern "${pattern}" matches no linted file (it is read from the ruleset's folder, ${FIXTURES}), so it changes nothing.`,
      ),
    );
  });
});

describe('field-name options that appear nowhere in the description', () => {
  const withNames = (names: Record<string, string[]>) => {
    const definition = ruleset.rules['ax-recoverable-error-structure'];
    return { rules: { 'ax-recoverable-error-structure': { ...definition, then: { ...definition.then, functionOptions: names } } } };
  };

  const differs = (concept: string, names: string, others: string) =>
    `the option \`${concept}\` differs between the rules that read it (\`ax-recoverable-error-structure\`: ${names}; ${others}: the default); give them all the same names, e.g. with one YAML anchor (docs/conventions.md).`;
  const CODE_READERS = '`ax-recoverable-code-format`, `ax-recoverable-error-catalog`';

  test('a misspelt name is said once, naming the rule and the option; that the sibling rules read other names is said too', async () => {
    expect(await mistakesOf(withNames({ errorCode: ['error_kode'] }))).toEqual([
      '`ax-recoverable-error-structure`\'s option `errorCode` names ["error_kode"], none of which appears in the description; check the spelling.',
      differs('errorCode', '["error_kode"]', CODE_READERS),
    ]);
  });

  test('a name the description uses (any letter case, or the first part of a dotted one) is not said to be absent', async () => {
    expect(await mistakesOf(withNames({ errorCode: ['ERROR', 'error_kode'], message: ['description.text'] }))).toEqual([
      differs('errorCode', '["ERROR","error_kode"]', CODE_READERS),
      differs('message', '["description.text"]', '`ax-recoverable-no-stack-traces`, `ax-recoverable-vague-message`'),
    ]);
  });

  test('`nextStepItem` by role and in role order name the same members; the next-steps rule reads it too', async () => {
    const give = (id: string, nextStepItem: unknown) => ({
      [id]: { ...ruleset.rules[id], then: { ...ruleset.rules[id].then, functionOptions: { nextStepItem } } },
    });
    const readers = ['ax-envelope-next-steps', 'ax-envelope-next-steps-shape', 'ax-envelope-next-steps-href'];
    const mixed = {
      ...give(readers[0], ['title', 'verb', 'url', 'description']),
      ...give(readers[1], { action: 'title', method: 'verb', href: 'url' }),
      ...give(readers[2], { action: 'title', method: 'verb', href: 'url', description: 'description' }),
    };
    expect(await mistakesOf({ rules: mixed })).toEqual([]);
    expect(await mistakesOf({ rules: give(readers[1], { method: 'verb' }) })).toEqual([
      'the option `nextStepItem` differs between the rules that read it (`ax-envelope-next-steps`, `ax-envelope-next-steps-href`: the default; `ax-envelope-next-steps-shape`: ["action","verb","href","description"]); give them all the same names, e.g. with one YAML anchor (docs/conventions.md).',
    ]);
  });

  test('the same names given to every rule that reads the option, or the default written out, say nothing', async () => {
    const names = { errorCode: ['ERROR'] };
    const rules = ['ax-recoverable-error-structure', 'ax-recoverable-code-format', 'ax-recoverable-error-catalog'];
    const every = Object.fromEntries(rules.map(id => [id, { ...ruleset.rules[id], then: { ...ruleset.rules[id].then, functionOptions: names } }]));
    expect(await mistakesOf({ rules: every })).toEqual([]);
    expect(await mistakesOf(withNames({ errorCode: ['code', 'error_code', 'errorCode', 'type', 'extensions.code', '__type'] }))).toEqual([]);
  });
});

test('a functionsDir written from the wrong folder: Spectral\'s "Cannot find module" gets where it is read from, and the path that works', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'functions-dir-'));
  mkdirSync(join(dir, 'services', 'orders'), { recursive: true });
  mkdirSync(join(dir, 'node_modules', 'spectral-agent-ux', 'dist', 'functions'), { recursive: true });
  copyFileSync(example('naive.yaml'), join(dir, 'naive.yaml'));
  const ruleset = `extends: [[${JSON.stringify(join(ROOT, 'dist', 'index.js'))}, recommended]]\nfunctionsDir: ./node_modules/spectral-agent-ux/dist/functions\nfunctions: [envelopeNextSteps]\nrules:\n  ax-envelope-next-steps:\n    given: $\n    then:\n      function: envelopeNextSteps\n`;
  writeFileSync(join(dir, 'services', 'orders', '.spectral.yaml'), ruleset);
  const run = await runBin(['report', 'naive.yaml', '--ruleset', 'services/orders/.spectral.yaml'], { cwd: dir });
  expect(run.status).toBe(2);
  expect(run.stderr.trim().split('\n').pop()).toBe(
    `spectral-agent-ux report: services/orders/.spectral.yaml: Cannot find module './node_modules/spectral-agent-ux/dist/functions/envelopeNextSteps.js'; \`functionsDir\` is read from the ruleset's folder (${join(dir, 'services', 'orders')}): here \`functionsDir: ../../node_modules/spectral-agent-ux/dist/functions\``,
  );
});

describe('each command that loads the ruleset says it, one line on stderr, and keeps its exit code', () => {
  const TYPO = 'overrides name the rule `ax-envelope-nextsteps`, which no loaded ruleset has; did you mean `ax-envelope-next-steps`? It changes nothing.';
  const project = (rules: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'mistakes-'));
    copyFileSync(example('naive.yaml'), join(dir, 'naive.yaml'));
    const ruleset = `extends: [[${JSON.stringify(join(ROOT, 'dist', 'index.js'))}, recommended]]\noverrides:\n  - files: ["naive.yaml#/paths/~1payments/post"]\n    rules:\n      ${rules}: "off"\n`;
    writeFileSync(join(dir, '.spectral.yaml'), ruleset);
    return dir;
  };

  test.each([
    ['report', ['report', 'naive.yaml']],
    ['baseline', ['baseline', 'naive.yaml']],
    ['fix', ['fix', 'naive.yaml', '-o', 'overlay.yaml']],
    ['probe', ['probe', 'naive.yaml', '--base-url', 'http://127.0.0.1:9/v1', '--dry-run']],
  ])('%s', async (command, args) => {
    const typo = await runMain(args, project('ax-envelope-nextsteps'));
    const right = await runMain(args, project('ax-envelope-next-steps'));
    expect(typo.stderr.split('\n').filter(line => line.includes(TYPO))).toEqual([`spectral-agent-ux ${command}: warning: ${TYPO}`]);
    expect(right.stderr).not.toContain('warning:');
    expect(typo.code).toBe(right.code);
  });
});
