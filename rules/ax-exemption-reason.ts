/** The package's own `x-ax-*` extensions. */
import { PROBE_IDS } from '../lib/findings/catalogue';
import { isObject, type JsonObject, type JsonPath, type Operation } from '../lib/document/document';
import { nearest } from '../lib/document/nearest';
import { EXEMPT_EXTENSION, label, type Finding, type RuleScope } from '../lib/findings/rule-function';
import { describeValue } from '../lib/document/values';
import type { Phrase, Said, Say as SayOf } from '../lib/findings/messages';
import { declaring } from './applicability';
import { defineRule, ruleOptions } from './declaration';

type Options = { minWords: number };

const SELF = 'ax-exemption-reason';
const EXAMPLE = `${EXEMPT_EXTENSION}: { <rule-id>: "<reason>" }`;

const MESSAGES = {
  selfExempted: '`{{self}}` cannot be exempted in the description. Remove this entry; to switch the rule off, use `overrides` in .spectral.yaml.',
  unknownRule: '`{{id}}` is not a rule of spectral-agent-ux, so this entry exempts nothing. {{fix}}',
  useRuleId: 'Use the id of a rule of this package (docs/rules/ lists them).',
  renameToRule: 'Did you mean `{{guess}}`? Rename the key.',
  noReason:
    'the exemption from `{{id}}` gives {{given}}; give at least {{minWords}} words on why the rule does not apply, e.g. "JSON-RPC 2.0 envelope is fixed by the spec".',
  emptyReason: 'an empty reason',
  notAMap: '`{{extension}}` is {{value}}, not a map from rule id to reason, so it exempts nothing. Write it as `{{example}}`.',
  pathItem: 'path item {{path}}',
} as const;
type Say = SayOf<typeof MESSAGES>;

interface Owner {
  node: JsonObject;
  location: JsonPath;
  name: Phrase;
}

/** Every operation and path item, once each (a path item shared through `$ref` is one owner). */
function owners(say: Say, operations: readonly Operation[]): Owner[] {
  const found = new Map<string, Owner>();
  for (const operation of operations) {
    const item: Owner = { node: operation.pathItem, location: operation.pathItemLocation, name: say('pathItem', { path: operation.path }) };
    for (const owner of [item, { node: operation.node, location: operation.location, name: label(operation) }]) {
      const key = JSON.stringify(owner.location);
      if (!found.has(key)) found.set(key, owner);
    }
  }
  return [...found.values()];
}

const wordsIn = (text: string) => text.split(/\s+/).filter(word => /[\p{L}\p{N}]/u.test(word)).length;

/** What is wrong with one `<rule-id>: <reason>` entry. */
function entryProblems(say: Say, id: string, reason: unknown, minWords: number, exemptible: readonly string[]): Said[] {
  const problems: Said[] = [];
  if (id === SELF) {
    problems.push(say('selfExempted', { self: SELF }));
  } else if (!exemptible.includes(id)) {
    const guess = nearest(id, exemptible);
    problems.push(say('unknownRule', { id, fix: guess === undefined ? say('useRuleId') : say('renameToRule', { guess }) }));
  }
  if (typeof reason !== 'string' || wordsIn(reason) < minWords) {
    const given = typeof reason === 'string' && reason.trim() === '' ? say('emptyReason') : describeValue(reason);
    problems.push(say('noReason', { id, given, minWords }));
  }
  return problems;
}

/** Every `x-ax-exempt` entry names a real rule and says why it does not apply. */
const check =
  (ruleIds: () => readonly string[]) =>
  ({ doc, options: { minWords }, say }: RuleScope<Options, typeof MESSAGES>): Finding[] => {
    // Every operation, not `operations`: an x-ax-exempt entry must not be able to hide itself from this check.
    // The rules, and the probe's findings (docs/probe.md), which read `x-ax-exempt` too.
    const exemptible = [...ruleIds(), ...PROBE_IDS];
    const findings: Finding[] = [];
    for (const owner of owners(say, doc.operations())) {
      const exempt = owner.node[EXEMPT_EXTENSION];
      const at = [...owner.location, EXEMPT_EXTENSION];
      if (exempt === undefined) continue;
      if (!isObject(exempt)) {
        findings.push({
          said: say('notAMap', { extension: EXEMPT_EXTENSION, value: describeValue(exempt), example: EXAMPLE }),
          subject: String(owner.name),
          path: at,
        });
        continue;
      }
      for (const [id, reason] of Object.entries(exempt)) {
        for (const problem of entryProblems(say, id, reason, minWords, exemptible))
          findings.push({ said: problem, subject: String(owner.name), path: [...at, id] });
      }
    }
    return findings;
  };

/**
 * ax-exemption-reason, built with the package's rule ids (rules/index.ts hands them over): the one rule that
 * must know all the others.
 */
export default (ruleIds: () => readonly string[]) =>
  defineRule({
    id: 'ax-exemption-reason',
    description: 'Every `x-ax-exempt` entry names a rule of this package and gives a reason of at least three words.',
    severity: 'error',
    recommended: true,
    principle: {
      label: 'exemption reasons',
      scope: 'operations that declare `x-ax-exempt`',
      fixSite: 'operation',
      fix: 'name a rule of this package and give a reason in each `x-ax-exempt` entry',
    },
    scope: { operations: declaring(EXEMPT_EXTENSION) },
    // An entry exempting this rule is its finding (`selfExempted`).
    exemptible: false,
    options: ruleOptions<Options>({ minWords: { type: 'integer', minimum: 1 } }, { minWords: 3 }),
    messages: MESSAGES,
    lint: check(ruleIds),
  });
