/** Recoverable errors (the AX Spec's "Recoverable" principle, with Geodocs' "Agent Error Handling Documentation Specification" and "Designing Errors for Agent Recovery"). */
import { child, isErrorResponse, type Located, type OpenApiDocument, type Operation, type Response, isErrorStatus } from '../lib/document/document';
import { responseExtension } from '../lib/errors/error-bodies';
import { errorFieldValues, textsOf } from '../lib/errors/error-values';
import { inputsOf, operationsById, propertyNamesIn, type RequestInputs } from '../lib/document/inputs';
import { codeList, inSchemaComponent, parsePath } from '../lib/errors/locators';
import { fieldMentions } from '../lib/errors/mentions';
import { nameOptionsSchema, namesFor, type NameOptions } from '../lib/semantics/names';
import { nearest } from '../lib/document/nearest';
import { label, placeIn, type Finding } from '../lib/findings/rule-function';
import type { Phrase, Said, Say as SayOf } from '../lib/findings/messages';
import { defineRule, ruleOptions } from './declaration';

type Options = NameOptions<'recoveryHint'>;

const SUGGESTION_EXTENSION = 'x-ax-error-suggestion';
/** How many accepted names a message lists before "…". */
const SHOWN = 6;

const MESSAGES = {
  holderSays: '{{holder}} {{problem}}',
  staleFields: 'names {{names}}, which the request lacks{{guess}}; it takes {{shape}}{{where}}. Rewrite the hint to match.',
  didYouMean: ' (did you mean `{{name}}`?)',
  noFields: 'no fields',
  exampleHint: "the error example's hint",
  fieldExample: "{{holder}}'s `{{name}}` example",
} as const;
type Say = SayOf<typeof MESSAGES>;

/** True when the request accepts `name`: a parameter, a body property at any depth, or a path into the body. */
function accepts(inputs: RequestInputs, known: ReadonlySet<string>, name: string): boolean {
  if (known.has(name) || inputs.parametersNamed(name).length > 0) return true;
  const path = parsePath(name);
  return path !== undefined && path.segments.length > 1 && inputs.lookup(path.segments).kind !== 'missing';
}

/** "{ grounds, context? }": the request's current top-level shape, as the hint should give it. */
function currentShape(say: Say, inputs: RequestInputs): Phrase {
  const names = inputs.topLevelBodyNames() ?? [];
  const required = new Set(inputs.requiredBodyProperties() ?? []);
  const fields =
    names.length > 0 ? names.map(name => (required.has(name) ? name : `${name}?`)) : inputs.parameters.filter(p => p.in !== 'header').map(p => p.name);
  if (fields.length === 0) return say('noFields');
  return `\`{ ${fields.slice(0, SHOWN).join(', ')}${fields.length > SHOWN ? ', …' : ''} }\``;
}

/** The property names of every response body of the operation: a quoted name may be a field of the answer ("the `retry_after` field"). */
function responseNames(doc: OpenApiDocument, operation: Operation): Set<string> {
  const schemas = doc.responses(operation).flatMap(response => doc.jsonBodies(operation, response).flatMap(body => body.schema ?? []));
  return propertyNamesIn(doc, schemas) ?? new Set();
}

/** What is wrong with one hint text for this operation, if it names fields the request does not accept. */
function problemOf(doc: OpenApiDocument, say: Say, operation: Operation, text: string): Said | undefined {
  const mentions = fieldMentions(text);
  if (mentions.length === 0) return undefined;
  const inputs = inputsOf(doc, operation);
  const known = inputs.allNames();
  if (known === undefined) return undefined; // the request cannot be read: no guess
  const ids = operationsById(doc);
  // A `{ … }` shape is a request shape; a quoted name may also be an operation or a field of the response.
  const answer = mentions.some(mention => mention.kind === 'quoted') ? responseNames(doc, operation) : new Set<string>();
  const stale = mentions.filter(
    mention => !accepts(inputs, known, mention.name) && (mention.kind === 'shape' || (!ids.has(mention.name) && !answer.has(mention.name))),
  );
  if (stale.length === 0) return undefined;
  const guess = stale.length === 1 ? nearest(stale[0].name, known) : undefined;
  const where = inputs.schemaName(doc.resolve(inputs.bodies[0]?.value, inputs.bodies[0]?.location)?.location);
  return say('staleFields', {
    names: codeList(stale.map(mention => mention.name)),
    guess: guess === undefined ? '' : say('didYouMean', { name: guess }),
    shape: currentShape(say, inputs),
    where: where === undefined ? '' : ` (${where})`,
  });
}

/** ax-recoverable-hint-fields: a recovery hint that names request fields names fields the operation accepts now. */
export default defineRule({
  id: 'ax-recoverable-hint-fields',
  description: 'A recovery hint that names request fields names fields the operation accepts now, not an obsolete request shape.',
  severity: 'warn',
  recommended: true,
  principle: {
    label: 'hint fields',
    scope: 'operations with an error response that has an example',
    fixSite: 'response',
    fix: 'name only fields the request accepts now in the recovery hints of the error examples',
  },
  scope: { responses: isErrorStatus, holds: 'example' },
  options: ruleOptions<Options>(nameOptionsSchema('recoveryHint')),
  messages: MESSAGES,
  lint: ({ doc, options, operations, say }) => {
    const names = namesFor(options, 'recoveryHint');
    const findings: Finding[] = [];
    const report = (operation: Operation, response: Response, holder: Phrase, text: string, ...at: Located['location'][]) => {
      const problem = problemOf(doc, say, operation, text);
      // Judged against this operation's request: a shared example may fit another user, so the finding is this operation's.
      if (problem !== undefined)
        findings.push({ said: say('holderSays', { holder, problem }), subject: label(operation, response), path: placeIn(response, ...at) });
    };

    for (const operation of operations) {
      for (const response of doc.responses(operation).filter(isErrorResponse)) {
        const suggestion = responseExtension(response, SUGGESTION_EXTENSION);
        if (suggestion !== undefined) report(operation, response, `\`${SUGGESTION_EXTENSION}\``, suggestion, child(response.location, SUGGESTION_EXTENSION));
      }
    }
    // The hints the shapes table finds (the body, a wrapper, error-list items, any letter case), as examples and as a schema's example values.
    for (const value of errorFieldValues(doc, operations, names, options)) {
      // An example in a schema component documents a schema many operations share, not this operation's request.
      if (inSchemaComponent(value.location)) continue;
      const holder = value.source === 'example' ? say('exampleHint') : say('fieldExample', { holder: value.holder, name: value.name });
      for (const text of textsOf(value)) report(value.operation, value.response, holder, text.value, text.location, value.within);
    }
    return findings;
  },
});
