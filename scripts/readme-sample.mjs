#!/usr/bin/env node
/**
 * npm run docs:sample: the README's report sample, cut from what the built bin prints for
 * examples/naive.yaml (the headline, the next level, the first two changes that clear most findings), so that it cannot go
 * stale. With --check (the docs test) it changes nothing and exits 1 when the README differs.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const readmeFile = join(root, 'README.md');
const report = execFileSync(process.execPath, [join(root, 'dist', 'spectral-agent-ux.cjs'), 'report', 'examples/naive.yaml'], { cwd: root, encoding: 'utf8' });
const lines = report.split('\n');
const pick = pattern => lines.find(line => pattern.test(line));
const start = lines.indexOf('### Start here');
const sample = [pick(/^## Agent-readiness: /), '', pick(/^Next level/), '', ...lines.slice(start, start + 4), '', pick(/^These \d+ changes clear/)].join('\n');

const readme = readFileSync(readmeFile, 'utf8');
const block = /(```markdown\n)(## Agent-readiness: [\s\S]*?)(\n```)/;
const current = block.exec(readme)?.[2];
if (current === undefined) throw new Error('README.md has no ```markdown block starting with "## Agent-readiness:"');
if (process.argv.includes('--check')) {
  if (current !== sample) {
    process.stderr.write(`README.md's report sample differs from the build; run npm run docs:sample.\n--- README\n${current}\n--- build\n${sample}\n`);
    process.exit(1);
  }
} else if (current !== sample) {
  writeFileSync(
    readmeFile,
    readme.replace(block, (_all, open, _old, close) => `${open}${sample}${close}`),
  );
  process.stdout.write('updated the report sample in README.md\n');
}
