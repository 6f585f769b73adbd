/**
 * Mistakes Spectral swallows, said once by the commands that load the ruleset: an `overrides` entry that
 * names no rule of any loaded ruleset, or whose file pattern matches no linted file; a `prefixes` option
 * that matches no path, field names that appear nowhere in the description (the rule then checks
 * nothing, or checks for the wrong thing), or one concept's names given differently to sibling rules. One line each on stderr; the exit code does not change.
 */
import * as path from 'node:path';
import { Ruleset } from '@stoplight/spectral-core';
import { DECLARATIONS, RULE_IDS } from '../rules';
import { isObject, pointerToPath, valueAt } from '../lib/document/document';
import { DEFAULT_NAMES, namesFor, type Concept, type Names } from '../lib/semantics/names';
import { nearest } from '../lib/document/nearest';
import { walk } from '../lib/document/values';
import { OFF, ruleOptions, type LintedDocument } from './lint';

type Linted = Pick<LintedDocument, 'file' | 'doc' | 'ruleset' | 'skippedRefs'>;

/** Rule ids that the `overrides` of the ruleset's own file set, though no loaded ruleset has such a rule. */
function unknownOverrideRules(linted: Linted): string[] {
  const known = Object.keys(linted.ruleset.rules);
  const overrides = linted.ruleset.definition.overrides;
  const named = (Array.isArray(overrides) ? overrides : []).flatMap(entry => (isObject(entry) && isObject(entry.rules) ? Object.keys(entry.rules) : []));
  return [...new Set(named)]
    .filter(id => !known.includes(id))
    .map(id => {
      const meant = nearest(id, known);
      return `overrides name the rule \`${id}\`, which no loaded ruleset has${meant === undefined ? '' : `; did you mean \`${meant}\`?`} It changes nothing.`;
    });
}

/** A `prefixes` option of a rule that matches no path under `paths`: the rule then asks nothing of any operation. */
function emptyPrefixes(linted: Linted): string[] {
  const paths = linted.doc.operations().map(operation => operation.path);
  return Object.keys(linted.ruleset.rules).flatMap(id => {
    const prefixes = ruleOptions(linted.ruleset, id)?.prefixes;
    if (!Array.isArray(prefixes) || paths.length === 0 || paths.some(path => prefixes.some(prefix => typeof prefix === 'string' && path.startsWith(prefix))))
      return [];
    return [
      `\`${id}\`'s prefixes ${JSON.stringify(prefixes)} match no path under \`paths\` (written without the servers' base path, e.g. \`${paths[0]}\`), so it checks nothing.`,
    ];
  });
}

/** The `files` patterns of the ruleset's own `overrides`. */
function overridePatterns(ruleset: Ruleset): string[] {
  const overrides = ruleset.definition.overrides;
  return (Array.isArray(overrides) ? overrides : []).flatMap(entry =>
    isObject(entry) && Array.isArray(entry.files) ? entry.files.filter((file): file is string => typeof file === 'string') : [],
  );
}

const PROBE_RULE = 'spectral-agent-ux-pattern-probe';

/** The place a `file#/pointer` pattern names; undefined for a whole file. */
const pointerOf = (pattern: string) => (pattern.includes('#') ? pointerToPath(pattern.slice(pattern.indexOf('#'))) : undefined);

/**
 * Whether Spectral applies an `overrides` pattern to the file (at the pointer's place, for `file#/pointer`):
 * asked of Spectral itself, with a one-rule ruleset that the pattern turns off, so the answer is its own glob matching.
 */
function patternApplies(pattern: string, rulesetSource: string, file: string): boolean {
  const probe = new Ruleset(
    {
      rules: { [PROBE_RULE]: { given: '$', then: { function: () => undefined } } },
      overrides: [{ files: [pattern], rules: { [PROBE_RULE]: 'off' } }],
    } as never,
    { source: rulesetSource },
  );
  return probe.fromSource(file).rules[PROBE_RULE].getSeverityForSource(file, pointerOf(pattern) ?? []) === OFF;
}

