/**
 * The probe's requests: the valid request an agent would build from the description for one operation,
 * and the faults, each breaking exactly one input of it (left out, of the wrong type, outside its
 * constraints, an id that does not exist). Only JSON bodies are built; anything else is a reason.
 */
import { isJsonMediaType, isObject, type Located, type OpenApiDocument, type Operation } from '../../lib/document/document';
import { inputsOf, type Parameter, type Where } from '../../lib/document/inputs';
import { viewsOf } from '../../lib/document/schema';
import { constraintsOfView, violation } from '../../lib/document/constraints';
import type { Given } from './given';
import { badValues, built, validValue, type Built, type FaultKind } from './values';

/** A request, as sent: values by place; `body` undefined when none is sent. */
export interface ProbeRequest {
  method: string;
  operation: Operation;
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body: unknown;
}

/** One input of a request: a parameter by place and name, or a top-level member of the JSON body. */
export interface Field {
  where: Where;
  name: string;
}

export interface Fault {
  kind: FaultKind;
  field: Field;
  /** What the fault does, for the report: "left out", "set to 12345 (is an integer, not string)". */
  what: string;
  request: ProbeRequest;
}

/** The places a request carries a parameter; cookies and form fields are not built. */
const PLACES = { path: 'path', query: 'query', header: 'headers' } as const;
type Place = keyof typeof PLACES;
const isPlace = (where: Where): where is Place => where in PLACES;

/** Faults per operation at most: the required inputs first, so that a long body does not take the whole budget. */
export const MAX_FAULTS = 8;

/** A parameter's own example (3.x `example`, the first of `examples`; 2.0 `x-example`), else a value built from its schema. */
function parameterValue(doc: OpenApiDocument, operation: Operation, parameter: Parameter): Built {
  const raw = doc.parameters(operation).find(({ value }) => value.name === parameter.name && value.in === parameter.in)?.value;
  if (raw?.example !== undefined) return { value: raw.example };
  if (raw?.['x-example'] !== undefined) return { value: raw['x-example'] };
  const first = isObject(raw?.examples)
    ? Object.values(raw.examples)
        .map(entry => doc.resolve(entry, undefined)?.value)
        .find(isObject)
    : undefined;
  if (first?.value !== undefined) return { value: first.value };
  return validValue(doc, parameter.schema);
}

/** The JSON request body an operation takes (its first JSON media type), or why none can be built. */
function bodyOf(doc: OpenApiDocument, operation: Operation): Built | undefined {
  const { bodies, required } = doc.requestBodies(operation);
  if (bodies.length === 0) return undefined;
  const json = bodies.find(body => isJsonMediaType(body.mediaType));
  if (json === undefined) return required ? { why: `it takes ${bodies[0].mediaType} bodies; the probe sends JSON only` } : undefined;
  if (json.examples.length > 0) return { value: json.examples[0].value };
  if (json.schema === undefined) return required ? { why: 'its JSON body declares no schema to build from' } : undefined;
  return validValue(doc, json.schema);
}

const NOTHING_GIVEN: Given = { path: {}, query: {}, headers: {} };

/**
 * The request an agent would send on its first try: every path parameter, the required others, the body;
 * what is `given` (the user's values, the ids the API returned) is taken as it is, the rest built.
 */
export function validRequest(doc: OpenApiDocument, operation: Operation, given: Given = NOTHING_GIVEN): { request: ProbeRequest } | { why: string } {
  const request: ProbeRequest = { method: operation.method.toUpperCase(), operation, path: {}, query: {}, headers: {}, body: undefined };
  for (const parameter of inputsOf(doc, operation).parameters) {
    if (parameter.implicit === true) continue;
    const own = isPlace(parameter.in) ? given[PLACES[parameter.in]][parameter.name] : undefined;
    if (own !== undefined) request[PLACES[parameter.in as Place]][parameter.name] = own;
    if (own !== undefined || !parameter.required) continue;
    if (!isPlace(parameter.in)) return { why: `its required ${parameter.in} parameter \`${parameter.name}\` is not something the probe sends` };
    const value = parameterValue(doc, operation, parameter);
    if (!built(value)) return { why: `its ${parameter.in} parameter \`${parameter.name}\`: ${value.why}` };
    request[PLACES[parameter.in]][parameter.name] = value.value;
  }
  const body = Object.hasOwn(given, 'body') ? { value: given.body } : bodyOf(doc, operation);
  if (body !== undefined && !built(body)) return { why: `its request body: ${body.why}` };
  request.body = body?.value;
  return { request };
}

/** The request with one input set to `value`, or left out when `value` is undefined. */
export function withField(request: ProbeRequest, field: Field, value: unknown): ProbeRequest {
  const copy = {
    ...request,
    path: { ...request.path },
    query: { ...request.query },
    headers: { ...request.headers },
    body: isObject(request.body) ? { ...request.body } : request.body,
  };
  const holder = field.where === 'body' ? (copy.body as Record<string, unknown>) : isPlace(field.where) ? copy[PLACES[field.where]] : undefined;
  if (holder === undefined) return copy;
  if (value === undefined) delete holder[field.name];
  else holder[field.name] = value;
  return copy;
}

