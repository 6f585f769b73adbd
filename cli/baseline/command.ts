/**
 * The `baseline` command: write a ruleset that accepts today's findings, or, with --prune / --check,
 * compare an existing one with the findings left. Linting goes through the shared module, with the
 * user's ruleset as the baseline will extend it (Spectral ignores the overrides of an extended ruleset).
 */
import * as path from 'node:path';
import type { Ruleset } from '@stoplight/spectral-core';
import { InputError, shown } from '../args';
import { findRulesetFile, isBaseline, lintWith, loadRuleset, readDocument, readParsed, remoteRefsWhen, withoutOverrides } from '../lint';
import type { Command, Io } from '../io';
import { BASELINE_USAGE, ciCommand, parseBaselineArgs, type BaselineOptions } from './args';
import { documentPattern, entriesFor } from './entries';
import { withLock, writeAtomically } from '../files';
import { baselineOf, findingsOf, plural, renderBaseline, type Baseline, type Entry } from './file';
import { silentMistakes } from '../mistakes';

const say = (io: Io, text: string) => io.stdout(`spectral-agent-ux baseline: ${text}\n`);
const warn = (io: Io, text: string) => io.stderr(`spectral-agent-ux baseline: ${text}\n`);
const documentOf = (pattern: string) => pattern.slice(0, pattern.indexOf('#'));

interface Current {
  entries: Map<string, Entry>;
  /** The `files` patterns of the documents linted. */
  documents: Set<string>;
}

/**
 * Every document linted with the ruleset as the baseline file extends it; all inputs are read before anything is written.
 * The mistakes told are those of `told`: the user's ruleset with its own overrides, which still apply to a plain `spectral lint`.
 */
async function findingsNow(options: BaselineOptions, ruleset: Ruleset, baselineFile: string, io: Io, told = ruleset): Promise<Current> {
  const dir = path.dirname(baselineFile);
  const current: Current = { entries: new Map(), documents: new Set() };
  let skipped = 0;
  const mistakes = new Set<string>();
  for (const file of options.files.map(name => path.resolve(io.cwd, name))) {
    const linted = await lintWith(await readDocument(file), ruleset, { remoteRefs: remoteRefsWhen(options.allowRemoteRefs) });
    for (const mistake of silentMistakes({ ...linted, ruleset: told })) mistakes.add(mistake);
    const placed = entriesFor(linted, dir, options.allRules);
    for (const entry of placed.entries) current.entries.set(entry.pattern, entry);
    current.documents.add(documentPattern(file, dir));
    skipped += placed.skipped;
  }
  for (const mistake of mistakes) warn(io, `warning: ${mistake}`);
  if (skipped > 0)
    warn(
      io,
      `${plural(skipped, 'finding')} left out: they sit in a $ref'd file or come from no rule, so no pointer here can cover them (spectral lint still reports them)`,
    );
  return current;
}

/** The `extends` entry of the baseline: the ruleset relative to the baseline's folder, or the package. */
function extendsEntry(rulesetFile: string | undefined, baselineFile: string): string {
  if (rulesetFile === undefined) return 'spectral-agent-ux';
  const relative = path.relative(path.dirname(baselineFile), rulesetFile).split(path.sep).join('/');
  return relative.startsWith('../') ? relative : `./${relative}`;
}

function summary(entries: readonly Entry[]): string {
  return `${plural(
    entries.reduce((sum, entry) => sum + findingsOf(entry), 0),
    'finding',
  )} in ${plural(entries.length, 'place')}`;
}

