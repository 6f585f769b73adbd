/**
 * What an operation accepts now: its parameters (operation and path item, every `in`) and the
 * properties of its request body (OpenAPI 3 `requestBody`, Swagger 2.0 `in: body`), looked up by path
 * through the object views of schema.ts. The cross-reference rules ask this one model whether a name
 * that an example hands the agent is something the agent can send; where the request cannot be read
 * (a dangling `$ref`, an open map) the answer is "unknown", and the rules stay silent.
 */
import { child, isObject, startsWith, toPointer, type JsonObject, type JsonPath, type Located, type OpenApiDocument, type Operation } from './document';
import { nearest } from './nearest';
import { viewsOf, type ObjectView } from './schema';

/** A step of a path into the request: a property name, an array index, or `''` for "any item". */
export type Segment = string | number;
export type Where = 'path' | 'query' | 'header' | 'cookie' | 'formData' | 'body';
export const PARAMETER_PLACES: readonly Where[] = ['path', 'query', 'header', 'cookie', 'formData'];

export interface Parameter {
  name: string;
  in: Where;
  required: boolean;
  /** The schema of its value: OpenAPI 3 `schema`; in Swagger 2.0 the parameter object itself, which carries `type`, `enum`, bounds. */
  schema: Located;
  /** Taken without being declared (`Authorization`, an API-key scheme's name): accepted, but not the operation's own field. */
  implicit?: true;
}

export type Lookup =
  /** `schemas`: what describes the input's value, one per alternative shape (empty when the input is a whole parameter without schema). */
  | { kind: 'found'; schemas: Located[]; where: Where }
  /** Not an input, and the request is readable enough to be sure. `at`: the index of the first segment that misses. */
  | { kind: 'missing'; at: number; nearest: string | undefined; within: string }
  /** The request cannot be read there: stay silent. */
  | { kind: 'unknown' };

/** A longer schema pointer is shown as its component, so that a message stays within 240 characters. */
const MAX_POINTER = 48;
/** More than this many schema nodes when listing every body name: machine-made, and not worth the time. */
const MAX_NAMED_SCHEMAS = 2000;

const isIndex = (segment: Segment): boolean => typeof segment === 'number' || segment === '' || segment === '-' || segment === '*';

/** `#/components/schemas/Payment`, for messages that say where the truth lives. */
export function pointerOf(location: JsonPath | undefined): string | undefined {
  return location === undefined ? undefined : toPointer(location);
}

/** True when a view admits names it does not declare: `additionalProperties` true or a schema, `patternProperties`, or no properties at all. */
function isOpen(view: ObjectView): boolean {
  if (view.properties.size === 0) return true;
  return view.parts.some(({ value }) => value.additionalProperties === true || isObject(value.additionalProperties) || isObject(value.patternProperties));
}

/** The item schemas of the array views among `views`. */
function itemsOf(views: readonly ObjectView[]): Located[] {
  return views
    .flatMap(view => view.parts)
    .filter(part => part.value.items !== undefined)
    .map(part => ({ value: part.value.items, location: child(part.location, 'items') }));
}

export class RequestInputs {
  readonly parameters: Parameter[] = [];
  /** The request body schemas, one per distinct schema across media types. */
  readonly bodies: Located[] = [];
  readonly bodyRequired: boolean = false;
  /** True when the operation declares a body, even one whose schema cannot be read (then nothing is said about it). */
  private hasBody = false;

