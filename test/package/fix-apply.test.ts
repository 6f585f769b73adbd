/**
 * `fix --apply` through the built bin, bytes compared: it changes nothing outside the objects it edits
 * (number literals, escapes, one-line objects, line endings, a byte-order mark), follows YAML aliases and
 * merge keys without shadowing or silently dropping an edit, counts as fixed what a second lint no longer
 * reports, and saves as an editor does (mode, owner, hard links, a read-only file refused, a stale
 * temporary file removed, one run at a time, a cut-off write leaving the file as it was), and never
 * loses a write another process makes meanwhile, never reads a pipe or a device, never leaves its lock.
 * FIX_BIN=<path> runs the same tests on another build (the packed tarball's, or an older one).
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, runBin } from '../support/bin';
import { heldBeforeRename, heldBeforeSave, heldInLint } from '../support/hold';

const BIN = process.env.FIX_BIN ?? join(ROOT, 'dist', 'spectral-agent-ux.cjs');
// Each test runs the bin, which lints twice (before and after writing): on a busy machine, more than the default 30 s.
jest.setTimeout(180_000);

/** A folder holding `name` with `text`. */
function project(name: string, text: string | Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'fix-apply-'));
  writeFileSync(join(dir, name), text);
  return dir;
}

async function apply(dir: string, name: string, env: NodeJS.ProcessEnv = process.env) {
  const run = await runBin(['fix', name, '--apply'], { bin: BIN, cwd: dir, env });
  return { status: run.status, stderr: run.stderr, text: readFileSync(join(dir, name), 'utf8') };
}

const summary = (line: string) => `spectral-agent-ux fix: ${line}\n`;
const LEFT_ERROR_RESPONSES =
  '1 finding left for a person (prose, a real URL or a decision):\n  ax-recoverable-error-responses at paths./orders/{id}.put.responses: PUT /orders/{id}: no 4xx error response. Add a `400`, `422` or `default` response whose JSON schema has `code`, `message` and `recoveryHint`; your error handler must then send this body for validation errors too.\n';

/** A PUT without its retry flags (the edit), beside what a careless writer would rewrite: int64's maximum, `1.50`, `1e400`, `\u00e9`, `\/`, one-line objects. */
const JSON_LINES = [
  '{',
  '  "openapi": "3.0.3",',
  '  "info": {"title": "Caf\\u00e9", "version": "1.0", "x-logo": "https:\\/\\/example.com\\/logo.png"},',
  '  "paths": {',
  '    "/orders/{id}": {',
  '      "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer", "maximum": 9223372036854775807, "minimum": 1.50, "x-limit": 1e400}}],',
  '      "put": {',
  '        "responses": {"204": {"description": "Saved"}}',
  '      }',
  '    }',
  '  }',
  '}',
  '',
];
/** The same, with the flags added: the only change. */
const JSON_FIXED = [
  ...JSON_LINES.slice(0, 7),
  '        "responses": {"204": {"description": "Saved"}},',
  '        "x-ax-idempotent": true,',
  '        "x-ax-retryable": true',
  ...JSON_LINES.slice(8),
];
const FIXED_2_OF_3 = (file: string) => summary(`fixed 2 of 3 findings in ${file} (1 object edited)`) + LEFT_ERROR_RESPONSES;

