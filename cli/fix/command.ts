/**
 * The `fix` command: lint as `spectral lint` would with the user's ruleset, then write the edits of every
 * finding that needs no person, as an Overlay or into the file itself, and list the findings left.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ISpectralDiagnostic } from '@stoplight/spectral-core';
import { InputError, shown } from '../args';
import { changesOf, findingsOnly } from '../changes';
import { readSnapshot, refuseIrregular, withLock, writeAtomically, type Snapshot } from '../files';
import { countGone, findingEdits, pendingFindings, planFixes, type FixPlan } from '../fixes';
import type { Edit } from '../../lib/findings/edits';
import type { Command, Io } from '../io';
import { RULE_IDS } from '../../rules';
import { lint, remoteRefsWhen, type LintRun } from '../lint';
import { silentMistakes } from '../mistakes';
import { applyToText, type Refusal } from '../text-apply';
import { collectGarbage } from './memory';
import { FIX_USAGE, parseFixArgs, type FixOptions } from './args';
import { renderOverlay } from './overlay';

const say = (io: Io, text: string) => io.stderr(`spectral-agent-ux fix: ${text}\n`);
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
const isJsonFile = (file: string) => /\.json$/i.test(file);
const where = (path: readonly (string | number)[]) => path.join('.') || '(root)';

/** The findings `fix` answers for: every pending one, or those of the change or rule `--only` names. */
function chosen(linted: LintRun, editsOf: Map<ISpectralDiagnostic, Edit[]>, only: string | undefined): ISpectralDiagnostic[] {
  if (only === undefined) return pendingFindings(linted);
  const findings = findingsOnly(changesOf(linted, editsOf), only);
  if (findings !== undefined) return findings;
  if ((RULE_IDS as readonly string[]).includes(only)) return [];
  throw new InputError(linted.file, `no change or rule "${only}" to fix; \`spectral-agent-ux report --format json\` lists the ids under \`changes\``);
}

/** Lints the description as `spectral lint` does with the user's ruleset, and plans the fixes (of `--only`'s findings alone). */
async function planned(options: FixOptions, io: Io): Promise<{ linted: LintRun; plan: FixPlan; findings: ISpectralDiagnostic[] }> {
  const linted = await lint(options.file, options.ruleset, { cwd: io.cwd, edits: true, remoteRefs: remoteRefsWhen(options.allowRemoteRefs) });
  for (const mistake of silentMistakes(linted)) say(io, `warning: ${mistake}`);
  const editsOf = findingEdits(linted);
  const findings = chosen(linted, editsOf, options.only);
  return { linted, plan: planFixes(linted, editsOf, findings), findings };
}

/** After `--only`, the findings still at the places it chose; else every finding left. */
function stillThere(after: readonly ISpectralDiagnostic[], chosenFindings: readonly ISpectralDiagnostic[], only: string | undefined): ISpectralDiagnostic[] {
  if (only === undefined) return [...after];
  const placeOf = (diagnostic: ISpectralDiagnostic) => JSON.stringify([diagnostic.code, diagnostic.path]);
  const places = new Set(chosenFindings.map(placeOf));
  return after.filter(diagnostic => places.has(placeOf(diagnostic)));
}

/** Findings a line each: rule, where, and the message that says what to do. */
function listed(heading: string, lines: readonly string[]): string {
  return lines.length === 0 ? '' : `${[heading, ...lines].join('\n')}\n`;
}

function leftLines(left: readonly ISpectralDiagnostic[]): string[] {
  return left.map(diagnostic => `  ${diagnostic.code} at ${where(diagnostic.path)}: ${diagnostic.message}`);
}

function refusedLines(refused: readonly Refusal[]): string[] {
  return refused.map(({ edit, reason }) => `  at ${where(edit.target)}: ${reason}`);
}

async function writeOverlay(options: FixOptions, io: Io): Promise<number> {
  const { plan } = await planned(options, io);
  const total = plan.fixed.length + plan.left.length;
  const overlay = renderOverlay(plan, path.basename(options.file), options.output !== undefined && isJsonFile(options.output));
  if (options.output === undefined) io.stdout(overlay);
  else writeAtomically(path.resolve(io.cwd, options.output), overlay, 'the overlay');
  say(
    io,
    `${plural(plan.edits.length, 'action')} clear ${plan.fixed.length} of ${plural(total, 'finding')}${options.output === undefined ? '' : `: wrote ${options.output}`}`,
  );
  io.stderr(listed(`${plural(plan.left.length, 'finding')} left for a person (prose, a real URL or a decision):`, leftLines(plan.left)));
  return 0;
}

/** The findings and the edits that clear them, without the lint's document: the largest thing a run holds is let go before the edit and the second lint. */
async function pendingEdits(options: FixOptions, io: Io): Promise<{ file: string; before: ISpectralDiagnostic[]; edits: FixPlan['edits'] }> {
  const { linted, plan, findings } = await planned(options, io);
  return { file: linted.file, before: findings, edits: plan.edits };
}

/**
 * The edits made in the file, by one run at a time (a second run on the same file stops at once), then the
 * file linted again: "fixed" counts the findings that are gone, and every finding still there is listed.
 */
async function applyInFile(options: FixOptions, io: Io, read: Snapshot): Promise<number> {
  const { file, before, edits } = await pendingEdits(options, io);
  collectGarbage(); // the lint's reading of the file, before the writer reads it
  const { text } = read;
  const result = edits.length === 0 ? { text, applied: [], refused: [] } : applyToText(text, isJsonFile(file), edits);
  let after = before;
  if (result.text !== text) {
    collectGarbage(); // the writer's reading, before the second lint
    // Written only over the very file read (another process may have saved it while the lint ran).
    writeAtomically(file, result.text, 'the description', read);
    after = stillThere(
      pendingFindings(await lint(options.file, options.ruleset, { cwd: io.cwd, remoteRefs: remoteRefsWhen(options.allowRemoteRefs) })),
      before,
      options.only,
    );
  }
  say(
    io,
    `fixed ${countGone(before, after)} of ${plural(before.length, 'finding')} in ${shown(file, io.cwd)} (${plural(result.text === text ? 0 : result.applied.length, 'object')} edited)`,
  );
  io.stderr(listed(`${plural(result.refused.length, 'edit')} not made, left for a person:`, refusedLines(result.refused)));
  io.stderr(listed(`${plural(after.length, 'finding')} left for a person (prose, a real URL or a decision):`, leftLines(after)));
  return 0;
}

/**
 * `--apply` holds the description's lock (cli/files.ts) from reading it to writing it, and reads it first:
 * only a regular file, kept to compare before the write.
 */
function run(options: FixOptions, io: Io): Promise<number> {
  if (!options.apply) return writeOverlay(options, io);
  const file = path.resolve(io.cwd, options.file);
  refuseIrregular(file);
  return withLock(fs.realpathSync(file), () => applyInFile(options, io, readSnapshot(file)));
}

export const fix: Command = {
  usage: FIX_USAGE,
  run: (argv, io) => run(parseFixArgs(argv), io),
};
