import { child, isClientErrorStatus, isObject, type OpenApiDocument, type Operation } from '../lib/document';
import { describeViews, errorSchemas, responseExtension } from '../lib/error-bodies';
import { homeCarrier, inStyleOf, memberNames, placeOf, schemaAnswer } from '../lib/error-shapes';
import { nameOptionsSchema, namesFor, type NameOptions } from '../lib/names';
import { ruleFunction } from '../lib/rule-function';
import { viewsOf, type Property } from '../lib/schema';

type Options = NameOptions<'recoveryHint' | 'errorList'>;

/** Statuses whose recovery does not depend on the request's fields. */
const STATUS_HINTS: Record<string, string> = {
  '401': 'Send a valid token as Authorization: Bearer <token>',
  '403': 'Request the scope this call needs, then retry',
  '404': 'List the collection to find a valid id, then retry',
  '409': 'Re-read the resource, then resend against its current version',
  '429': 'Wait Retry-After seconds, then resend unchanged',
};

/**
 * The operation's first input (a required body property, else any body property, else a required
 * parameter, else any), so that the example hint names a field this operation really takes.
 */
function firstInput(doc: OpenApiDocument, operation: Operation): Property | undefined {
  const body = requestBodySchema(doc, operation);
  const views = body === undefined ? undefined : viewsOf(doc, body.value, body.location);
  const properties = views?.flatMap(view => [...view.properties.values()].map(property => ({ ...property, required: view.required.has(property.name) }))) ?? [];
  const parameters = doc.parameters(operation).filter(({ value }) => value.in !== 'body' && value.in !== 'header' && typeof value.name === 'string')
    .map(({ value, location }) => ({ name: value.name as string, schema: value.schema ?? value, location: child(location, 'schema'), required: value.required === true }));
  const inputs = [...properties, ...parameters];
  return inputs.find(input => input.required && isConstrained(doc, input)) ?? inputs.find(input => input.required) ?? inputs[0];
}

function requestBodySchema(doc: OpenApiDocument, operation: Operation) {
  const swaggerBody = doc.parameters(operation).find(({ value }) => value.in === 'body');
  if (swaggerBody !== undefined) return { value: swaggerBody.value.schema, location: child(swaggerBody.location, 'schema') };
  const requestBody = doc.resolve(operation.node.requestBody, [...operation.location, 'requestBody']);
  if (requestBody === undefined || !isObject(requestBody.value) || !isObject(requestBody.value.content)) return undefined;
  const [mediaType, media] = Object.entries(requestBody.value.content)[0] ?? [];
  return isObject(media) ? { value: media.schema, location: child(child(child(requestBody.location, 'content'), mediaType), 'schema') } : undefined;
}

/** An input whose schema says what a valid value is (enum, minimum, maxLength, format): the most useful example. */
function isConstrained(doc: OpenApiDocument, input: Property): boolean {
  const schema = doc.resolve(input.schema, input.location)?.value;
  return isObject(schema) && ['enum', 'minimum', 'maxLength', 'format'].some(keyword => schema[keyword] !== undefined);
}

/** "Set `quantity` to an integer of at least 1": what the input's schema says a valid value is. */
function inputHint(doc: OpenApiDocument, input: Property): string {
  const schema = doc.resolve(input.schema, input.location)?.value;
  const name = `\`${input.name}\``;
  if (!isObject(schema)) return `Correct ${name}, then retry`;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return `Set ${name} to one of ${schema.enum.slice(0, 3).map(String).join(', ')}`;
  if (typeof schema.minimum === 'number') return `Set ${name} to ${schema.type === 'integer' ? 'an integer' : 'a number'} of at least ${schema.minimum}`;
  if (typeof schema.maxLength === 'number') return `Shorten ${name} to at most ${schema.maxLength} characters`;
  if (typeof schema.format === 'string') return `Send ${name} as a valid ${schema.format}`;
  return typeof schema.type === 'string' ? `Send ${name} as a valid ${schema.type}` : `Correct ${name}, then retry`;
}

/** ax-recoverable-suggestion: every 4xx error body tells the caller how to fix the request (R2). */
export default ruleFunction<Options>('recoverableSuggestion', nameOptionsSchema('recoveryHint', 'errorList'), ({ doc, options, operations }) => {
  const names = namesFor(options, 'recoveryHint');
  const exampleFor = (operation: Operation, status: string) => {
    const input = STATUS_HINTS[status] === undefined ? firstInput(doc, operation) : undefined;
    return STATUS_HINTS[status] ?? (input === undefined ? 'Check the request against this operation\'s parameters, then retry' : inputHint(doc, input));
  };
  return errorSchemas(doc, operations, isClientErrorStatus)
    .filter(target => responseExtension(target.response, 'x-ax-error-suggestion') === undefined)
    .flatMap(target =>
      describeViews(target, view => {
        if (schemaAnswer(doc, view, 'hint', options) !== undefined) return undefined;
        const home = homeCarrier(doc, view, options);
        const hint = inStyleOf(memberNames(home), names);
        return { what: 'has no recovery hint', fix: `Add \`${hint}\` (string, how to fix the request)${placeOf(home)}, e.g. "${exampleFor(target.operation, target.response.status)}".` };
      }),
    );
});