async function write(options: BaselineOptions, io: Io): Promise<number> {
  const baselineFile = path.resolve(io.cwd, options.output);
  const rulesetFile = await findRulesetFile(options.ruleset, io.cwd);
  const ruleset = await loadRuleset(rulesetFile);
  if (rulesetFile !== undefined && (rulesetFile === baselineFile || isBaseline(ruleset.definition))) {
    throw new InputError(rulesetFile, 'is a baseline; name the ruleset it extends with --ruleset');
  }
  if (rulesetFile !== undefined && ruleset.definition.overrides !== undefined) {
    warn(io, `note: Spectral ignores the overrides of ${shown(rulesetFile, io.cwd)} once it is extended, so the baseline covers their findings instead`);
  }
  const current = await findingsNow(options, withoutOverrides(ruleset, baselineFile), baselineFile, io, ruleset);
  const entries = [...current.entries.values()];
  writeAtomically(baselineFile, renderBaseline({ extends: extendsEntry(rulesetFile, baselineFile), entries }), 'the baseline');
  say(io, `wrote ${shown(baselineFile, io.cwd)}: ${summary(entries)}; in CI: ${ciCommand(shown(baselineFile, io.cwd), options.files.join(' '))}`);
  return 0;
}

/** An existing baseline, checked to load as the CLI loads it. */
async function readBaseline(baselineFile: string): Promise<{ baseline: Baseline; ruleset: Ruleset }> {
  const parsed = await readParsed(baselineFile).catch((error: unknown) => {
    throw error instanceof InputError && error.problem === 'no such file'
      ? new InputError(baselineFile, 'no such baseline file (write one first: spectral-agent-ux baseline <files>)')
      : error;
  });
  const baseline = baselineOf(parsed.data, baselineFile);
  return { baseline, ruleset: await loadRuleset(baselineFile) };
}

/** The entries --prune keeps, each with only the rules that still have findings there, and the ones it shrinks. */
function prune(baseline: Baseline, current: Current) {
  const kept: Entry[] = [];
  const stale: { entry: Entry; rules: string[] }[] = [];
  for (const entry of baseline.entries) {
    const now = current.entries.get(entry.pattern);
    const left = [...entry.rules.keys()].filter(rule => now?.rules.has(rule));
    if (left.length < entry.rules.size) stale.push({ entry, rules: [...entry.rules.keys()].filter(rule => !left.includes(rule)) });
    if (left.length > 0) kept.push({ ...now!, rules: new Map(left.map(rule => [rule, now!.rules.get(rule)!])) });
  }
  return { kept, stale };
}

async function compare(options: BaselineOptions, io: Io): Promise<number> {
  const baselineFile = path.resolve(io.cwd, options.output);
  const { baseline, ruleset } = await readBaseline(baselineFile);
  const current = await findingsNow(options, withoutOverrides(ruleset), baselineFile, io);
  const unjudged = baseline.entries.find(entry => !current.documents.has(documentOf(entry.pattern)));
  if (unjudged !== undefined) {
    throw new InputError(baselineFile, `also covers ${documentOf(unjudged.pattern)}; name it too, so that --${options.mode} can judge its entries`);
  }
  const { kept, stale } = prune(baseline, current);
  if (options.mode === 'check') {
    for (const { entry, rules } of stale) warn(io, `stale: ${entry.pattern}: no findings left for ${rules.join(', ')}`);
    if (stale.length > 0)
      warn(io, `${plural(stale.length, 'stale entry', 'stale entries')} in ${shown(baselineFile, io.cwd)}; run with --prune to remove them`);
    else say(io, `${shown(baselineFile, io.cwd)} is up to date: ${summary(kept)}`);
    return stale.length > 0 ? 1 : 0;
  }
  writeAtomically(baselineFile, renderBaseline({ extends: baseline.extends, entries: kept }), 'the baseline');
  const removed = stale.reduce((sum, { rules }) => sum + rules.length, 0);
  say(
    io,
    `pruned ${shown(baselineFile, io.cwd)}: ${plural(removed, 'rule id')} removed from ${plural(stale.length, 'entry', 'entries')}; ${summary(kept)} left`,
  );
  return 0;
}

export const baseline: Command = {
  usage: BASELINE_USAGE,
  run: (argv, io) => {
    const options = parseBaselineArgs(argv);
    if (options.mode === 'check') return compare(options, io);
    // Writing or pruning: one run per baseline file at a time, or one of two writes would be lost.
    return withLock(path.resolve(io.cwd, options.output), () => (options.mode === 'write' ? write(options, io) : compare(options, io)));
  },
};