/** The value an input has in a request. */
export function fieldValue(request: ProbeRequest, field: Field): unknown {
  if (field.where === 'body') return isObject(request.body) ? request.body[field.name] : undefined;
  return isPlace(field.where) ? request[PLACES[field.where]][field.name] : undefined;
}

interface Input {
  field: Field;
  schema: Located;
  required: boolean;
}

/** The top-level members of an operation's JSON body a client may send (not `readOnly`), with their schemas and whether each is required. */
export function bodyMembers(doc: OpenApiDocument, operation: Operation): [string, Located, boolean][] {
  const schema = doc.requestBodies(operation).bodies.find(body => isJsonMediaType(body.mediaType))?.schema;
  const view = schema === undefined ? undefined : viewsOf(doc, schema.value, schema.location)?.[0];
  return [...(view?.properties ?? [])].flatMap(([name, property]): [string, Located, boolean][] => {
    const readOnly = viewsOf(doc, property.schema, property.location)?.[0]?.parts.some(part => part.value.readOnly === true);
    return readOnly === true ? [] : [[name, { value: property.schema, location: property.location }, view!.required.has(name)]];
  });
}

/** The inputs a fault may break: the query and header parameters, and the top-level members of an object body. */
function inputsToBreak(doc: OpenApiDocument, operation: Operation, request: ProbeRequest): Input[] {
  const parameters = inputsOf(doc, operation).parameters.filter(p => p.implicit !== true && (p.in === 'query' || p.in === 'header'));
  const found: Input[] = parameters.map(p => ({ field: { where: p.in, name: p.name }, schema: p.schema, required: p.required }));
  if (!isObject(request.body)) return found;
  return [...found, ...bodyMembers(doc, operation).map(([name, schema, required]) => ({ field: { where: 'body' as const, name }, schema, required }))];
}

/**
 * An id no record has, of the type the path parameter takes and within its constraints (else the fault
 * would be a value out of range, not an unknown id); undefined for an enumerated segment or when none fits.
 */
function unknownId(doc: OpenApiDocument, parameter: Parameter): unknown {
  const view = viewsOf(doc, parameter.schema.value, parameter.schema.location)?.[0];
  if (view === undefined || view.parts.some(part => Array.isArray(part.value.enum))) return undefined;
  const numeric = view.types?.includes('integer') || view.types?.includes('number');
  const id = numeric ? 987654321 : view.parts.some(part => part.value.format === 'uuid') ? 'ffffffff-ffff-4fff-bfff-ffffffffffff' : 'probe-unknown-id';
  return violation(id, constraintsOfView(view), true) === undefined ? id : undefined;
}

const shownValue = (value: unknown) => JSON.stringify(value)?.slice(0, 40);

/**
 * The faults of one operation, in a fixed order and at most MAX_FAULTS: required inputs left out, an
 * unknown id in the path, then values outside their constraints, then values of the wrong type.
 */
export function faultsOf(doc: OpenApiDocument, request: ProbeRequest): Fault[] {
  const { operation } = request;
  const inputs = inputsToBreak(doc, operation, request);
  const fault = (kind: FaultKind, field: Field, what: string, value: unknown): Fault => ({ kind, field, what, request: withField(request, field, value) });
  const missing = inputs.filter(input => input.required).map(input => fault('missing', input.field, 'left out', undefined));
  const bad = inputs.flatMap(input =>
    badValues(doc, input.schema, input.field.where !== 'body').map(value =>
      fault(value.kind, input.field, `set to ${shownValue(value.value)} (${value.breaks})`, value.value),
    ),
  );
  const pathParameter = inputsOf(doc, operation)
    .parameters.filter(p => p.in === 'path')
    .at(-1);
  const id = pathParameter === undefined ? undefined : unknownId(doc, pathParameter);
  const unknown =
    id === undefined ? [] : [fault('unknown-id', { where: 'path', name: pathParameter!.name }, `set to ${shownValue(id)} (an id that does not exist)`, id)];
  const order: FaultKind[] = ['out-of-range', 'wrong-type'];
  return [...missing, ...unknown, ...order.flatMap(kind => bad.filter(candidate => candidate.kind === kind))].slice(0, MAX_FAULTS);
}

/** The request's path, its template filled in and its query string: as it goes on the wire and into the report. */
export function requestPath(request: ProbeRequest): string {
  const path = request.operation.path.replace(/\{([^}]+)\}/g, (whole, name: string) =>
    name in request.path ? encodeURIComponent(String(request.path[name])) : whole,
  );
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query)) {
    for (const item of Array.isArray(value) ? value : [value]) query.append(name, typeof item === 'string' ? item : JSON.stringify(item));
  }
  const text = query.toString();
  return text === '' ? path : `${path}?${text}`;
}