describe('JSON: only the edited object changes', () => {
  test('numbers, escapes and one-line objects stay as written', async () => {
    const dir = project('openapi.json', JSON_LINES.join('\n'));
    expect(await apply(dir, 'openapi.json')).toEqual({ status: 0, stderr: FIXED_2_OF_3('openapi.json'), text: JSON_FIXED.join('\n') });
  });

  test('CRLF line endings stay CRLF, the new lines too', async () => {
    const dir = project('openapi.json', JSON_LINES.join('\r\n'));
    expect(await apply(dir, 'openapi.json')).toEqual({ status: 0, stderr: FIXED_2_OF_3('openapi.json'), text: JSON_FIXED.join('\r\n') });
  });

  test('a byte-order mark is read and kept', async () => {
    const dir = project('openapi.json', `\uFEFF${JSON_LINES.join('\n')}`);
    expect(await apply(dir, 'openapi.json')).toEqual({ status: 0, stderr: FIXED_2_OF_3('openapi.json'), text: `\uFEFF${JSON_FIXED.join('\n')}` });
  });

  test('a file on one line gets its members on that line, in its spacing', async () => {
    const minified = JSON.stringify(JSON.parse(JSON_LINES.join('\n').replace(/9223372036854775807|1e400/g, '1')));
    const dir = project('openapi.json', minified);
    const expected = minified.replace(
      '"responses":{"204":{"description":"Saved"}}',
      '"responses":{"204":{"description":"Saved"}},"x-ax-idempotent":true,"x-ax-retryable":true',
    );
    expect(await apply(dir, 'openapi.json')).toEqual({ status: 0, stderr: FIXED_2_OF_3('openapi.json'), text: expected });
  });

  test('an object written on one line stays on one line', async () => {
    const oneLine = JSON_LINES.join('\n').replace(
      '"put": {\n        "responses": {"204": {"description": "Saved"}}\n      }',
      '"put": {"responses": {"204": {"description": "Saved"}}}',
    );
    const dir = project('openapi.json', oneLine);
    const expected = oneLine.replace(
      '{"responses": {"204": {"description": "Saved"}}}',
      '{"responses": {"204": {"description": "Saved"}}, "x-ax-idempotent": true, "x-ax-retryable": true}',
    );
    expect(await apply(dir, 'openapi.json')).toEqual({ status: 0, stderr: FIXED_2_OF_3('openapi.json'), text: expected });
  });
});

const YAML_LINES = [
  'openapi: 3.0.3',
  'info:',
  '  title: Orders',
  "  version: '1'",
  'paths:',
  '  /orders/{id}:',
  '    parameters:',
  '      - {name: id, in: path, required: true, schema: {type: string}}',
  '    put:',
  '      responses:',
  '        204:',
  '          description: Saved',
  '',
];
const YAML_FIXED = [...YAML_LINES.slice(0, -1), '      x-ax-idempotent: true', '      x-ax-retryable: true', ''];

describe('YAML: line endings and a byte-order mark', () => {
  test('CRLF stays CRLF on every line, the new ones too', async () => {
    const dir = project('openapi.yaml', YAML_LINES.join('\r\n'));
    expect(await apply(dir, 'openapi.yaml')).toEqual({ status: 0, stderr: FIXED_2_OF_3('openapi.yaml'), text: YAML_FIXED.join('\r\n') });
  });

  test('a byte-order mark is kept', async () => {
    const dir = project('openapi.yaml', `\uFEFF${YAML_LINES.join('\n')}`);
    expect(await apply(dir, 'openapi.yaml')).toEqual({ status: 0, stderr: FIXED_2_OF_3('openapi.yaml'), text: `\uFEFF${YAML_FIXED.join('\n')}` });
  });
});

