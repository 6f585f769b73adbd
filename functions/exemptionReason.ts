import { PROBE_IDS } from '../lib/rules/catalogue';
import { isObject, type JsonObject, type JsonPath, type Operation } from '../lib/document/document';
import { nearest } from '../lib/document/nearest';
import { EXEMPT_EXTENSION, label, ruleFunction, type Finding, type RuleScope } from '../lib/rules/rule-function';
import { describeValue } from '../lib/document/values';

type Options = { minWords?: number };

const SELF = 'ax-exemption-reason';
const EXAMPLE = `${EXEMPT_EXTENSION}: { <rule-id>: "<reason>" }`;

interface Owner {
  node: JsonObject;
  location: JsonPath;
  name: string;
}

/** Every operation and path item, once each (a path item shared through `$ref` is one owner). */
function owners(operations: readonly Operation[]): Owner[] {
  const found = new Map<string, Owner>();
  for (const operation of operations) {
    const item = { node: operation.pathItem, location: operation.pathItemLocation, name: `path item ${operation.path}` };
    for (const owner of [item, { node: operation.node, location: operation.location, name: label(operation) }]) {
      const key = JSON.stringify(owner.location);
      if (!found.has(key)) found.set(key, owner);
    }
  }
  return [...found.values()];
}

const wordsIn = (text: string) => text.split(/\s+/).filter(word => /[\p{L}\p{N}]/u.test(word)).length;

/** What is wrong with one `<rule-id>: <reason>` entry. */
function entryProblems(id: string, reason: unknown, minWords: number, exemptible: readonly string[]): string[] {
  const problems: string[] = [];
  if (id === SELF) {
    problems.push(`\`${SELF}\` cannot be exempted in the description. Remove this entry; to switch the rule off, use \`overrides\` in .spectral.yaml.`);
  } else if (!exemptible.includes(id)) {
    const guess = nearest(id, exemptible);
    const fix = guess === undefined ? 'Use the id of a rule of this package (docs/rules/ lists them).' : `Did you mean \`${guess}\`? Rename the key.`;
    problems.push(`\`${id}\` is not a rule of spectral-agent-ux, so this entry exempts nothing. ${fix}`);
  }
  if (typeof reason !== 'string' || wordsIn(reason) < minWords) {
    const given = typeof reason === 'string' && reason.trim() === '' ? 'an empty reason' : describeValue(reason);
    problems.push(
      `the exemption from \`${id}\` gives ${given}; give at least ${minWords} words on why the rule does not apply, e.g. "JSON-RPC 2.0 envelope is fixed by the spec".`,
    );
  }
  return problems;
}

/** Every `x-ax-exempt` entry names a real rule and says why it does not apply. */
const check =
  (ruleIds: () => readonly string[]) =>
  ({ doc, options }: RuleScope<Options>): Finding[] => {
    // Every operation, not `operations`: an x-ax-exempt entry must not be able to hide itself from this check.
    const minWords = options.minWords ?? 3;
    // The rules, and the probe's findings (docs/probe.md), which read `x-ax-exempt` too.
    const exemptible = [...ruleIds(), ...PROBE_IDS];
    const findings: Finding[] = [];
    for (const owner of owners(doc.operations())) {
      const exempt = owner.node[EXEMPT_EXTENSION];
      const at = [...owner.location, EXEMPT_EXTENSION];
      if (exempt === undefined) continue;
      if (!isObject(exempt)) {
        findings.push({
          message: `${owner.name}: \`${EXEMPT_EXTENSION}\` is ${describeValue(exempt)}, not a map from rule id to reason, so it exempts nothing. Write it as \`${EXAMPLE}\`.`,
          path: at,
        });
        continue;
      }
      for (const [id, reason] of Object.entries(exempt)) {
        for (const problem of entryProblems(id, reason, minWords, exemptible)) findings.push({ message: `${owner.name}: ${problem}`, path: [...at, id] });
      }
    }
    return findings;
  };

/**
 * ax-exemption-reason, built with the package's rule ids: they are read off the rule declarations one floor
 * up (rules/index.ts), which import this function.
 */
export default (ruleIds: () => readonly string[]) => ruleFunction<Options>('exemptionReason', { minWords: { type: 'integer', minimum: 1 } }, check(ruleIds));
