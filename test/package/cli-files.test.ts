/**
 * What the bin writes, under a careless user and a hostile machine: `report -o` and `baseline` write
 * atomically (a cut-off write leaves the previous file), two baseline runs on one file do not both
 * "win", and every file error is one line naming the file and the cause, with exit 2.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../support/report';
import { runBin, runMain as run } from '../support/bin';
import { heldBeforeRename } from '../support/hold';

const NAIVE = join(ROOT, 'examples', 'naive.yaml');
const scratch = () => mkdtempSync(join(tmpdir(), 'cli-files-'));

describe('report --output', () => {
  test('creates a missing folder and writes the report there', async () => {
    const dir = scratch();
    expect(await run(['report', NAIVE, '-o', 'reports/today/report.md'], dir)).toMatchObject({ code: 0, stderr: '' });
    expect(readFileSync(join(dir, 'reports', 'today', 'report.md'), 'utf8')).toMatch(/^## Agent-readiness/);
  });

  test.each([
    ['a folder', (dir: string) => mkdirSync(join(dir, 'out')), 'out', 'out: cannot write the report: is a folder, not a file'],
    [
      'under a file',
      (dir: string) => writeFileSync(join(dir, 'notes.txt'), 'x'),
      'notes.txt/report.md',
      'notes.txt/report.md: cannot write the report: a part of the path is a file, not a folder',
    ],
  ])('to %s: one line naming the file and the cause, exit 2, nothing left behind', async (_name, prepare, output, line) => {
    const dir = scratch();
    prepare(dir);
    const before = readdirSync(dir);
    expect(await run(['report', NAIVE, '-o', output], dir)).toEqual({ code: 2, stdout: '', stderr: `spectral-agent-ux report: ${line}\n` });
    expect(readdirSync(dir)).toEqual(before);
  });

  test('a write cut off by a file-size limit leaves the previous report in place', () => {
    const dir = scratch();
    writeFileSync(join(dir, 'report.html'), 'previous report');
    // `ulimit -f 2`: at most 2 KiB per file, far less than an HTML report; Node turns SIGXFSZ into EFBIG.
    const cut = spawnSync(
      'bash',
      ['-c', `ulimit -f 2; exec "${process.execPath}" "${join(ROOT, 'dist', 'spectral-agent-ux.cjs')}" report "${NAIVE}" --format html -o report.html`],
      { cwd: dir, encoding: 'utf8' },
    );
    expect({ status: cut.status, stderr: cut.stderr }).toEqual({
      status: 2,
      stderr: 'spectral-agent-ux report: report.html: cannot write the report: the file is larger than this system allows (a file-size limit)\n',
    });
    expect(readFileSync(join(dir, 'report.html'), 'utf8')).toBe('previous report');
    expect(readdirSync(dir)).toEqual(['report.html']);
  });
});

describe('report --output to what is no plain file', () => {
  test('a symbolic link stays a link: the file it points to gets the report', async () => {
    const dir = scratch();
    writeFileSync(join(dir, 'real.md'), 'previous report');
    symlinkSync('real.md', join(dir, 'report.md'));
    expect(await run(['report', NAIVE, '-o', 'report.md'], dir)).toMatchObject({ code: 0, stderr: '' });
    expect(lstatSync(join(dir, 'report.md')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'real.md'), 'utf8')).toMatch(/^## Agent-readiness/);
    expect(readdirSync(dir).sort()).toEqual(['real.md', 'report.md']);
  });

  test('a pipe is written in place (as `-o /dev/stdout` is), not replaced by a plain file', () => {
    const dir = scratch();
    const bin = join(ROOT, 'dist', 'spectral-agent-ux.cjs');
    const piped = spawnSync(
      'bash',
      ['-c', `mkfifo out.fifo; timeout 60 cat out.fifo > got.md & "${process.execPath}" "${bin}" report "${NAIVE}" -o out.fifo; echo "status=$?"; wait`],
      { cwd: dir, encoding: 'utf8' },
    );
    expect(piped.stdout).toBe('status=0\n');
    expect(lstatSync(join(dir, 'out.fifo')).isFIFO()).toBe(true);
    expect(readFileSync(join(dir, 'got.md'), 'utf8')).toMatch(/^## Agent-readiness/);
  });

  test('a folder given as the ruleset: one line naming it, exit 2', async () => {
    const dir = scratch();
    mkdirSync(join(dir, 'rules'));
    expect(await run(['report', NAIVE, '--ruleset', 'rules'], dir)).toEqual({
      code: 2,
      stdout: '',
      stderr: 'spectral-agent-ux report: rules: is a directory, not a ruleset file\n',
    });
  });
});

describe('baseline', () => {
  const project = () => {
    const dir = scratch();
    writeFileSync(join(dir, 'openapi.yaml'), readFileSync(NAIVE, 'utf8'));
    return dir;
  };

  test('a second run on the same file while the first holds it stops with one line, and writes nothing', async () => {
    const dir = project();
    // This test's own process holds the lock, as a concurrent run would.
    writeFileSync(join(dir, '.spectral-baseline.yaml.lock'), String(process.pid));
    expect(await run(['baseline', 'openapi.yaml'], dir)).toEqual({
      code: 2,
      stdout: '',
      stderr: `spectral-agent-ux baseline: .spectral-baseline.yaml: another run (process ${process.pid}) is writing it; wait for it to finish (or delete .spectral-baseline.yaml.lock if no run is going)\n`,
    });
    expect(existsSync(join(dir, '.spectral-baseline.yaml'))).toBe(false);
  });

  test('a lock left by a process that no longer runs is taken over, and removed when done', async () => {
    const dir = project();
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    writeFileSync(join(dir, '.spectral-baseline.yaml.lock'), gone);
    expect(await run(['baseline', 'openapi.yaml'], dir)).toMatchObject({ code: 0, stderr: '' });
    expect(readdirSync(dir).sort()).toEqual(['.spectral-baseline.yaml', 'openapi.yaml']);
  });

  test("a dead run's lock is taken over by one run at a time: a run already taking it over stops the next", async () => {
    const dir = project();
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    const lock = join(dir, '.spectral-baseline.yaml.lock');
    writeFileSync(lock, gone);
    writeFileSync(`${lock}.takeover`, String(process.pid));
    expect(await run(['baseline', 'openapi.yaml'], dir)).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'spectral-agent-ux baseline: .spectral-baseline.yaml.lock: another run is taking it over (or delete .spectral-baseline.yaml.lock.takeover if no run is going)\n',
    });
    expect(readFileSync(lock, 'utf8')).toBe(gone);
  });

  test("two runs at once: the second stops with one line while the first writes, and the first one's write lands", async () => {
    const dir = project();
    const held = heldBeforeRename(dir);
    const first = runBin(['baseline', 'openapi.yaml'], { cwd: dir, env: held.env });
    const lock = join(dir, '.spectral-baseline.yaml.lock');
    while (!existsSync(lock) || readFileSync(lock, 'utf8') === '') await new Promise(resolve => setTimeout(resolve, 20));
    const holder = readFileSync(lock, 'utf8');
    expect(await run(['baseline', 'openapi.yaml'], dir)).toEqual({
      code: 2,
      stdout: '',
      stderr: `spectral-agent-ux baseline: .spectral-baseline.yaml: another run (process ${holder}) is writing it; wait for it to finish (or delete .spectral-baseline.yaml.lock if no run is going)\n`,
    });
    held.release();
    expect(await first).toMatchObject({ status: 0, stderr: '' });
    expect(readdirSync(dir).sort()).toEqual(['.spectral-baseline.yaml', 'go', 'hold.cjs', 'openapi.yaml']);
  });

  test('an empty lock (a run writing its process id this instant) is held, not taken over', async () => {
    const dir = project();
    writeFileSync(join(dir, '.spectral-baseline.yaml.lock'), '');
    expect(await run(['baseline', 'openapi.yaml'], dir)).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'spectral-agent-ux baseline: .spectral-baseline.yaml: another run is writing it; wait for it to finish (or delete .spectral-baseline.yaml.lock if no run is going)\n',
    });
  });
});