describe('YAML: anchors, aliases and merge keys', () => {
  const errorResponse = (status: string, schema: string[]) => [
    `        '${status}':`,
    `          description: Error ${status}`,
    '          content:',
    '            application/json:',
    ...schema.map(line => `              ${line}`),
  ];
  const document = (responses: string[], components: string[] = []) =>
    [
      'openapi: 3.0.3',
      'info: {title: Orders, version: "1"}',
      ...components,
      'paths:',
      '  /orders/{id}:',
      '    parameters:',
      '      - {name: id, in: path, required: true, schema: {type: string}}',
      '    get:',
      '      responses:',
      ...responses,
      '',
    ].join('\n');
  const problem = ['type: object', 'properties:', '  code: {type: string}', '  message: {type: string}'];
  const indented = (lines: string[], by: string) => lines.map(line => by + line);

  test('an edit meant for every user of an anchor is made once, in the anchored node; a merged map is never shadowed', async () => {
    // Two error responses: one declares the schema (&problem), the other merges it: both need the same members.
    const text = document([
      "        '200': {description: OK}",
      ...errorResponse('404', ['schema: &problem', ...indented(problem, '  ')]),
      ...errorResponse('409', ['schema:', '  <<: *problem', '  description: Conflict']),
    ]);
    const dir = project('openapi.yaml', text);
    const { status, stderr, text: edited } = await apply(dir, 'openapi.yaml');
    expect(status).toBe(0);
    expect(stderr).toBe(summary('fixed 6 of 6 findings in openapi.yaml (2 objects edited)'));
    const added = ['    retryable:', '      type: boolean', '    recoveryHint:', '      type: string', '  required:', '    - code', '    - message'];
    expect(edited).toBe(
      document([
        "        '200': {description: OK}",
        ...errorResponse('404', ['schema: &problem', ...indented(problem, '  '), ...added]),
        // `required` is new to both maps: added here beside the merge key, which keeps its `properties`.
        ...errorResponse('409', ['schema:', '  <<: *problem', '  description: Conflict', '  required:', '    - code', '    - message']),
      ]),
    );
  });

  test('an edit that would change an anchor another place uses differently is refused, with the reason; "fixed" counts what the lint no longer reports', async () => {
    // `Order` is a success body too: the error members must not reach it through the alias or the merge key.
    const text = document(
      [
        "        '200':",
        '          description: OK',
        '          content: {application/json: {schema: *order}}',
        ...errorResponse('404', ['schema:', '  <<: *order', '  description: Not found']),
        ...errorResponse('409', ['schema: *order']),
      ],
      ['components:', '  schemas:', '    Order: &order', ...indented(problem, '      ')],
    );
    const dir = project('openapi.yaml', text);
    const { status, stderr, text: edited } = await apply(dir, 'openapi.yaml');
    expect({ status, text: edited }).toEqual({ status: 0, text });
    const lines = stderr.split('\n');
    expect(lines.slice(0, 4)).toEqual([
      'spectral-agent-ux fix: fixed 0 of 6 findings in openapi.yaml (0 objects edited)',
      '2 edits not made, left for a person:',
      '  at paths./orders/{id}.get.responses.404.content.application/json.schema: it would change &order (line 5), which other places share through an alias or a merge key; change it there, or here, by hand',
      '  at paths./orders/{id}.get.responses.409.content.application/json.schema: it would change &order (line 5), which other places share through an alias or a merge key; change it there, or here, by hand',
    ]);
    expect(lines[4]).toBe('6 findings left for a person (prose, a real URL or a decision):');
  });
});

