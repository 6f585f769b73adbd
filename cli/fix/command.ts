/**
 * The `fix` command: lint as `spectral lint` would with the user's ruleset, then write the edits of every
 * finding that needs no person, as an Overlay or into the file itself, and list the findings left.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ISpectralDiagnostic } from '@stoplight/spectral-core';
import { shown } from '../args';
import { writeAtomically } from '../files';
import { planFixes } from '../fixes';
import type { Command, Io } from '../io';
import { lint } from '../lint';
import { silentMistakes } from '../mistakes';
import { applyToText, renderOverlay } from './apply';
import { FIX_USAGE, parseFixArgs, type FixOptions } from './args';

const say = (io: Io, text: string) => io.stderr(`spectral-agent-ux fix: ${text}\n`);
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
const isJsonFile = (file: string) => /\.json$/i.test(file);

/** The findings a person must handle, a line each: rule, where, and the message that says what to do. */
function leftLines(left: readonly ISpectralDiagnostic[]): string[] {
  return left.map(diagnostic => `  ${diagnostic.code} at ${diagnostic.path.join('.') || '(root)'}: ${diagnostic.message}`);
}

async function run(options: FixOptions, io: Io): Promise<number> {
  const file = path.resolve(io.cwd, options.file);
  const linted = await lint(options.file, options.ruleset, { cwd: io.cwd });
  for (const mistake of silentMistakes(linted)) say(io, `warning: ${mistake}`);
  const plan = planFixes(linted);
  const total = plan.fixed.length + plan.left.length;
  if (options.apply) {
    if (plan.edits.length > 0) writeAtomically(file, applyToText(fs.readFileSync(file, 'utf8'), isJsonFile(file), plan.edits), 'the description');
    say(io, `fixed ${plan.fixed.length} of ${plural(total, 'finding')} in ${shown(file, io.cwd)} (${plural(plan.edits.length, 'object')} edited)`);
  } else {
    const overlay = renderOverlay(plan, path.basename(file), options.output !== undefined && isJsonFile(options.output));
    if (options.output === undefined) io.stdout(overlay);
    else writeAtomically(path.resolve(io.cwd, options.output), overlay, 'the overlay');
    say(
      io,
      `${plural(plan.edits.length, 'action')} clear ${plan.fixed.length} of ${plural(total, 'finding')}${options.output === undefined ? '' : `: wrote ${options.output}`}`,
    );
  }
  if (plan.left.length > 0)
    io.stderr(`${[`${plural(plan.left.length, 'finding')} left for a person (prose, a real URL or a decision):`, ...leftLines(plan.left)].join('\n')}\n`);
  return 0;
}

export const fix: Command = {
  usage: FIX_USAGE,
  run: (argv, io) => run(parseFixArgs(argv), io),
};
