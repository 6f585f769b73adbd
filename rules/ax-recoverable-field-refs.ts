/** Recoverable errors (the AX Spec's "Recoverable" principle, with Geodocs' "Agent Error Handling Documentation Specification" and "Designing Errors for Agent Recovery"). */
import {
  BOUND_KEYWORDS,
  constraintsOf,
  includesValue,
  isConstraintObject,
  sameValue,
  violation,
  type BoundKeyword,
  type Constraints,
} from '../lib/document/constraints';
import { child, errorBodies, type Located, isErrorStatus } from '../lib/document/document';
import { namedIn } from '../lib/errors/value-shapes';
import { inputsOf, type RequestInputs } from '../lib/document/inputs';
import { code, inSchemaComponent, locatorsIn, quoted, resolveLocator, rewrite, type Locator } from '../lib/errors/locators';
import { nameOptionsSchema, namesFor, type Concept, type NameOptions } from '../lib/semantics/names';
import { label, placeIn, type Finding } from '../lib/findings/rule-function';
import type { Said, Say as SayOf } from '../lib/findings/messages';
import { defineRule, ruleOptions } from './declaration';

const CONCEPTS = ['errorField', 'fieldLocator', 'fieldDetails', 'errorList', 'allowedValues', 'suggestedValue'] as const satisfies Concept[];
type Options = NameOptions<(typeof CONCEPTS)[number]>;

const MESSAGES = {
  exampleClaim: "the error example's {{claim}}.",
  noInput: '`{{key}}` {{locator}} is no input of the operation. Point it at a request field (see {{within}})',
  noInputDidYouMean: '`{{key}}` {{locator}} is no input of the operation; did you mean {{guess}}? Point it at a request field (see {{within}})',
  schemaOf: 'the schema of {{locator}}',
  schemaOfNamed: 'the schema of {{locator}} ({{name}})',
  listsRejected: '`{{key}}` lists {{value}}, {{outside}}. List only values the schema accepts',
  notAccepted: 'which {{truth}} does not accept',
  outsideEnum: 'outside the enum {{values}} of {{truth}}',
  boundDisagrees: '`{{key}}` says {{keyword}} {{claimed}}, but {{truth}} {{says}}. Make the two agree',
  noBound: 'declares no {{keyword}}',
  saysBound: 'says {{actual}}',
  rejectedSuggestion: '`{{name}}` {{value}} {{why}}, per {{truth}}. Suggest a value the schema accepts',
} as const;
type Say = SayOf<typeof MESSAGES>;

interface Claim {
  what: Said;
  location: Located['location'];
}

const show = (value: unknown) => (typeof value === 'string' ? quoted(value) : JSON.stringify(value));
const enumList = (values: readonly unknown[]) => `${values.slice(0, 4).map(show).join(', ')}${values.length > 4 ? ', …' : ''}`;

/** What an error example's allowed values claim that the input's schema does not say. */
function allowedValueClaims(say: Say, key: string, allowed: Located, constraints: Constraints, truth: Said, asText: boolean): Claim[] {
  const listed = Array.isArray(allowed.value)
    ? allowed.value
    : isConstraintObject(allowed.value) && Array.isArray(allowed.value.enum)
      ? allowed.value.enum
      : undefined;
  const claims: Claim[] = [];
  // An enum is right when it is a subset of the schema's, or, where the schema lists none, when each value is valid.
  const wrong = listed?.find(value =>
    constraints.values !== undefined ? !includesValue(constraints.values, value) : violation(value, constraints, asText) !== undefined,
  );
  if (wrong !== undefined) {
    const outside = constraints.values === undefined ? say('notAccepted', { truth }) : say('outsideEnum', { values: enumList(constraints.values), truth });
    claims.push({ what: say('listsRejected', { key, value: show(wrong), outside }), location: allowed.location });
  }
  if (!isConstraintObject(allowed.value)) return claims;
  for (const [keyword, claimed] of Object.entries(allowed.value)) {
    if (!(BOUND_KEYWORDS as readonly string[]).includes(keyword)) continue;
    const actual = constraints.bounds[keyword as BoundKeyword];
    if (sameValue(actual, claimed)) continue;
    const says = actual === undefined ? say('noBound', { keyword }) : say('saysBound', { actual: JSON.stringify(actual) });
    claims.push({
      what: say('boundDisagrees', { key, keyword, claimed: JSON.stringify(claimed), truth, says }),
      location: child(allowed.location, keyword),
    });
  }
  return claims;
}

