import { constraintsOf, type BoundKeyword } from '../lib/document/constraints';
import { type OpenApiDocument, type Operation } from '../lib/document/document';
import { describeViews, errorSchemas, judgeOnce, responseExtension } from '../lib/errors/error-bodies';
import { inputsOf } from '../lib/document/inputs';
import { homeCarrier, schemaAnswer, schemaLikely } from '../lib/errors/error-shapes';
import { errorAudience, propertyEdits } from '../lib/rules/edits';
import { askAbout, credentialsHint, newMemberName, placeOf } from '../lib/errors/error-wording';
import { nameOptionsSchema, namesFor, type NameOptions } from '../lib/rules/names';
import { ruleFunction } from '../lib/rules/rule-function';
import { viewsOf, type Property } from '../lib/document/schema';
import { RESPONSES } from '../lib/rules/scope';

type Options = NameOptions<'recoveryHint' | 'errorList'>;

/** Statuses whose recovery does not depend on the request's fields. */
const STATUS_HINTS: Record<string, string> = {
  '403': 'Ask for the scope this call needs',
  '404': 'List the collection to find a valid id, then retry',
  '409': 'Re-read the resource, then resend',
  '429': 'Wait Retry-After seconds, then resend unchanged',
};

/**
 * The operation's first input (a required body property, else any body property, else a required
 * parameter, else any), so that the example hint names a field this operation really takes.
 */
function firstInput(doc: OpenApiDocument, operation: Operation): Property | undefined {
  const inputs = inputsOf(doc, operation);
  const views = inputs.bodies.flatMap(body => viewsOf(doc, body.value, body.location) ?? []);
  const properties = views.flatMap(view => [...view.properties.values()].map(property => ({ ...property, required: view.required.has(property.name) })));
  const parameters = inputs.parameters
    .filter(parameter => parameter.in !== 'header' && parameter.implicit === undefined)
    .map(({ name, schema, required }) => ({ name, schema: schema.value, location: schema.location, required }));
  const all = [...properties, ...parameters];
  return all.find(input => input.required && isConstrained(doc, input)) ?? all.find(input => input.required) ?? all[0];
}

/** What the input's schema says a valid value is, through `$ref` and `allOf`; undefined for several shapes or an unreadable schema. */
const constraintsOfInput = (doc: OpenApiDocument, input: Property) => constraintsOf(doc, [{ value: input.schema, location: input.location }]);

/** An input whose schema says what a valid value is (enum, minimum, maxLength, format): the most useful example. */
function isConstrained(doc: OpenApiDocument, input: Property): boolean {
  const constraints = constraintsOfInput(doc, input);
  return (
    constraints !== undefined &&
    (constraints.values !== undefined || ['minimum', 'maxLength', 'format'].some(keyword => constraints.bounds[keyword as BoundKeyword] !== undefined))
  );
}

/** A few enum values, short enough for a message: "USD, EUR, GBP" or "first_time_contributors, …". */
function someOf(values: string[]): string {
  const three = values.slice(0, 3).join(', ');
  return three.length <= 40 && values.length <= 3 ? three : `${values[0]}, …`;
}

/** "Set `quantity` to an integer of at least 1": what the input's schema says a valid value is. */
function inputHint(doc: OpenApiDocument, input: Property): string {
  const constraints = constraintsOfInput(doc, input);
  const name = `\`${input.name}\``;
  if (constraints === undefined) return `Correct ${name}, then retry`;
  const { values, bounds, types } = constraints;
  const type = types?.length === 1 ? types[0] : undefined;
  if (values !== undefined && values.length > 0) return `Set ${name} to one of ${someOf(values.map(String))}`;
  if (typeof bounds.minimum === 'number') return `Set ${name} to ${type === 'integer' ? 'an integer' : 'a number'} of at least ${bounds.minimum}`;
  if (typeof bounds.maxLength === 'number') return `Shorten ${name} to at most ${bounds.maxLength} characters`;
  if (typeof bounds.format === 'string') return `Send ${name} as a valid ${bounds.format}`;
  return type !== undefined ? `Send ${name} as a valid ${type}` : `Correct ${name}, then retry`;
}

/** ax-recoverable-suggestion: every 4xx error body tells the caller how to fix the request (R2). */
export default ruleFunction<Options>('recoverableSuggestion', nameOptionsSchema('recoveryHint', 'errorList'), ({ doc, options, operations }) => {
  const names = namesFor(options, 'recoveryHint');
  const exampleFor = (operation: Operation, status: string) => {
    if (status === '401') return credentialsHint(doc, operation);
    const input = STATUS_HINTS[status] === undefined ? firstInput(doc, operation) : undefined;
    return STATUS_HINTS[status] ?? (input === undefined ? "Check the request against this operation's parameters, then retry" : inputHint(doc, input));
  };
  const once = judgeOnce();
  return errorSchemas(doc, operations, RESPONSES['ax-recoverable-suggestion'])
    .filter(target => responseExtension(target.response, 'x-ax-error-suggestion') === undefined)
    .flatMap(target =>
      // Judged once per view: the example names the first use's inputs and stands for the schema's other uses (`sameFix` leaves it out).
      describeViews(target, view =>
        once(target, view, [], () => {
          if (schemaAnswer(doc, view, 'recoveryHint', options) !== undefined) return undefined;
          const home = homeCarrier(doc, view, options);
          const views = home.nodes.flatMap(node => node.views);
          const hint = newMemberName(doc, views, names);
          const where = `add \`${hint}\`${placeOf(home)}`;
          const add = `${where}, e.g. "${exampleFor(target.operation, target.response.status)}".`;
          const likely = schemaLikely(doc, view, 'recoveryHint', options);
          if (likely !== undefined) {
            const ask = askAbout(likely, 'recovery hint');
            return { what: ask.what, fix: `${ask.fix} ${add}`, sameFix: `${ask.fix} ${where}.` };
          }
          // The edit declares the member; the sentence it holds is the server's to write, so none is written into the description.
          return {
            what: 'has no recovery hint',
            fix: `A${add.slice(1)}`,
            sameFix: `A${where.slice(1)}.`,
            edits: () => propertyEdits(doc, views, hint, { type: 'string' }, false, errorAudience(doc)),
          };
        }),
      ),
    );
});
