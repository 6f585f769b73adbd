/**
 * The README cannot go stale: its report sample is what the build prints (scripts/readme-sample.mjs
 * --check, after `npm run build`); its Fastify and Express snippets run as written, in a project
 * folder holding `openapi.yaml`, with `spectral-agent-ux/runtime` resolved to this build; every `npx`
 * command and every ruleset it shows runs in a user's project, with the exit code it promises.
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withOrdersApi } from '../support/probe-api';
import { ROOT } from '../support/report';

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

test("the report sample is the build's own output", () => {
  const check = spawnSync(process.execPath, [join(ROOT, 'scripts', 'readme-sample.mjs'), '--check'], { cwd: ROOT, encoding: 'utf8' });
  expect(check.stderr).toBe('');
  expect(check.status).toBe(0);
});

/** The ```js block that follows `label` in the README. */
const snippetAfter = (label: string) => new RegExp(`${label}\\n\\n\`\`\`js\\n([\\s\\S]*?)\`\`\``).exec(README)![1];

test.each([
  ['Fastify:', 'await app.ready(); await app.close();'],
  ['Express:', "if (typeof app.handle !== 'function') throw new Error('no app');"],
])('the %s snippet runs as written', (label, end) => {
  const dir = mkdtempSync(join(tmpdir(), 'readme-snippet-'));
  copyFileSync(join(ROOT, 'examples', 'agent-ready.yaml'), join(dir, 'openapi.yaml'));
  // Bare imports resolve from this checkout's node_modules; the package's own from its build.
  const code = snippetAfter(label)
    .replace("'spectral-agent-ux/runtime'", JSON.stringify(join(ROOT, 'dist', 'runtime.js')))
    .replace(/from '([^'./][^']*)'/g, (_all, name: string) => `from ${JSON.stringify(require.resolve(name, { paths: [ROOT] }))}`);
  writeFileSync(join(dir, 'snippet.mjs'), `${code}\n${end}\n`);
  const ran = spawnSync(process.execPath, [join(dir, 'snippet.mjs')], { cwd: dir, encoding: 'utf8' });
  expect({ status: ran.status, stderr: ran.stderr }).toEqual({ status: 0, stderr: '' });
});

/** The README's fenced blocks of one language, in order. */
const blocks = (language: string) => [...README.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'g'))].map(match => match[1]);

