/** Recoverable errors (the AX Spec's "Recoverable" principle, with Geodocs' "Agent Error Handling Documentation Specification" and "Designing Errors for Agent Recovery"). */
import { child, errorBodies, isErrorStatus, isObject, type Located, type Operation } from '../lib/document/document';
import { errorSchemas } from '../lib/errors/error-bodies';
import { inputsOf, operationsById, type RequestInputs } from '../lib/document/inputs';
import { code, codeList, parsePath, quoted } from '../lib/errors/locators';
import { nameOptionsSchema, namesFor, type NameOptions } from '../lib/semantics/names';
import { nearest } from '../lib/document/nearest';
import { holdersOf, propertiesNamed } from '../lib/document/nested';
import { label, type Finding, responseFinding } from '../lib/findings/rule-function';
import { declaredValues } from '../lib/document/schema';
import { identityOf, type Phrase, type Said, type Say as SayOf } from '../lib/findings/messages';
import { defineRule, ruleOptions } from './declaration';

type Options = NameOptions<'nextOperation' | 'nextOperationArgs'>;

const MESSAGES = {
  exampleClaim: "the error example's {{claim}}",
  schemaClaim: "{{schema}}'s {{claim}}",
  theErrorSchema: 'the error schema',
  unknownOperation: '`{{key}}` {{id}} names no operationId. An agent calling it finds no such operation: use a declared operationId.',
  unknownOperationDidYouMean:
    '`{{key}}` {{id}} names no operationId; did you mean `{{guess}}`? An agent calling it finds no such operation: use a declared operationId.',
  unknownArgument: '`{{argsKey}}` key {{key}} is no input of {{target}}. Use a parameter or body property of it (see {{within}}).',
  unknownArgumentDidYouMean:
    '`{{argsKey}}` key {{key}} is no input of {{target}}; did you mean `{{guess}}`? Use a parameter or body property of it (see {{within}}).',
  missingArguments:
    '`{{argsKey}}` lacks {{names}}, required by {{target}}. Add each, with its value or a placeholder such as "<{{first}}>" when the agent supplies it.',
} as const;
type Say = SayOf<typeof MESSAGES>;

/** "finalize_invoice (POST /invoices/{id}/finalize)": the operation an error sends the agent to. */
const named = (id: string, operation: Operation) => `${id} (${label(operation)})`;

function unknownOperation(say: Say, key: string, id: string, ids: Iterable<string>): Said {
  const guess = nearest(id, ids);
  return guess === undefined ? say('unknownOperation', { key, id: quoted(id) }) : say('unknownOperationDidYouMean', { key, id: quoted(id), guess });
}

/** What is wrong with the arguments an error hands over for its corrective call: unknown keys, then the required inputs left out. */
function argumentProblems(say: Say, inputs: RequestInputs, id: string, argsKey: string, args: Located): { what: Said; location: Located['location'] }[] {
  if (!isObject(args.value)) return [];
  const problems: { what: Said; location: Located['location'] }[] = [];
  const target = named(id, inputs.operation);
  let sendsBody = false;
  // A dotted key (`customer.email`) gives its first segment.
  const given = new Set<unknown>();
  for (const key of Object.keys(args.value)) {
    const path = parsePath(key);
    given.add(path?.segments[0] ?? key);
    const lookup = path === undefined ? undefined : inputs.lookup(path.segments);
    if (lookup?.kind === 'found') sendsBody ||= lookup.where === 'body';
    if (lookup?.kind !== 'missing') continue;
    const words = { argsKey, key: code(key), target, within: lookup.within };
    problems.push({
      what: lookup.nearest === undefined ? say('unknownArgument', words) : say('unknownArgumentDidYouMean', { ...words, guess: lookup.nearest }),
      location: child(args.location, key),
    });
  }
  // Header and cookie parameters (credentials, idempotency keys) are the agent's client's to send, not the error's.
  const required = inputs.parameters.filter(p => p.required && p.in !== 'header' && p.in !== 'cookie').map(p => p.name);
  if (inputs.bodyRequired || sendsBody) required.push(...(inputs.requiredBodyProperties() ?? []));
  const missing = [...new Set(required)].filter(name => !given.has(name));
  if (missing.length > 0) {
    problems.push({
      what: say('missingArguments', { argsKey, names: codeList(missing), target, first: missing[0] }),
      location: args.location,
    });
  }
  return problems;
}

/** ax-recoverable-next-operation: the corrective call an error names exists, and its arguments are the operation's inputs. */
export default defineRule({
  id: 'ax-recoverable-next-operation',
  description: "Every `next_operation` an error names is a declared operationId, and its `next_operation_args` are that operation's inputs.",
  severity: 'warn',
  recommended: true,
  principle: {
    label: 'next operation',
    scope: 'operations with an error response that has an example',
    fixSite: 'response',
    fix: 'name a declared `operationId` and its real inputs in `next_operation` and `next_operation_args`',
  },
  scope: { responses: isErrorStatus, holds: 'example' },
  options: ruleOptions<Options>(nameOptionsSchema('nextOperation', 'nextOperationArgs')),
  messages: MESSAGES,
  lint: ({ doc, options, operations, say }) => {
    const operationNames = namesFor(options, 'nextOperation');
    const argsNames = namesFor(options, 'nextOperationArgs');
    if (!doc.mayMention(operationNames)) return [];
    const ids = operationsById(doc);
    const findings: Finding[] = [];

    for (const { operation, response, body } of errorBodies(doc, operations)) {
      const report = (what: Said, ...at: Located['location'][]) =>
        findings.push(responseFinding(operation, response, say('exampleClaim', { claim: what }), at));
      for (const example of body.examples) {
        for (const { holder, key, value } of holdersOf(example, operationNames)) {
          if (typeof value.value !== 'string') continue;
          const target = ids.get(value.value);
          if (target === undefined) {
            report(unknownOperation(say, key, value.value, ids.keys()), value.location, example.location);
            continue;
          }
          const argsKey = argsNames.find(name => Object.prototype.hasOwnProperty.call(holder.value, name));
          if (argsKey === undefined) continue;
          const args = { value: holder.value[argsKey], location: child(holder.location, argsKey) };
          for (const problem of argumentProblems(say, inputsOf(doc, target), value.value, argsKey, args))
            report(problem.what, problem.location, example.location);
        }
      }
    }

    for (const target of errorSchemas(doc, operations, isErrorStatus)) {
      for (const property of propertiesNamed(doc, target.schema.value, target.schema.location, operationNames)) {
        for (const value of declaredValues(doc, property)) {
          const named = value.value;
          if (typeof named !== 'string' || ids.has(named)) continue;
          const text = (schema: Phrase) => say('schemaClaim', { schema, claim: unknownOperation(say, property.name, named, ids.keys()) });
          findings.push(
            responseFinding(target.operation, target.response, text(target.name), [value.location, target.site], {
              same: identityOf(text(say('theErrorSchema'))),
            }),
          );
        }
      }
    }
    return findings;
  },
});