describe('saved as an editor saves', () => {
  test.each([0o600, 0o755, 0o640])('mode %o is kept', async mode => {
    const dir = project('openapi.json', JSON_LINES.join('\n'));
    chmodSync(join(dir, 'openapi.json'), mode);
    expect(await apply(dir, 'openapi.json')).toMatchObject({ status: 0, text: JSON_FIXED.join('\n') });
    expect(statSync(join(dir, 'openapi.json')).mode & 0o777).toBe(mode);
  });

  (process.getuid?.() === 0 ? test : test.skip)('the owner is kept (where this user may give it: here, root)', async () => {
    const dir = project('openapi.json', JSON_LINES.join('\n'));
    chownSync(join(dir, 'openapi.json'), 1234, 2345);
    expect(await apply(dir, 'openapi.json')).toMatchObject({ status: 0, text: JSON_FIXED.join('\n') });
    expect(statSync(join(dir, 'openapi.json'))).toMatchObject({ uid: 1234, gid: 2345 });
  });

  test('a hard link stays one file: both names see the edit', async () => {
    const dir = project('openapi.json', JSON_LINES.join('\n'));
    linkSync(join(dir, 'openapi.json'), join(dir, 'linked.json'));
    expect(await apply(dir, 'openapi.json')).toMatchObject({ status: 0, text: JSON_FIXED.join('\n') });
    expect(statSync(join(dir, 'linked.json')).ino).toBe(statSync(join(dir, 'openapi.json')).ino);
    expect(readFileSync(join(dir, 'linked.json'), 'utf8')).toBe(JSON_FIXED.join('\n'));
    expect(readdirSync(dir).sort()).toEqual(['linked.json', 'openapi.json']);
  });

  test('a read-only file is refused with one line, exit 2, and left as it was', async () => {
    const dir = project('openapi.json', JSON_LINES.join('\n'));
    chmodSync(join(dir, 'openapi.json'), 0o444);
    expect(await apply(dir, 'openapi.json')).toEqual({
      status: 2,
      stderr: summary('openapi.json: cannot write the description: the file is read-only (mode 0444); make it writable first'),
      text: JSON_LINES.join('\n'),
    });
    expect(readdirSync(dir)).toEqual(['openapi.json']);
  });

  test("a killed run's temporary file is removed by the next run; a running one's is not", async () => {
    const dir = project('openapi.json', JSON_LINES.join('\n'));
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    writeFileSync(join(dir, `.openapi.json.${gone}.tmp`), 'x'.repeat(1 << 20));
    writeFileSync(join(dir, `.openapi.json.${process.pid}.tmp`), 'being written');
    expect(await apply(dir, 'openapi.json')).toMatchObject({ status: 0, text: JSON_FIXED.join('\n') });
    expect(readdirSync(dir).sort()).toEqual([`.openapi.json.${process.pid}.tmp`, 'openapi.json']);
  });

  test('a write cut off (a file-size limit) leaves the file as it was and no temporary file', () => {
    // The description outweighs `ulimit -f 4` (4 KiB per file written): the temporary file cannot be completed.
    const padded = JSON_LINES.join('\n').replace('"title": "Caf\\u00e9"', `"title": "Caf\\u00e9", "description": "${'x'.repeat(6000)}"`);
    const dir = project('openapi.json', padded);
    const cut = spawnSync('bash', ['-c', `ulimit -f 4; exec "${process.execPath}" "${BIN}" fix openapi.json --apply`], { cwd: dir, encoding: 'utf8' });
    expect({ status: cut.status, stderr: cut.stderr }).toEqual({
      status: 2,
      stderr: summary('openapi.json: cannot write the description: the file is larger than this system allows (a file-size limit)'),
    });
    expect(readFileSync(join(dir, 'openapi.json'), 'utf8')).toBe(padded);
    expect(readdirSync(dir)).toEqual(['openapi.json']);
  });

  test('two runs at once: the second stops with one line while the first holds the file, and the first one writes', async () => {
    const dir = project('openapi.json', JSON_LINES.join('\n'));
    const held = heldBeforeRename(dir);
    const first = apply(dir, 'openapi.json', held.env);
    const partial = () => readdirSync(dir).some(name => name.endsWith('.tmp'));
    while (!partial()) await new Promise(resolve => setTimeout(resolve, 20));
    const holder = readFileSync(join(dir, 'openapi.json.lock'), 'utf8');
    expect(await apply(dir, 'openapi.json')).toEqual({
      status: 2,
      stderr: summary(`openapi.json: another run (process ${holder}) is writing it; wait for it to finish (or delete openapi.json.lock if no run is going)`),
      text: JSON_LINES.join('\n'),
    });
    held.release();
    expect(await first).toEqual({ status: 0, stderr: FIXED_2_OF_3('openapi.json'), text: JSON_FIXED.join('\n') });
    expect(existsSync(join(dir, 'openapi.json.lock'))).toBe(false);
  });

  test('invalid JSON: one line, exit 2, the file untouched', async () => {
    const broken = JSON_LINES.join('\n').replace('"put": {', '"put": {,');
    const dir = project('openapi.json', broken);
    const { status, stderr, text } = await apply(dir, 'openapi.json');
    expect({ status, lines: stderr.split('\n').length, text }).toEqual({ status: 2, lines: 2, text: broken });
    expect(stderr).toMatch(/^spectral-agent-ux fix: openapi\.json: invalid JSON at line 7: /);
  });
});