/** The `npx` command lines of the README, as a user copies them: from its shell blocks and its workflows' `run:` steps, comments cut. */
const commands = [
  ...blocks('sh').flatMap(block => block.split('\n')),
  ...blocks('yaml').flatMap(block => block.split('\n').map(line => line.replace(/^\s*- run: /, ''))),
]
  .map(line => line.replace(/\s+#.*$/, '').trim())
  .filter(line => line.startsWith('npx '));

/**
 * A user's project: `openapi.yaml` (examples/naive.yaml), the package installed (a link to this
 * checkout, built) beside the Spectral CLI, so `npx` runs both bins and `extends: ["spectral-agent-ux"]` resolves.
 */
function userProject(description = join(ROOT, 'examples', 'naive.yaml')): string {
  const dir = mkdtempSync(join(tmpdir(), 'readme-project-'));
  mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
  symlinkSync(ROOT, join(dir, 'node_modules', 'spectral-agent-ux'));
  symlinkSync(join(ROOT, 'node_modules', '.bin', 'spectral'), join(dir, 'node_modules', '.bin', 'spectral'));
  symlinkSync(join(ROOT, 'dist', 'spectral-agent-ux.cjs'), join(dir, 'node_modules', '.bin', 'spectral-agent-ux'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'user', private: true }));
  copyFileSync(description, join(dir, 'openapi.yaml'));
  return dir;
}

/** A command line run in the project; `npx <bin>` is the project's own bin (what npx finds), without npm's start-up cost. */
const shell = (line: string, cwd: string) => spawnSync('bash', ['-c', line.replace(/^npx /, 'node_modules/.bin/')], { cwd, encoding: 'utf8' });

/**
 * Every command of the README, once each, in the order a newcomer meets them, with the exit code the
 * README promises on examples/naive.yaml (the probe runs against the example API, below). A new
 * command in the README fails this test until it is given its exit code here.
 */
const EXPECTED: [string, number][] = [
  ['npx spectral lint openapi.yaml --format sarif --output spectral.sarif --fail-severity error', 1],
  ['npx spectral-agent-ux report openapi.yaml --format markdown --min-score 80', 1],
  ['npx spectral-agent-ux report openapi.yaml --output agent-readiness.md', 0],
  ['npx spectral-agent-ux baseline openapi.yaml', 0],
  ['npx spectral lint -r .spectral-baseline.yaml openapi.yaml --fail-severity warn', 0],
  ['npx spectral-agent-ux baseline openapi.yaml --prune', 0],
  ['npx spectral-agent-ux baseline openapi.yaml --check', 0],
  ['npx spectral-agent-ux fix openapi.yaml -o agent-ux.overlay.yaml', 0],
  ['npx spectral-agent-ux fix openapi.yaml --apply', 0],
  // Nothing of that rule is left after --apply: nothing to do.
  ['npx spectral-agent-ux fix openapi.yaml --apply --only ax-recoverable-retryable', 0],
  // What is left needs a person: naive.yaml still has errors after the fixes.
  ['npx spectral lint openapi.yaml', 1],
];
const PROBE = 'npx spectral-agent-ux probe openapi.yaml --base-url http://127.0.0.1:3000/v1';

test('every npx command of the README runs as written, with the exit code it promises', () => {
  expect([...new Set(commands)].filter(line => line !== PROBE).sort()).toEqual(EXPECTED.map(([line]) => line).sort());
  const dir = userProject();
  const [echo] = blocks('sh').flatMap(block => block.split('\n').filter(line => line.startsWith('echo ')));
  expect(echo).toBe(`echo 'extends: ["spectral-agent-ux"]' > .spectral.yaml`);
  expect(shell(echo, dir).status).toBe(0);
  const ran = EXPECTED.map(([line]) => {
    const result = shell(line, dir);
    return [line, result.status, result.status === 2 ? result.stderr : ''];
  });
  expect(ran).toEqual(EXPECTED.map(([line, status]) => [line, status, '']));
});

test("the README's baseline CI command fails on a new operation with only warnings", () => {
  const dir = userProject();
  writeFileSync(join(dir, '.spectral.yaml'), 'extends: ["spectral-agent-ux"]\n');
  const [ci] = commands.filter(line => line.startsWith('npx spectral lint -r .spectral-baseline.yaml'));
  expect(shell('npx spectral-agent-ux baseline openapi.yaml', dir).status).toBe(0);
  expect(shell(ci, dir).status).toBe(0);
  const grown = readFileSync(join(dir, 'openapi.yaml'), 'utf8').replace(
    /^paths:\n/m,
    "paths:\n  /widgets:\n    post:\n      operationId: createWidget\n      responses:\n        '204':\n          description: Created.\n",
  );
  writeFileSync(join(dir, 'openapi.yaml'), grown);
  const lint = shell(`${ci} --format json`, dir);
  expect(lint.status).toBe(1);
  expect((JSON.parse(lint.stdout) as { code: string; severity: number }[]).map(({ code, severity }) => [code, severity])).toEqual([
    ['ax-recoverable-retryable', 1],
    ['ax-recoverable-error-responses', 1],
  ]);
});

test("the README's probe command, against the example API on the port it listens on", async () => {
  expect(commands).toContain(PROBE);
  const dir = userProject(join(ROOT, 'examples', 'probe-api', 'openapi.yaml'));
  await withOrdersApi(false, async api => {
    const probe = await new Promise<number | null>(resolve =>
      spawn('bash', ['-c', PROBE.replace('npx ', 'node_modules/.bin/').replace('http://127.0.0.1:3000/v1', api.url)], { cwd: dir, stdio: 'ignore' }).on(
        'close',
        resolve,
      ),
    );
    // Its token route needs a test account (--input), so 5 of 6 operations are tested: below the default --min-coverage of 100%.
    expect(probe).toBe(1);
  });
});

test("the README's rulesets load in the Spectral CLI as written", () => {
  const rulesets = blocks('yaml').filter(block => block.startsWith('extends:'));
  expect(rulesets).toHaveLength(3);
  const dir = userProject();
  for (const [i, ruleset] of rulesets.entries()) {
    writeFileSync(join(dir, `ruleset-${i}.yaml`), ruleset);
    const lint = shell(`npx spectral lint openapi.yaml -r ruleset-${i}.yaml`, dir);
    expect({ ruleset, status: lint.status, stderr: lint.stderr }).toEqual({ ruleset, status: 1, stderr: '' });
  }
});