/** ax-recoverable-field-refs: every field an error example points at is an input of its operation, described as its schema describes it. */
export default defineRule({
  id: 'ax-recoverable-field-refs',
  description: "Every field an error example points at is an input of its operation, and its allowed and suggested values agree with that input's schema.",
  severity: 'warn',
  recommended: true,
  principle: {
    label: 'field references',
    scope: 'operations with an error response that has an example',
    fixSite: 'response',
    fix: 'point every field locator of the error examples at a request input, with its real constraints',
  },
  scope: { responses: isErrorStatus, holds: 'example' },
  // The suggested and allowed values a probe repair sends: this rule holds them to the input's schema.
  probe: { reads: ['values'] },
  options: ruleOptions<Options>(nameOptionsSchema(...CONCEPTS)),
  messages: MESSAGES,
  lint: ({ doc, options, operations, say }) => {
    const names = Object.fromEntries(CONCEPTS.map(concept => [concept, namesFor(options, concept)])) as Record<(typeof CONCEPTS)[number], readonly string[]>;
    const findings: Finding[] = [];

    /** Claims about one locator: that it names no input, or that its allowed and suggested values disagree with the input's schema. */
    const check = (inputs: RequestInputs, locator: Locator): Claim[] => {
      const lookup = resolveLocator(inputs, locator);
      if (lookup.kind === 'missing') {
        const words = { key: locator.key, locator: code(locator.text), within: lookup.within };
        return [
          {
            what:
              lookup.nearest === undefined
                ? say('noInput', words)
                : say('noInputDidYouMean', { ...words, guess: code(rewrite(locator, lookup.at, lookup.nearest)) }),
            location: locator.value.location,
          },
        ];
      }
      if (lookup.kind !== 'found') return [];
      const constraints = constraintsOf(doc, lookup.schemas);
      if (constraints === undefined) return [];
      const schemaName = inputs.schemaName(constraints.location);
      const truth =
        schemaName === undefined ? say('schemaOf', { locator: code(locator.text) }) : say('schemaOfNamed', { locator: code(locator.text), name: schemaName });
      const asText = lookup.where !== 'body';
      const claims: Claim[] = [];
      // The allowed values and the suggested value sit beside the locator (Geodocs' single error, a field-details item).
      for (const allowed of namedIn(locator.holder, names.allowedValues).filter(member => member.value !== null)) {
        claims.push(...allowedValueClaims(say, allowed.name, allowed, constraints, truth, asText));
      }
      for (const suggested of namedIn(locator.holder, names.suggestedValue)) {
        const why = suggested.value === null ? undefined : violation(suggested.value, constraints, asText);
        if (why !== undefined)
          claims.push({
            what: say('rejectedSuggestion', { name: suggested.name, value: show(suggested.value), why, truth }),
            location: suggested.location,
          });
      }
      return claims;
    };

    for (const { operation, response, body } of errorBodies(doc, operations)) {
      const inputs = inputsOf(doc, operation);
      for (const example of body.examples.filter(example => !inSchemaComponent(example.location))) {
        for (const locator of locatorsIn(example, options)) {
          for (const claim of check(inputs, locator)) {
            // Judged against this operation's request: a shared example may fit another user, so the finding is this operation's.
            findings.push({
              said: say('exampleClaim', { claim: claim.what }),
              subject: label(operation, response),
              path: placeIn(response, claim.location, example.location),
            });
          }
        }
      }
    }
    return findings;
  },
});
