/**
 * A plain lint computes no edits (the Spectral CLI and the VS Code extension would only drop them);
 * `fix` and `report` lint once in edits mode and read the edits of that same lint.
 */
import * as edits from '../lib/findings/edits';
import { lint } from '../cli/lint';
import { findingEdits } from '../cli/fixes';
import { ROOT } from './support/report';
import { join } from 'node:path';

// Every builder of lib/findings/edits.ts that makes an edit (the rules' fixes are made of these).
const BUILDERS = ['propertyEdits', 'requiredEdits', 'operationEdit', 'headerEdit', 'limitEdit', 'ensureEdit'] as const;

/** Lints examples/naive.yaml with the package's ruleset, counting the calls of the edit builders. */
async function counted(withEdits: boolean) {
  const spies = BUILDERS.map(name => jest.spyOn(edits, name));
  try {
    const linted = await lint(join(ROOT, 'examples', 'naive.yaml'), undefined, { cwd: ROOT, edits: withEdits });
    return { linted, calls: Object.fromEntries(BUILDERS.map((name, i) => [name, spies[i].mock.calls.length])) };
  } finally {
    spies.forEach(spy => spy.mockRestore());
  }
}

const findingsOf = (linted: Awaited<ReturnType<typeof lint>>) =>
  linted.diagnostics.map(({ code, path, message, severity }) => ({ code, path, message, severity }));

test('a plain lint calls no edit builder; a lint in edits mode finds the same, with the edits beside', async () => {
  const plain = await counted(false);
  const withEdits = await counted(true);
  expect(plain.calls).toEqual(Object.fromEntries(BUILDERS.map(name => [name, 0])));
  expect(plain.linted.edits).toBeUndefined();
  expect(Object.values(withEdits.calls).reduce((sum, calls) => sum + calls, 0)).toBeGreaterThan(0);
  expect(findingsOf(withEdits.linted)).toEqual(findingsOf(plain.linted));
  expect(findingEdits(withEdits.linted).size).toBeGreaterThan(0);
});

test('the fixes refuse a lint that was not asked for edits, rather than find none', async () => {
  const { linted } = await counted(false);
  expect(() => findingEdits(linted)).toThrow('the fixes need a lint with `edits: true`');
});