  constructor(
    private readonly doc: OpenApiDocument,
    readonly operation: Operation,
  ) {
    const seen = new Set<string>();
    // The operation's parameters come first and override the path item's of the same name and place.
    for (const { value, location } of doc.parameters(operation)) {
      if (typeof value.name !== 'string' || typeof value.in !== 'string') continue;
      const key = `${value.in}\u0000${value.in === 'header' ? value.name.toLowerCase() : value.name}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (value.in === 'body') {
        this.hasBody = true;
        if (value.schema !== undefined) this.bodies.push({ value: value.schema, location: child(location, 'schema') });
        this.bodyRequired = value.required === true;
        continue;
      }
      this.parameters.push({
        name: value.name,
        in: value.in as Where,
        required: value.in === 'path' || value.required === true,
        schema: parameterSchema(value, location),
      });
    }
    if (!doc.isSwagger2) this.bodyRequired = this.readRequestBody();
    for (const implicit of implicitParameters(doc)) if (this.parametersNamed(implicit.name, implicit.in).length === 0) this.parameters.push(implicit);
  }

  /** OpenAPI 3 `requestBody`: every media type's schema, each distinct one once; returns its `required`. */
  private readRequestBody(): boolean {
    if (this.operation.node.requestBody === undefined) return false;
    this.hasBody = true;
    const requestBody = this.doc.resolve(this.operation.node.requestBody, [...this.operation.location, 'requestBody']);
    if (requestBody === undefined || !isObject(requestBody.value) || !isObject(requestBody.value.content)) return false;
    const seen = new Set<unknown>();
    for (const [mediaType, media] of Object.entries(requestBody.value.content)) {
      if (!isObject(media) || media.schema === undefined) continue;
      const schema = { value: media.schema, location: child(child(child(requestBody.location, 'content'), mediaType), 'schema') };
      const key = this.doc.resolve(schema.value, schema.location)?.value ?? schema.value;
      if (!seen.has(key)) this.bodies.push(schema);
      seen.add(key);
    }
    return requestBody.value.required === true;
  }

  /** The parameters in one place (any place when `where` is undefined) named `name`; header names compare without case. */
  parametersNamed(name: string, where?: Where): Parameter[] {
    const lower = name.toLowerCase();
    return this.parameters.filter(p => (where === undefined || p.in === where) && (p.in === 'header' ? p.name.toLowerCase() === lower : p.name === name));
  }

  /**
   * Where `segments` lead: to a parameter (and into its schema, for a deep object), or into the request
   * body. With `where` undefined a first segment naming a parameter wins over a body property.
   */
  lookup(segments: readonly Segment[], where?: Where): Lookup {
    if (segments.length === 0) return { kind: 'unknown' };
    const [first, ...rest] = segments;
    if (where !== 'body' && typeof first === 'string') {
      const parameters = this.parametersNamed(first, where);
      if (parameters.length > 0)
        return rest.length === 0
          ? { kind: 'found', schemas: parameters.map(p => p.schema), where: parameters[0].in }
          : this.walk(
              parameters.map(p => p.schema),
              rest,
              1,
              parameters[0].in,
            );
      if (where !== undefined) {
        const names = this.parameters.filter(p => p.in === where).map(p => p.name);
        return { kind: 'missing', at: 0, nearest: nearest(first, names), within: `the ${where} parameters` };
      }
    }
    if (this.bodies.length === 0) {
      // Without a body the name must be a parameter, and the parameters are all known; a body without a readable schema could hold anything.
      return where === 'body' || this.hasBody
        ? { kind: 'unknown' }
        : {
            kind: 'missing',
            at: 0,
            nearest: nearest(
              String(first),
              this.parameters.map(p => p.name),
            ),
            within: 'the parameters; it takes no body',
          };
    }
    const found = this.walk(this.bodies, segments, 0, 'body');
    // A missing top-level name may be a misspelt parameter as well as a body property.
    if (found.kind === 'missing' && found.at === 0 && where === undefined && found.nearest === undefined) {
      return {
        ...found,
        nearest: nearest(
          String(first),
          this.parameters.map(p => p.name),
        ),
      };
    }
    return found;
  }

  /** Follows `segments` from `start` through properties and array items; `offset` counts the segments already consumed. */
  private walk(start: Located[], segments: readonly Segment[], offset: number, where: Where): Lookup {
    let current = start;
    for (let i = 0; i < segments.length; i++) {
      const views = this.viewsOfAll(current);
      if (views === undefined) return { kind: 'unknown' };
      const segment = segments[i];
      if (isIndex(segment)) {
        current = itemsOf(views);
        if (current.length === 0) return { kind: 'unknown' };
        continue;
      }
      const properties = views.flatMap(view => view.properties.get(String(segment)) ?? []);
      if (properties.length > 0) {
        current = properties.map(property => ({ value: property.schema, location: property.location }));
        continue;
      }
      // A dotted path may leave out the index of a list (`items.sku`): step into the items and read the name there.
      const items = views.every(view => view.properties.size === 0) ? itemsOf(views) : [];
      if (items.length > 0) {
        current = items;
        i--;
        continue;
      }
      if (views.some(isOpen)) return { kind: 'unknown' };
      const known = [...new Set(views.flatMap(view => [...view.properties.keys()]))];
      return { kind: 'missing', at: offset + i, nearest: nearest(String(segment), known), within: this.describe(start[0], where) };
    }
    return { kind: 'found', schemas: current, where };
  }

  /**
   * Where a schema of this request lives, for messages: a pointer to a shared component, cut to the
   * component itself when long (the message's locator says the way in); undefined inside the operation
   * itself, which the message names already.
   */
  schemaName(location: JsonPath | undefined): string | undefined {
    const { operation } = this;
    if (location === undefined || startsWith(location, operation.location) || startsWith(location, operation.pathItemLocation)) return undefined;
    const pointer = pointerOf(location)!;
    return pointer.length <= MAX_POINTER ? pointer : pointerOf(location.slice(0, location[0] === 'components' ? 3 : 2));
  }

  /** "the request body (#/components/schemas/Payment)", "the query parameters": where a path started, for messages. */
  private describe(start: Located, where: Where): string {
    if (where !== 'body') return `the ${where} parameters`;
    const name = this.schemaName(this.doc.resolve(start.value, start.location)?.location);
    return name === undefined ? 'the request body' : `the request body (${name})`;
  }

  /** The views of every schema in `schemas`; undefined when one cannot be read. */
  private viewsOfAll(schemas: readonly Located[]): ObjectView[] | undefined {
    const views: ObjectView[] = [];
    for (const schema of schemas) {
      const found = viewsOf(this.doc, schema.value, schema.location);
      if (found === undefined) return undefined;
      views.push(...found);
    }
    return views;
  }

  /** The top-level body properties required in every shape the body can take; undefined when the body cannot be read. */
  requiredBodyProperties(): string[] | undefined {
    if (this.bodies.length === 0) return [];
    const views = this.viewsOfAll(this.bodies);
    if (views === undefined || views.length === 0) return undefined;
    return [...views[0].required].filter(name => views.every(view => view.required.has(name) && view.properties.has(name)));
  }

  /** The body's top-level property names; undefined when unreadable or open. */
  topLevelBodyNames(): string[] | undefined {
    const views = this.viewsOfAll(this.bodies);
    if (views === undefined || views.some(isOpen)) return undefined;
    return [...new Set(views.flatMap(view => [...view.properties.keys()]))];
  }

  /**
   * Every name the request accepts: parameter names and body property names at any depth (list items
   * included); undefined when the body's top level cannot be read or is an open map. Open maps below
   * the top level (a `metadata` object) are ignored: a hint that names their keys is not about the shape.
   */
  allNames(): Set<string> | undefined {
    if (this.names === undefined) {
      const bodyNames = this.bodies.length > 0 && this.topLevelBodyNames() === undefined ? undefined : propertyNamesIn(this.doc, this.bodies);
      if (bodyNames === undefined) this.names = null;
      else {
        const names = new Set(this.parameters.map(p => p.name));
        for (const name of bodyNames) names.add(name);
        this.names = names;
      }
    }
    return this.names ?? undefined;
  }

  private names: Set<string> | null | undefined;
}

/** Every property name declared in the schemas or anywhere below them (list items included); undefined when one of the schemas themselves cannot be read. */
export function propertyNamesIn(doc: OpenApiDocument, schemas: readonly Located[]): Set<string> | undefined {
  const names = new Set<string>();
  const seen = new Set<unknown>();
  const queue = [...schemas];
  for (let next = 0; next < queue.length && seen.size < MAX_NAMED_SCHEMAS; next++) {
    const views = viewsOf(doc, queue[next].value, queue[next].location);
    if (views === undefined) {
      if (next < schemas.length) return undefined;
      continue;
    }
    const below = [
      ...views.flatMap(view => [...view.properties.values()].map(property => ({ value: property.schema, location: property.location }))),
      ...itemsOf(views),
    ];
    for (const view of views) for (const name of view.properties.keys()) names.add(name);
    for (const schema of below) {
      if (!seen.has(schema.value)) queue.push(schema);
      seen.add(schema.value);
    }
  }
  return names;
}

function parameterSchema(parameter: JsonObject, location: JsonPath | undefined): Located {
  if (parameter.schema !== undefined) return { value: parameter.schema, location: child(location, 'schema') };
  const media = isObject(parameter.content) ? Object.entries(parameter.content).find(([, value]) => isObject(value) && value.schema !== undefined) : undefined;
  if (media !== undefined) return { value: (media[1] as JsonObject).schema, location: child(child(child(location, 'content'), media[0]), 'schema') };
  return { value: parameter, location };
}

// OpenAPI ignores header parameters with these names: every request may carry them without declaring them.
const HTTP_HEADERS = ['Accept', 'Content-Type', 'Authorization'];

/** Inputs every operation takes without declaring them: those headers, and the names of the document's API-key security schemes; listed once per document. */
function implicitParameters(doc: OpenApiDocument): readonly Parameter[] {
  return doc.memo('inputs:implicit', () => listImplicitParameters(doc));
}

function listImplicitParameters(doc: OpenApiDocument): Parameter[] {
  const implicit: Parameter[] = HTTP_HEADERS.map(name => ({ name, in: 'header', required: false, schema: { value: {}, location: undefined }, implicit: true }));
  for (const scheme of doc.securitySchemes().values()) {
    if (scheme.type === 'apiKey' && typeof scheme.name === 'string' && typeof scheme.in === 'string') {
      implicit.push({ name: scheme.name, in: scheme.in as Where, required: false, schema: { value: {}, location: undefined }, implicit: true });
    }
  }
  return implicit;
}

/** The inputs of an operation, built on first use. */
export function inputsOf(doc: OpenApiDocument, operation: Operation): RequestInputs {
  return doc.memoFor('inputs:models', operation, () => new RequestInputs(doc, operation));
}

/** Every name some operation of the document accepts (its parameters, its body's members at any depth): what clients give the API. */
export function namesClientsSend(doc: OpenApiDocument): ReadonlySet<string> {
  return doc.memo('inputs:clientNames', () => {
    const names = new Set<string>();
    for (const operation of doc.operations()) for (const name of inputsOf(doc, operation).allNames() ?? []) names.add(name);
    return names;
  });
}

/** Every operation of the document by its `operationId` (exempted ones too: they are still callable). */
export function operationsById(doc: OpenApiDocument): Map<string, Operation> {
  return doc.memo('inputs:byId', () => {
    const map = new Map<string, Operation>();
    for (const operation of doc.operations()) {
      const id = operation.node.operationId;
      if (typeof id === 'string' && !map.has(id)) map.set(id, operation);
    }
    return map;
  });
}
