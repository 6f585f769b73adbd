/**
 * What the bin writes, under a careless user and a hostile machine: `report -o` and `baseline` write
 * atomically (a cut-off write leaves the previous file), two baseline runs on one file do not both
 * "win", and every file error is one line naming the file and the cause, with exit 2.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './support/report';
import { runMain as run } from './support/bin';

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

  test('two runs at once: exactly one writes, the other says why it did not', async () => {
    const dir = project();
    const bin = join(ROOT, 'dist', 'spectral-agent-ux.cjs');
    const both = spawnSync(
      'bash',
      [
        '-c',
        `"${process.execPath}" "${bin}" baseline openapi.yaml & one=$!; "${process.execPath}" "${bin}" baseline openapi.yaml & two=$!; wait $one; echo "first=$?"; wait $two; echo "second=$?"`,
      ],
      { cwd: dir, encoding: 'utf8' },
    );
    const statuses = both.stdout
      .match(/(first|second)=\d/g)
      ?.map(found => Number(found.slice(-1)))
      .sort();
    // Both start together and hold the lock for their whole lint: exactly one gets it.
    expect(statuses).toEqual([0, 2]);
    expect(both.stderr).toMatch(/^spectral-agent-ux baseline: \.spectral-baseline\.yaml: another run \(process \d+\) is writing it;/m);
    expect(readdirSync(dir).sort()).toEqual(['.spectral-baseline.yaml', 'openapi.yaml']);
  });
});