describe('never loses a write, never hangs, never leaves its lock', () => {
  /** A PUT without its retry flags, in YAML: the writer's comments are lines of their own. */
  const YAML_TEXT = `openapi: 3.0.3
info: { title: Orders, version: '1.0' }
paths:
  /orders/{id}:
    parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]
    put:
      responses: { '204': { description: Saved } }
`;
  const WRITES = 10;
  /** Another process (a generator, an editor's save) appending a comment line every 20 ms, `WRITES` times, once the run holds the lock. */
  function writer(dir: string) {
    const script = `const fs = require('node:fs');
      const wait = ms => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
      while (!fs.existsSync('openapi.yaml.lock')) wait(5);
      for (let i = 1; i <= ${WRITES}; i++) { fs.appendFileSync('openapi.yaml', '# saved by the writer ' + i + '\\n'); wait(20); }`;
    return new Promise<number | null>(resolve => spawn(process.execPath, ['-e', script], { cwd: dir }).on('close', resolve));
  }
  const written = Array.from({ length: WRITES }, (_, i) => `# saved by the writer ${i + 1}\n`).join('');

  test('a writer process appending while it runs: nothing written, exit 2 with one line, every appended line kept', async () => {
    const dir = project('openapi.yaml', YAML_TEXT);
    const held = heldBeforeSave(dir);
    const fixing = apply(dir, 'openapi.yaml', held.env);
    // The writer starts with the run's lock and is done before the run may save: its lines land after the run read the file.
    expect(await writer(dir)).toBe(0);
    held.release();
    expect(await fixing).toEqual({ status: 2, stderr: summary('openapi.yaml: changed while fix ran; run it again'), text: YAML_TEXT + written });
    expect(readdirSync(dir).sort()).toEqual(['go', 'hold.cjs', 'openapi.yaml']);
  });

  test('the same run without the writer saves its edit', async () => {
    const dir = project('openapi.yaml', YAML_TEXT);
    const { status, text } = await apply(dir, 'openapi.yaml');
    expect({ status, text }).toEqual({
      status: 0,
      text: YAML_TEXT.replace(
        "{ '204': { description: Saved } }\n",
        "{ '204': { description: Saved } }\n      x-ax-idempotent: true\n      x-ax-retryable: true\n",
      ),
    });
  });

  test.each([
    ['a named pipe (FIFO)', (dir: string) => void spawnSync('mkfifo', [join(dir, 'openapi.yaml')]), 'openapi.yaml: is a named pipe (FIFO), not a regular file'],
    ['a folder', (dir: string) => mkdirSync(join(dir, 'openapi.yaml')), 'openapi.yaml: is a folder, not a regular file'],
  ])('%s is refused before it is read or locked: one line, exit 2', async (_name, make, line) => {
    const dir = mkdtempSync(join(tmpdir(), 'fix-apply-'));
    make(dir);
    const run = await runBin(['fix', 'openapi.yaml', '--apply'], { bin: BIN, cwd: dir });
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 2, stderr: summary(`${line}; point at the description's file`) });
    expect(readdirSync(dir)).toEqual(['openapi.yaml']);
  });

  test('a device is refused the same way', async () => {
    const run = await runBin(['fix', '/dev/zero', '--apply'], { bin: BIN });
    expect({ status: run.status, stderr: run.stderr }).toEqual({
      status: 2,
      stderr: summary("/dev/zero: is a device, not a regular file; point at the description's file"),
    });
  });

  test.each(['SIGTERM', 'SIGINT', 'SIGHUP'] as const)('killed by %s while it lints: the lock goes with it, the file stays as it was', async signal => {
    const dir = project('openapi.yaml', YAML_TEXT);
    const held = heldInLint(dir);
    const child = spawn(process.execPath, [BIN, 'fix', 'openapi.yaml', '--apply'], { cwd: dir, env: held.env });
    const ended = new Promise<NodeJS.Signals | null>(resolve => child.on('close', (_code, killedBy) => resolve(killedBy)));
    while (!held.waiting()) await new Promise(resolve => setTimeout(resolve, 20));
    expect(existsSync(join(dir, 'openapi.yaml.lock'))).toBe(true);
    child.kill(signal);
    expect(await ended).toBe(signal);
    expect(existsSync(join(dir, 'openapi.yaml.lock'))).toBe(false);
    expect(readFileSync(join(dir, 'openapi.yaml'), 'utf8')).toBe(YAML_TEXT);
  });
});
