/**
 * The GitHub Action (action.yml, a composite action): its `run` steps executed as GitHub runs them, in
 * order, with the inputs substituted, `GITHUB_OUTPUT` and `GITHUB_STEP_SUMMARY` files, and the project's
 * `spectral` and `spectral-agent-ux` on the path (npx finds them in node_modules/.bin). The upload step
 * is GitHub's own action and is not run here.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { packedTarball } from '../support/packed';
import { ROOT } from '../support/report';

interface Step {
  id?: string;
  name: string;
  run?: string;
  uses?: string;
  env?: Record<string, string>;
}
const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { default?: string; required?: boolean }>;
  runs: { using: string; steps: Step[] };
};

/** A project folder with the two packages installed (links) and their bins where npx looks for them, and the package's ruleset as `.spectral.yaml`. */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'action-'));
  const bin = join(dir, 'node_modules', '.bin');
  mkdirSync(join(dir, 'node_modules', '@stoplight'), { recursive: true });
  mkdirSync(bin);
  symlinkSync(ROOT, join(dir, 'node_modules', 'spectral-agent-ux'));
  symlinkSync(join(ROOT, 'node_modules', '@stoplight', 'spectral-cli'), join(dir, 'node_modules', '@stoplight', 'spectral-cli'));
  symlinkSync(join(ROOT, 'node_modules', '.bin', 'spectral'), join(bin, 'spectral'));
  writeFileSync(join(bin, 'spectral-agent-ux'), `#!/bin/sh\nexec "${process.execPath}" "${join(ROOT, 'dist', 'spectral-agent-ux.cjs')}" "$@"\n`);
  chmodSync(join(bin, 'spectral-agent-ux'), 0o755);
  writeFileSync(join(dir, '.spectral.yaml'), `extends: [["${join(ROOT, 'dist', 'index.cjs')}", recommended]]\n`);
  for (const example of ['naive.yaml', 'agent-ready.yaml']) copyFileSync(join(ROOT, 'examples', example), join(dir, example));
  return dir;
}

/** `${{ inputs.a || inputs.b }}`, `${{ steps.x.outputs.y }}`: the expressions the action's env uses. */
function substitute(expression: string, inputs: Record<string, string>, outputs: Record<string, Record<string, string>>): string {
  return expression.replace(/\$\{\{\s*(.+?)\s*\}\}/g, (_all, body: string) => {
    for (const term of body.split('||').map(part => part.trim())) {
      const input = /^inputs\.([\w-]+)$/.exec(term);
      const output = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(term);
      const value = input !== null ? inputs[input[1]] : output !== null ? outputs[output[1]]?.[output[2]] : undefined;
      if (value !== undefined && value !== '') return value;
    }
    return '';
  });
}

/**
 * Runs the action's shell steps in `dir`, as checked out at this repository: the exit code of the first
 * failing step (0 if none), the job log (every step's output), the outputs and the summary.
 */
function runAction(dir: string, given: Record<string, string>) {
  const inputs = Object.fromEntries(Object.entries(action.inputs).map(([name, input]) => [name, given[name] ?? input.default ?? '']));
  const outputs: Record<string, Record<string, string>> = {};
  const summary = join(dir, 'summary.md');
  writeFileSync(summary, '');
  let log = '';
  for (const step of action.runs.steps.filter(candidate => candidate.run !== undefined)) {
    const outputFile = join(dir, `output-${step.id ?? 'step'}.txt`);
    writeFileSync(outputFile, '');
    const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([name, value]) => [name, substitute(value, inputs, outputs)]));
    const ran = spawnSync('bash', ['-e', '-c', step.run!], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, ...env, GITHUB_ACTION_PATH: ROOT, GITHUB_OUTPUT: outputFile, GITHUB_STEP_SUMMARY: summary },
    });
    log += ran.stdout;
    if (step.id !== undefined)
      outputs[step.id] = Object.fromEntries(
        readFileSync(outputFile, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map(line => line.split('=') as [string, string]),
      );
    if (ran.status !== 0) return { status: ran.status, failed: step.name, stdout: log, outputs, summary: readFileSync(summary, 'utf8') };
  }
  return { status: 0, failed: undefined, stdout: log, outputs, summary: readFileSync(summary, 'utf8') };
}

test('is a composite action: install if needed, lint, upload, report, gate', () => {
  expect(action.runs.using).toBe('composite');
  expect(Object.keys(action.inputs)).toEqual(['description', 'ruleset', 'baseline', 'fail-severity', 'min-score', 'probe', 'upload-sarif', 'package']);
  expect(action.runs.steps.map(step => step.uses ?? step.name)).toEqual([
    'Install (when the project has not)',
    'Lint',
    'github/codeql-action/upload-sarif@v3',
    'Agent-readiness report',
    'Gate',
  ]);
});