/** `overrides` patterns that match no linted file, or point at nothing in it. */
function idleOverridePatterns(linted: Linted): string[] {
  const source = linted.ruleset.source;
  if (source === null) return [];
  return overridePatterns(linted.ruleset).flatMap(pattern => {
    if (!patternApplies(pattern, source, linted.file)) {
      return [`overrides pattern "${pattern}" matches no linted file (it is read from the ruleset's folder, ${path.dirname(source)}), so it changes nothing.`];
    }
    const pointer = pointerOf(pattern);
    if (pointer !== undefined && valueAt(linted.doc.root, pointer) === undefined)
      return [`overrides pattern "${pattern}" points at nothing in ${path.basename(linted.file)}, so it changes nothing.`];
    return [];
  });
}

/** Every key and string of the description, lower-cased: where a field name could appear (a header name is a value of a parameter). */
function wordsOf(root: unknown): Set<string> {
  const words = new Set<string>();
  walk(root, value => {
    if (typeof value === 'string') words.add(value.toLowerCase());
    else if (isObject(value)) for (const key of Object.keys(value)) words.add(key.toLowerCase());
  });
  return words;
}

/** A rule's field-name options (`{ nextSteps: ['next'] }`) none of whose names appear anywhere in the description. */
function absentNames(linted: Linted): string[] {
  let words: Set<string> | undefined;
  return RULE_IDS.flatMap(id => {
    const options = ruleOptions(linted.ruleset, id) ?? {};
    return Object.entries(options).flatMap(([concept, names]) => {
      if (!(concept in DEFAULT_NAMES) || !Array.isArray(names) || names.length === 0) return [];
      words ??= wordsOf(linted.doc.root);
      const present = names.some(name => typeof name === 'string' && (words!.has(name.toLowerCase()) || words!.has(name.split('.')[0].toLowerCase())));
      return present
        ? []
        : [`\`${id}\`'s option \`${concept as Concept}\` names ${JSON.stringify(names)}, none of which appears in the description; check the spelling.`];
    });
  });
}

/** The field-name options each loaded rule of the package reads (`nextSteps`, `errorCode`, …). */
function conceptReaders(linted: Linted): Map<string, string[]> {
  const readers = new Map<string, string[]>();
  for (const declaration of DECLARATIONS) {
    if (linted.ruleset.rules[declaration.id] === undefined) continue;
    for (const concept of declaration.optionNames.filter(option => option in DEFAULT_NAMES))
      (readers.get(concept) ?? readers.set(concept, []).get(concept)!).push(declaration.id);
  }
  return readers;
}

/**
 * A field-name option that sibling rules are given differently (`nextSteps: [next]` on one rule, the
 * default on the others that read it): they then judge the same member by different names.
 */
function divergentNames(linted: Linted): string[] {
  return [...conceptReaders(linted)].flatMap(([concept, ids]) => {
    const byNames = new Map<string, string[]>();
    for (const id of ids) {
      // As the rule reads it: `nextStepItem` by role or as a list names the same members.
      const set = ruleOptions(linted.ruleset, id)?.[concept];
      const read = set === undefined ? undefined : JSON.stringify(namesFor({ [concept]: set } as Names, concept as Concept));
      const key = read === undefined || read === JSON.stringify(DEFAULT_NAMES[concept as Concept]) ? 'the default' : read;
      (byNames.get(key) ?? byNames.set(key, []).get(key)!).push(id);
    }
    if (byNames.size < 2) return [];
    const groups = [...byNames].map(([names, users]) => `${users.map(id => `\`${id}\``).join(', ')}: ${names}`);
    return [
      `the option \`${concept}\` differs between the rules that read it (${groups.join('; ')}); give them all the same names, e.g. with one YAML anchor (docs/conventions.md).`,
    ];
  });
}

/** Each remote `$ref` the lint did not fetch: what the rules saw there is the `$ref` alone. */
function skippedRefs(linted: Linted): string[] {
  return linted.skippedRefs.map(ref => `remote $ref ${ref} not fetched, left unresolved (only local files are read; --allow-remote-refs fetches it)`);
}

/** Every swallowed mistake of the lint's ruleset (and each remote reference it did not read), a sentence each. */
export function silentMistakes(linted: Linted): string[] {
  return [
    ...skippedRefs(linted),
    ...unknownOverrideRules(linted),
    ...idleOverridePatterns(linted),
    ...emptyPrefixes(linted),
    ...absentNames(linted),
    ...divergentNames(linted),
  ];
}
