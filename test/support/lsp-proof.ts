/**
 * The proof of the language server's edits through the protocol, shared by the fixture test and the corpus
 * test: in a user's project (the packed tarball installed with the real Spectral CLI), each quick fix the
 * server offers for a finding is applied as an editor applies it, then every edited text is linted by
 * `spectral lint` (one run for all): the finding is gone, no finding appears, no other byte changed.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { ISpectralDiagnostic } from '@stoplight/spectral-core';
import type { CodeAction, Range, TextEdit } from 'vscode-languageserver/node';
import { run, runOrThrow, type CliResult } from './consumer';
import { outcome } from './fixes';
import { applyEdits, codeActions, editsOf, openDocument, startServer, stopServer, type Session } from './lsp';

export const installedBin = (consumer: string) => join(consumer, 'node_modules', 'spectral-agent-ux', 'dist', 'spectral-agent-ux.cjs');
/** A finding as `spectral lint --format json` prints it, with its range (the protocol's, counted from 0). */
export type Finding = CliResult & { range: Range };
const where = (result: CliResult) => `${result.code} at ${result.path.join('.') || '(root)'}: ${result.message}`;

/** `spectral lint` of several files at once, this package's findings by file. */
export function lintFiles(consumer: string, files: readonly string[]): Map<string, Finding[]> {
  const lint = run(join(consumer, 'node_modules', '.bin', 'spectral'), ['lint', ...files, '--format', 'json', '--quiet'], consumer);
  if (lint.status === 2) throw new Error(`spectral crashed:\n${lint.stderr}${lint.stdout}`);
  const byFile = new Map<string, Finding[]>(files.map(file => [join(consumer, file), []]));
  for (const { code, path, severity, message, range, source } of JSON.parse(lint.stdout || '[]') as Finding[])
    if (code.startsWith('ax-')) byFile.get(source!)?.push({ code, path, severity, message, range });
  return byFile;
}

/** The findings `fix` leaves for a person, as it lists them. */
export function leftByFix(consumer: string, file: string): Set<string> {
  const result = run(process.execPath, [installedBin(consumer), 'fix', file], consumer);
  if (result.status !== 0) throw new Error(result.stderr);
  return new Set(result.stderr.split('\n').flatMap(line => (line.startsWith('  ax-') ? [line.slice(2)] : [])));
}

/** An edit an editor makes in place: an insertion, or a replaced piece of one line (a scalar); never the whole text. */
export const isLocal = (edit: TextEdit) => edit.range.start.line === edit.range.end.line;

export interface Proof {
  /** Findings `fix` can edit without a quick fix that clears them, with what went wrong. */
  failures: string[];
  /** Findings `fix` leaves for a person that were offered a quick fix anyway. */
  guessed: string[];
  /** The titles of the quick fixes, in the order of the findings. */
  titles: string[];
  /** What `source.fixAll` kept of the findings `fix` can edit, and findings at new places: none. */
  fixAllProblems: string[];
  /** True when source.fixAll's text is byte for byte the one `fix --apply` writes. */
  fixAllIsFixApply: boolean;
}

/** What a proof says when every quick fix and source.fixAll worked. */
export const PROVEN = { failures: [], guessed: [], fixAllProblems: [], fixAllIsFixApply: true };
/** A proof without its titles, to compare with PROVEN. */
export const verdictOf = ({ failures, guessed, fixAllProblems, fixAllIsFixApply }: Proof) => ({ failures, guessed, fixAllProblems, fixAllIsFixApply });