test("the README's workflow is a whole workflow whose inputs, set or commented out, are the action's", () => {
  const block = /```yaml\n(on: [\s\S]*?)```/.exec(readFileSync(join(ROOT, 'README.md'), 'utf8'))![1];
  const workflow = parse(block) as { on: unknown; jobs: Record<string, { 'runs-on': string; steps: { uses?: string; with?: Record<string, unknown> }[] }> };
  const [job] = Object.values(workflow.jobs);
  expect(job['runs-on']).toBe('ubuntu-latest');
  const step = job.steps.find(candidate => candidate.uses?.startsWith('spectral-agent-ux/spectral-agent-ux@v'))!;
  const commented = [...block.matchAll(/^\s+# ([\w-]+): /gm)].map(match => match[1]);
  expect([...Object.keys(step.with!), ...commented].sort()).toEqual(Object.keys(action.inputs).sort());
  expect(
    Object.entries(action.inputs)
      .filter(([, input]) => input.required)
      .map(([name]) => name),
  ).toEqual(['description']);
});

describe('its steps, as GitHub runs them', () => {
  const dir = project();

  test('on a description with errors: SARIF written, the report in the job summary, the score as an output, then the gate fails', () => {
    const ran = runAction(dir, { description: 'naive.yaml' });
    expect(ran.failed).toBe('Gate');
    expect(ran.stdout).toContain("Using the project's spectral-agent-ux and @stoplight/spectral-cli.");
    // The findings in the job log too, not only in the SARIF file.
    expect(ran.stdout).toMatch(/\n +\d+:\d+ +error +ax-envelope-next-steps +POST \/payments 201: /);
    expect(ran.stdout).toContain('::error::spectral lint failed (exit 1)');
    expect(JSON.parse(readFileSync(join(dir, 'spectral.sarif'), 'utf8')).version).toBe('2.1.0');
    expect(ran.summary).toMatch(/^## Agent-readiness: [\d.]+% · level: not agent-ready\n/);
    // The report opens with the changes that clear most findings, in the job summary too.
    expect(ran.summary).toContain('\n### Start here\n\n1. **');
    expect(Number(ran.outputs.report.score)).toBeGreaterThan(0);
    expect(ran.outputs.lint.status).toBe('1');
  });

  test('with a baseline, only new findings fail the lint; min-score still fails the job on the score', () => {
    const baseline = spawnSync(join(dir, 'node_modules', '.bin', 'spectral-agent-ux'), ['baseline', 'naive.yaml'], { cwd: dir, encoding: 'utf8' });
    expect(baseline.status).toBe(0);
    expect(runAction(dir, { description: 'naive.yaml', baseline: '.spectral-baseline.yaml', 'fail-severity': 'warn' })).toMatchObject({
      status: 0,
      failed: undefined,
    });
    const ran = runAction(dir, { description: 'naive.yaml', baseline: '.spectral-baseline.yaml', 'fail-severity': 'warn', 'min-score': '90' });
    expect(ran.outputs.lint.status).toBe('0');
    expect(ran.outputs.report.status).toBe('1');
    expect(ran.failed).toBe('Gate');
    expect(ran.stdout).toContain('::error::the agent-readiness report failed (exit 1)');
  });

  test('a remote $ref in the description is not fetched, by the lint or the report (a server in another process counts the requests)', async () => {
    const requests = join(dir, 'requests.log');
    writeFileSync(requests, '');
    const server = spawn(process.execPath, [
      '-e',
      `require('http').createServer((q, s) => { require('fs').appendFileSync(${JSON.stringify(requests)}, q.url + '\\n'); s.end('{"type":"object"}'); })
        .listen(0, '127.0.0.1', function () { console.log(this.address().port); });`,
    ]);
    const port = await new Promise<string>(resolve => server.stdout.once('data', chunk => resolve(String(chunk).trim())));
    try {
      const remote = readFileSync(join(dir, 'agent-ready.yaml'), 'utf8').replace(
        /^components:\n/m,
        `components:\n  x-remote: { $ref: 'http://127.0.0.1:${port}/schema.json' }\n`,
      );
      writeFileSync(join(dir, 'remote.yaml'), remote);
      const ran = runAction(dir, { description: 'remote.yaml', 'upload-sarif': 'false' });
      expect(ran.stdout).toContain(`remote $ref not fetched: http://127.0.0.1:${port}/schema.json`);
      expect(readFileSync(requests, 'utf8')).toBe('');
    } finally {
      server.kill();
    }
  });

  test('a clean description at its score passes', () => {
    expect(runAction(dir, { description: 'agent-ready.yaml', 'min-score': '100' })).toMatchObject({ status: 0, failed: undefined });
  });
});

describe('in a repository without package.json', () => {
  test('installs the package and the Spectral CLI it is tested with, then lints and reports as in a project that has them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'action-bare-'));
    writeFileSync(join(dir, '.spectral.yaml'), 'extends: ["spectral-agent-ux"]\n');
    copyFileSync(join(ROOT, 'examples', 'naive.yaml'), join(dir, 'openapi.yaml'));
    // The package is not on the registry yet: the `package` input installs its tarball instead of spectral-agent-ux@<version>.
    const ran = runAction(dir, { description: 'openapi.yaml', package: packedTarball().tarball, 'upload-sarif': 'false' });
    expect(ran.failed).toBe('Gate');
    expect(ran.outputs.lint.status).toBe('1');
    expect(ran.stdout).toMatch(/\n +\d+:\d+ +error +ax-envelope-next-steps +POST \/payments 201: /);
    const cli = JSON.parse(readFileSync(join(dir, 'node_modules', '@stoplight', 'spectral-cli', 'package.json'), 'utf8')).version as string;
    expect(cli.split('.')[0]).toBe('6');
    expect(ran.summary).toMatch(/^## Agent-readiness: [\d.]+% · level: not agent-ready\n/);
    expect(existsSync(join(dir, 'package.json'))).toBe(false);
  }, 300_000);
});
