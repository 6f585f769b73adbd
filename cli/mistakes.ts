/**
 * Mistakes Spectral swallows, said once by the commands that load the ruleset: an `overrides` entry that
 * names no rule of any loaded ruleset, and a `prefixes` option that matches no path (the rule then checks
 * nothing). One line each on stderr; the exit code does not change.
 */
import { isObject } from '../lib/document';
import { nearest } from '../lib/nearest';
import { ruleOptions, type LintedDocument } from './lint';

/** Rule ids that the `overrides` of the ruleset's own file set, though no loaded ruleset has such a rule. */
function unknownOverrideRules(linted: LintedDocument): string[] {
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
function emptyPrefixes(linted: LintedDocument): string[] {
  const paths = linted.doc.operations().map(operation => operation.path);
  return Object.keys(linted.ruleset.rules).flatMap(id => {
    const prefixes = ruleOptions(linted.ruleset, id)?.prefixes;
    if (!Array.isArray(prefixes) || paths.length === 0 || paths.some(path => prefixes.some(prefix => typeof prefix === 'string' && path.startsWith(prefix)))) return [];
    return [`\`${id}\`'s prefixes ${JSON.stringify(prefixes)} match no path under \`paths\` (written without the servers' base path, e.g. \`${paths[0]}\`), so it checks nothing.`];
  });
}

/** Every swallowed mistake of the lint's ruleset, a sentence each. */
export function silentMistakes(linted: LintedDocument): string[] {
  return [...unknownOverrideRules(linted), ...emptyPrefixes(linted)];
}