/** Quick fixes for every finding of `file` (in `consumer`), and source.fixAll, each applied and linted again. */
export async function proveQuickFixes(consumer: string, file: string): Promise<Proof> {
  const text = readFileSync(join(consumer, file), 'utf8');
  const before = lintFiles(consumer, [file]).get(join(consumer, file))!;
  const left = leftByFix(consumer, file);
  const session = await startServer(installedBin(consumer), consumer);
  const uri = await openDocument(session, join(consumer, file), text);
  const variants = join(consumer, `${basename(file)}-variants`);
  mkdirSync(variants, { recursive: true });
  const fixes: { finding: Finding; name: string; edits: TextEdit[] }[] = [];
  const guessed: string[] = [];
  const titles: string[] = [];
  for (const [index, finding] of before.entries()) {
    const fix = (await findingActions(session, uri, finding)).find(action => action.isPreferred === true);
    if (fix === undefined) continue;
    if (left.has(where(finding))) guessed.push(where(finding));
    titles.push(fix.title);
    const name = join(basename(variants), `${index}-${basename(file)}`);
    const edits = editsOf(fix.edit, uri);
    writeFileSync(join(consumer, name), applyEdits(text, edits));
    fixes.push({ finding, name, edits });
  }
  const [all] = await codeActions(session, uri, wholeText(text), ['source.fixAll']);
  const fixAllName = join(basename(variants), `all-${basename(file)}`);
  writeFileSync(join(consumer, fixAllName), applyEdits(text, editsOf(all?.edit, uri)));
  await stopServer(session);
  const linted = lintFiles(consumer, [...fixes.map(({ name }) => name), fixAllName]);
  const failures = before
    .filter(finding => !left.has(where(finding)))
    .flatMap(finding => {
      const fix = fixes.find(candidate => candidate.finding === finding);
      if (fix === undefined) return [`${where(finding)}: no quick fix`];
      const after = linted.get(join(consumer, fix.name))!;
      const { kept, added } = outcome(
        before as never as ISpectralDiagnostic[],
        [finding as never as ISpectralDiagnostic],
        after as never as ISpectralDiagnostic[],
      );
      const problems = [
        ...kept.map(key => `kept ${key}`),
        ...added.map(key => `added ${key}`),
        ...(fix.edits.every(isLocal) ? [] : ['an edit beyond one line']),
      ];
      return problems.length === 0 ? [] : [`${where(finding)}: ${problems.join('; ')}`];
    });
  copyFileSync(join(consumer, file), join(variants, `applied-${basename(file)}`));
  runOrThrow(process.execPath, [installedBin(consumer), 'fix', join(basename(variants), `applied-${basename(file)}`), '--apply'], consumer);
  return {
    failures,
    guessed,
    titles,
    fixAllProblems: problemsOf(
      before,
      before.filter(finding => !left.has(where(finding))),
      linted.get(join(consumer, fixAllName))!,
    ),
    fixAllIsFixApply: readFileSync(join(variants, `applied-${basename(file)}`), 'utf8') === readFileSync(join(consumer, fixAllName), 'utf8'),
  };
}

/** Claimed findings still there, and findings at places where none was (the fix tests' `outcome`). */
function problemsOf(before: readonly Finding[], claimed: readonly Finding[], after: readonly Finding[]): string[] {
  const asDiagnostics = (findings: readonly Finding[]) => findings as readonly CliResult[] as unknown as ISpectralDiagnostic[];
  const { kept, added } = outcome(asDiagnostics(before), asDiagnostics(claimed), asDiagnostics(after));
  return [...kept.map(key => `kept ${key}`), ...added.map(key => `added ${key}`)];
}

const wholeText = (text: string) => ({ start: { line: 0, character: 0 }, end: { line: text.split('\n').length, character: 0 } });

const before = (a: Range['start'], b: Range['start']) => a.line < b.line || (a.line === b.line && a.character < b.character);
const meet = (a: Range, b: Range) => !before(a.end, b.start) && !before(b.end, a.start);

/**
 * The quick fixes the server offers at a finding's range for that finding. Its range may differ from the
 * CLI's by a few characters (the CLI reads a JSON file with its YAML parser, the bin with the JSON one).
 */
export async function findingActions(session: Session, uri: string, finding: Finding): Promise<CodeAction[]> {
  const actions = await codeActions(session, uri, finding.range, ['quickfix']);
  return actions.filter(action =>
    action.diagnostics?.some(diagnostic => diagnostic.code === finding.code && diagnostic.message === finding.message && meet(diagnostic.range, finding.range)),
  );
}
