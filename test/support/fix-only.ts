/** `fix` proven with the whole ruleset: lint with every rule, apply the fix, lint again. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { lint } from '../../cli/lint';
import { runMain as run } from './bin';

/** A finding as a comparable key: its rule, its path and its message. */
export const keyOf = ({ code, path, message }: { code: string | number; path: readonly (string | number)[]; message: string }) =>
  JSON.stringify([code, path.join('/'), message]);

/** Lints with every rule, applies `fix --only <change>` (every fix without one), lints again: the findings before and after, and the document. */
export async function fixOnly(description: object, change?: string) {
  const dir = mkdtempSync(join(tmpdir(), 'fix-only-'));
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(description));
  const before = (await lint(file, undefined, { cwd: dir })).diagnostics.map(keyOf);
  const ran = await run(['fix', 'openapi.json', '--apply', ...(change === undefined ? [] : ['--only', change])], dir);
  const after = (await lint(file, undefined, { cwd: dir })).diagnostics.map(keyOf);
  return { ran, before, after, result: JSON.parse(readFileSync(file, 'utf8')) };
}
