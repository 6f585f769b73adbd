/**
 * A finding's fix as data: which object of the user's file changes, and what is merged into it. `fix`
 * writes edits as an OpenAPI Overlay or applies them; the tests prove each rule's fix by applying it
 * and linting again. An edit adds structure (a declared member, a required entry, an extension, a
 * header), never prose or values the server has not promised.
 */
import {
  escapeSegment,
  isErrorResponse,
  isObject,
  pointerToPath,
  startsWith,
  toPointer,
  valueAt,
  type Body,
  type JsonObject,
  type JsonPath,
  type Located,
  type OpenApiDocument,
  type Operation,
  type Response,
} from '../document/document';
import { census } from '../document/census';
import { walk } from '../document/values';
import { isClosed, viewsOf, type ObjectView, type Property } from '../document/schema';
import { describesRequest } from '../document/uses';

export interface Edit {
  /** The object to change, in the user's own file (JSON Pointer segments). */
  target: JsonPath;
  /** Merged into the target as an Overlay `update`: missing members added, objects merged, arrays extended. */
  update: JsonObject;
}

type MergeArrays = (key: string, current: unknown[], value: unknown[]) => void;

/** An Overlay's merge of two arrays: the items `value` has that `current` lacks, appended. */
const appendMissing: MergeArrays = (_key, current, value) =>
  current.push(...value.filter(item => !current.some(existing => JSON.stringify(existing) === JSON.stringify(item))));

/** Merges `update` into `target` in place, as an Overlay update does: objects recursively, arrays extended with the items they lack, other values replaced. */
export function mergeInto(target: JsonObject, update: JsonObject, mergeArrays: MergeArrays = appendMissing): void {
  for (const [key, value] of Object.entries(update)) {
    const current = target[key];
    if (isObject(current) && isObject(value)) mergeInto(current, value, mergeArrays);
    else if (Array.isArray(current) && Array.isArray(value)) mergeArrays(key, current, value);
    else target[key] = value;
  }
}

/** The own part of an `allOf` that `envelopeEdits` declares, `[{ $ref }, part]`, or undefined. */
function envelopePart(key: string, list: readonly unknown[]): { ref: unknown; part: JsonObject } | undefined {
  const [base, part] = list;
  return key === 'allOf' && list.length === 2 && isObject(base) && Object.keys(base).length === 1 && typeof base.$ref === 'string' && isObject(part)
    ? { ref: base.$ref, part }
    : undefined;
}

/**
 * Two declarations of one envelope make one own part (a 422's `ProblemWithState`: the state from ax-envelope-state,
 * the refresh url from ax-envelope-refresh-url), where an Overlay's merge would append the second part as a third.
 */
const mergeEnvelopes: MergeArrays = (key, current, value) => {
  const [declared, more] = [envelopePart(key, current), envelopePart(key, value)];
  if (declared !== undefined && more !== undefined && declared.ref === more.ref) mergeInto(declared.part, more.part);
  else appendMissing(key, current, value);
};

/** The edits merged per target, in the order first seen: one action per object changed. */
export function combine(edits: readonly Edit[]): Edit[] {
  const byTarget = new Map<string, Edit>();
  for (const edit of edits) {
    const key = JSON.stringify(edit.target);
    const known = byTarget.get(key);
    if (known === undefined) byTarget.set(key, { target: edit.target, update: structuredClone(edit.update) });
    else mergeInto(known.update, structuredClone(edit.update), mergeEnvelopes);
  }
  return [...byTarget.values()];
}

/** An extension (or any member) on the operation itself. */
export const operationEdit = (operation: Operation, update: JsonObject): Edit => ({ target: operation.location, update });

/**
 * `value` at `path` of the user's document, as an edit on the deepest object that exists on the way
 * (an Overlay target must match a node): `components.schemas.NextStep` in a document without `components`
 * is an edit of the root. Undefined when something on the way is not an object.
 */
export function ensureEdit(doc: OpenApiDocument, path: JsonPath, value: unknown): Edit | undefined {
  let node: unknown = doc.root;
  let depth = 0;
  while (depth < path.length && isObject(node) && isObject(node[path[depth]])) node = node[path[depth++]];
  if (!isObject(node) || (depth < path.length && node[path[depth]] !== undefined)) return undefined;
  let update: unknown = value;
  for (let i = path.length - 1; i >= depth; i--) update = { [path[i]]: update };
  return depth === path.length
    ? isObject(value)
      ? { target: path, update: value }
      : undefined
    : { target: path.slice(0, depth), update: update as JsonObject };
}

/** The schema object a new member of the view goes into (partFor over its own members): fixes name the member in its style. */
export const editedPart = (view: ObjectView): JsonPath | undefined => partFor(view, [...view.properties.keys()]);

/**
 * The schema object of a view that a new member goes into: the part (of an `allOf`) that already declares
 * one of `near`, else one with `properties`, else the first; only a part written in the user's file, and
 * only one `accept`s.
 */
function partFor(view: ObjectView, near: readonly string[], accept: (part: Located<JsonObject>) => boolean = () => true): JsonPath | undefined {
  const located = view.parts.filter(part => part.location !== undefined && accept(part));
  const declares = (names: readonly string[]) =>
    located.find(part => isObject(part.value.properties) && names.some(name => name in (part.value.properties as JsonObject)));
  return (declares(near) ?? located.find(part => isObject(part.value.properties)) ?? located[0])?.location;
}

/**
 * The responses a finding speaks for. A member added for them must not reach any other response, request
 * body or schema: when the schema they share is used elsewhere too (`Order`, also the body of
 * `GET /orders/{id}` and the items of `GET /orders`), the member goes into an envelope for them alone.
 */
export interface Audience {
  /** The body the finding is about, its schema as written in the response, and the operation's own entry of that response (`Response.at`): without them, no envelope. */
  body?: Body;
  at?: JsonPath;
  /** The `Response.at` of every response that may carry the member: this finding's and its siblings'. */
  regions: readonly JsonPath[];
  /** True when a response that reaches a schema through a `oneOf`/`anyOf` branch is outside the audience of that schema (see inBranch). */
  exceptBranches?: boolean;
  /** What their own schema is named with, whichever member a rule adds (`error`: `StatusWithError`, one for every error rule). */
  label?: string;
  /** True when a response shared beyond the audience (`components/responses/Mailing`) may give way to one of their own (`MailingWithNextSteps`). */
  ownResponse?: boolean;
}

/**
 * The audience of a finding on an error body: every error response of the document, which its shared schema
 * may serve, except through a `oneOf`/`anyOf` branch; no success body. Given the error body a finding is about,
 * when a success answers its schema too (lib/errors/error-bodies.ts, `ErrorSchema.ownSchema`), with that body,
 * so that its members go into the errors' own schema (`StatusWithError`).
 */
export function errorAudience(
  doc: OpenApiDocument,
  target?: { operation: Operation; response: Response; mediaType: string; ownSchema?: { label: string } },
): Audience {
  const all = doc.memo('edits:error-audience', () => ({
    regions: doc.operations().flatMap(operation => doc.responses(operation).flatMap(response => (isErrorResponse(response) ? [response.at] : []))),
    exceptBranches: true,
  }));
  if (target?.ownSchema === undefined) return all;
  const body = doc.jsonBodies(target.operation, target.response).find(candidate => candidate.mediaType === target.mediaType);
  return body === undefined ? all : { ...all, body, at: target.response.at, label: target.ownSchema.label };
}

/** A response-specific schema: `OrderWithNextSteps`, `allOf` of the shared `Order` and the new member. */
export interface Envelope {
  /** `OrderWithNextSteps` */
  name: string;
  /** `Order` */
  shared: string;
  /** Where the envelope is declared, beside the shared schema. */
  path: JsonPath;
  /** The `$ref` to the shared schema, as the response wrote it, and where it is written. */
  ref: string;
  holder: JsonPath;
  /** For a shared response (`components/responses/Mailing`): the response of its own that holds the envelope's schema. */
  wrap?: (schema: JsonObject) => JsonObject;
}

/**
 * Adds a member `name` with `schema` to every view (a `oneOf` shape each), required if asked: undefined
 * when some view is not in the user's file (a schema in another file is edited there, by a person), or
 * when a required member would make an example of the document invalid (its value is for a person to write).
 * With an `audience`, a schema shared beyond it is left as it is and the member goes into the audience's envelope.
 */
export function propertyEdits(
  doc: OpenApiDocument,
  views: readonly ObjectView[],
  name: string,
  schema: JsonObject,
  required = false,
  audience?: Audience,
): Edit[] | undefined {
  return membersEdits(doc, views, { properties: { [name]: schema }, required: required ? [name] : [], audience, label: audience?.label ?? name });
}

/** Members a fix adds together, and for whom: `label` names their own schema (`state` gives `ProblemWithState`). */
export interface Members {
  properties: Record<string, JsonObject>;
  required: readonly string[];
  audience?: Audience;
  label: string;
}

/** propertyEdits for several members at once, which go into one schema object (and one envelope) together. */
export function membersEdits(doc: OpenApiDocument, views: readonly ObjectView[], members: Members): Edit[] | undefined {
  const { properties, required, audience } = members;
  if (audience !== undefined && !ownedBy(doc, views, audience)) return envelopeEdits(doc, views, audience, members);
  const edits: Edit[] = [];
  for (const view of views) {
    const target = audience === undefined ? editedPart(view) : ownedPart(doc, view, audience);
    // A request body sharing the schema would accept the member too: the narrower edit, per response, is a person's.
    if (target === undefined || describesRequest(doc, target) || required.some(name => examplesLack(doc, target, name))) return undefined;
    edits.push({ target, update: { properties, ...(required.length > 0 ? { required: [...required] } : {}) } });
  }
  return edits;
}

/**
 * The envelope a member for `audience` goes into, when the views' schema is shared beyond it and the body
 * is a named component (`$ref: '#/components/schemas/Order'`) referenced from the response itself.
 */
export function envelopeFor(doc: OpenApiDocument, views: readonly ObjectView[], audience: Audience, label: string): Envelope | undefined {
  // A closed schema admits no member beside its own, so an `allOf` around it could never carry `name`.
  if (ownedBy(doc, views, audience) || views.length !== 1 || isClosed(views[0])) return undefined;
  if (audience.body === undefined || audience.at === undefined) return undefined;
  const { schema } = audience.body;
  const ref = isObject(schema?.value) && typeof schema.value.$ref === 'string' ? schema.value.$ref : undefined;
  const home = ref === undefined ? undefined : pointerToPath(ref);
  const shared = home === undefined ? undefined : namedSchema(doc, home);
  if (schema?.location === undefined) return undefined;
  const inResponse = startsWith(schema.location, audience.at);
  if (!inResponse && audience.ownResponse !== true) return undefined;
  // A `$ref` written in a shared response that only the audience answers (Figma's `PostCommentResponse`) is theirs to point elsewhere.
  if (shared === undefined || !owned(doc, schema.location, audience)) return inResponse ? undefined : responseEnvelope(doc, audience, label, shared);
  const envelope = envelopeName(shared, label);
  return { name: envelope, shared, path: [...home!.slice(0, -1), envelope], ref: ref!, holder: schema.location };
}

/** A named response: `components/responses/Mailing` (Swagger 2.0's `responses/Mailing`). */
function namedResponse(doc: OpenApiDocument, site: JsonPath): string | undefined {
  const named = doc.isSwagger2 ? site.length === 2 && site[0] === 'responses' : site.length === 3 && site[0] === 'components' && site[1] === 'responses';
  return named ? String(site[site.length - 1]) : undefined;
}

/**
 * The envelope when the operation's response is itself a `$ref` to a shared response (Gérer Mes Affaires' POST
 * `…/mailing` and GET `…/mailingprice` both answer `components/responses/Mailing`): a response of its own,
 * `MailingWithNextSteps`, the shared one with its body an `allOf` of the shared schema (the schema it names, if any) and
 * the new members, which the operation's entry then references. Only when every body of the shared response has the same schema, which one
 * `allOf` then replaces.
 */
function responseEnvelope(doc: OpenApiDocument, audience: Audience, label: string, schemaName: string | undefined): Envelope | undefined {
  const entry = valueAt(doc.root, audience.at!);
  const { schema } = audience.body!;
  if (!isObject(entry) || Object.keys(entry).length !== 1 || typeof entry.$ref !== 'string' || schema?.location === undefined) return undefined;
  const home = pointerToPath(entry.$ref);
  const shared = home === undefined ? undefined : namedResponse(doc, home);
  const response = home === undefined ? undefined : valueAt(doc.root, home);
  if (shared === undefined || !isObject(response) || !startsWith(schema.location, home!) || !owned(doc, audience.at!, audience)) return undefined;
  const same = JSON.stringify(schema.value);
  const content = isObject(response.content) ? Object.values(response.content) : [response];
  if (!content.every(media => isObject(media) && JSON.stringify(media.schema) === same)) return undefined;
  const name = envelopeName(shared, label);
  const ref = isObject(schema.value) && typeof schema.value.$ref === 'string' ? schema.value.$ref : toPointer(schema.location);
  const wrap = (declared: JsonObject): JsonObject => {
    const own = JSON.parse(JSON.stringify(response)) as JsonObject;
    for (const media of isObject(own.content) ? Object.values(own.content) : [own]) (media as JsonObject).schema = declared;
    return own;
  };
  return { name, shared: schemaName ?? shared, path: [...home!.slice(0, -1), name], ref, holder: audience.at!, wrap };
}

/** `OrderWithNextSteps`, `ProblemWithState`: a response-specific schema, named after the shared one and what it adds. */
export const envelopeName = (shared: string, label: string): string => `${shared}With${label[0].toUpperCase()}${label.slice(1)}`;

/** The place of the envelope `label` names beside the named schema at `site`: `components/schemas/ProblemWithState` beside `Problem`. */
export const envelopeSite = (site: JsonPath, label: string): JsonPath => [...site.slice(0, -1), envelopeName(String(site[site.length - 1]), label)];

/** A named schema's home and name: `components/schemas/Problem` (Swagger 2.0's `definitions/Problem`). */
export function namedSchema(doc: OpenApiDocument, site: JsonPath): string | undefined {
  const named = doc.isSwagger2 ? site.length === 2 && site[0] === 'definitions' : site.length === 3 && site[0] === 'components' && site[1] === 'schemas';
  return named ? String(site[site.length - 1]) : undefined;
}

// An extension of an extension of … is machine-made past a few levels: followed no further.
const MAX_EXTENSIONS = 8;

/**
 * The named schema `site` extends, followed to the end: for `ProblemWithState`, an `allOf` of `Problem` and the
 * state (the envelope this file declares, or a schema of that shape the API wrote), `Problem`'s place; `site`
 * itself when it extends none. Read so, a defect of `Problem` is `Problem`'s, whichever of them a response answers.
 */
export function extendedSchema(doc: OpenApiDocument, site: JsonPath): JsonPath {
  let current = site;
  for (let depth = 0; depth < MAX_EXTENSIONS; depth++) {
    const extended = extendedBy(doc, current);
    if (extended === undefined) return current;
    current = extended;
  }
  return current;
}

const COMPOSING = ['$ref', 'allOf', 'oneOf', 'anyOf'];

/**
 * For a named schema, the named schema of the one `$ref` in its `allOf` whose other branches only add members, with
 * no members or alternatives beside it. (A response's inline `allOf` stays its own: its fix may be its own.)
 */
function extendedBy(doc: OpenApiDocument, site: JsonPath): JsonPath | undefined {
  const node = namedSchema(doc, site) === undefined ? undefined : valueAt(doc.root, site);
  if (!isObject(node) || !Array.isArray(node.allOf) || ['properties', ...COMPOSING.slice(2)].some(keyword => keyword in node)) return undefined;
  const [ref, ...others] = node.allOf.filter(branch => isObject(branch) && typeof branch.$ref === 'string') as JsonObject[];
  const addsMembers = (branch: unknown) => isObject(branch) && (branch === ref || COMPOSING.every(keyword => !(keyword in branch)));
  if (ref === undefined || others.length > 0 || !node.allOf.every(addsMembers)) return undefined;
  const home = doc.resolve(ref, [...site, 'allOf', node.allOf.indexOf(ref)])?.location;
  return home !== undefined && namedSchema(doc, home) !== undefined ? home : undefined;
}

/** The envelope declared (or found already declared, the same) and the audience's body pointed at it. */
function envelopeEdits(doc: OpenApiDocument, into: readonly ObjectView[], audience: Audience, { properties, required, label }: Members): Edit[] | undefined {
  const views = viewsOf(doc, audience.body?.schema?.value, audience.body?.schema?.location) ?? [];
  // Members of a wrapper or of list items (Azure's `error` object) would need that object's own schema too: a person's.
  const place = (list: readonly ObjectView[]) => JSON.stringify(list.map(editedPart));
  if (place(into) !== place(views)) return undefined;
  const envelope = envelopeFor(doc, views, audience, label);
  // A required member its example lacks would make the example invalid.
  const lacks = (example: Located) => isObject(example.value) && required.some(name => !(name in (example.value as JsonObject)));
  if (envelope === undefined || audience.body!.examples.some(lacks)) return undefined;
  const schema = { allOf: [{ $ref: envelope.ref }, { type: 'object', properties, ...(required.length > 0 ? { required: [...required] } : {}) }] };
  const declaration = envelope.wrap?.(schema) ?? schema;
  const declared = ensureEdit(doc, envelope.path, declaration);
  if (declared === undefined && JSON.stringify(valueAt(doc.root, envelope.path)) !== JSON.stringify(declaration)) return undefined;
  return [...(declared === undefined ? [] : [declared]), { target: envelope.holder, update: { $ref: toPointer(envelope.path) } }];
}

/**
 * True when no response outside the audience's regions, no request body and no other schema reaches the
 * objects the views' members go into: each is written inside one of the regions or in a component, and
 * every `$ref` to it or to an object enclosing it (a response, a schema) is written in a place owned so in
 * turn (and, for `exceptBranches`, outside any `oneOf`/`anyOf` branch).
 */
function ownedBy(doc: OpenApiDocument, views: readonly ObjectView[], audience: Audience): boolean {
  return views.every(view => editedPart(view) === undefined || ownedPart(doc, view, audience) !== undefined);
}

/**
 * The part of a view a member for the audience goes into: the edited part when only the audience reaches it, else
 * a part of members only it reaches (in `ProblemWithState`, the state's part, not the `Problem` every error answers).
 */
function ownedPart(doc: OpenApiDocument, view: ObjectView, audience: Audience): JsonPath | undefined {
  const part = editedPart(view);
  if (part === undefined || owned(doc, part, audience)) return part;
  return partFor(view, [...view.properties.keys()], ({ value, location }) => isObject(value.properties) && owned(doc, location!, audience));
}

function owned(doc: OpenApiDocument, path: JsonPath, audience: Audience): boolean {
  const { inside, known } = ownership(doc, audience.regions);
  const holders = census(doc).refHolders;
  let pointer = '#';
  let inRegion = path[0] !== 'paths';
  for (const segment of path) {
    pointer += `/${escapeSegment(segment)}`;
    inRegion ||= inside.has(pointer);
    const answer = known.get(pointer);
    if (answer === false) return false;
    if (answer === undefined) {
      // Marked false while its holders are asked: a schema reached through itself (a cycle) is not proven owned.
      known.set(pointer, false);
      const ownedHolders = (holders.get(pointer) ?? []).every(holder => !(audience.exceptBranches && inBranch(holder)) && owned(doc, holder, audience));
      known.set(pointer, ownedHolders);
      if (!ownedHolders) return false;
    }
  }
  return inRegion;
}

/**
 * A `$ref` written in a `oneOf`/`anyOf` branch. The finding on an error body with several shapes is fixed
 * only when every shape can be, so a shape it shares with other responses could gain their members while
 * its own finding is left to a person (GitHub's `PUT /repos/{owner}/{repo}/contents/{path}` 409, `oneOf` of
 * two shared errors): an error schema reached so is left as it is, for a person.
 */
const inBranch = (holder: JsonPath): boolean => holder.some((segment, i) => (segment === 'oneOf' || segment === 'anyOf') && typeof holder[i + 1] === 'number');

/**
 * Per set of regions (each audience builds its own, so one `exceptBranches` goes with it), once per document:
 * their pointers, and for each object pointer whether every `$ref` to it is written in an owned place (asked
 * once, however many findings ask).
 */
function ownership(doc: OpenApiDocument, regions: readonly JsonPath[]): { inside: ReadonlySet<string>; known: Map<string, boolean> } {
  const byRegions = doc.memo('edits:ownership', () => new WeakMap<readonly JsonPath[], { inside: ReadonlySet<string>; known: Map<string, boolean> }>());
  let entry = byRegions.get(regions);
  if (entry === undefined) byRegions.set(regions, (entry = { inside: regionPointers(doc, regions), known: new Map() }));
  return entry;
}

/** The pointers of a set of regions (`responses.<status>` entries), once per set: each finding on a shared place asks. */
export const regionPointers = (doc: OpenApiDocument, regions: readonly JsonPath[]): ReadonlySet<string> =>
  doc.memoFor('edits:region-pointers', regions, () => new Set(regions.map(toPointer)));

/**
 * Lists `name` as required in every view that declares it; undefined when one cannot be edited (another
 * file, a dotted name), an example lacks it, or (with an `audience`) a response outside it reaches the view.
 */
export function requiredEdits(doc: OpenApiDocument, views: readonly ObjectView[], name: string, audience?: Audience): Edit[] | undefined {
  const edits = views.map(view => {
    const location = view.properties.get(name)?.location;
    if (location === undefined || location[location.length - 2] !== 'properties') return undefined;
    const target = location.slice(0, -2);
    if (audience !== undefined && !owned(doc, target, audience)) return undefined;
    return examplesLack(doc, target, name) || describesRequest(doc, target) ? undefined : { target, update: { required: [name] } };
  });
  return edits.every(edit => edit !== undefined) ? (edits as Edit[]) : undefined;
}

/**
 * Limits a declared property to `values` with an `enum` in its own schema object: undefined when that is
 * not written in the user's file as an object (a `$ref`, beside which 3.0 ignores `enum`), when the object
 * declaring it is a request body too, or when any response example holds a value of that name outside them.
 */
export function limitEdit(doc: OpenApiDocument, property: Property, values: readonly string[]): Edit | undefined {
  const { location, schema } = property;
  if (location === undefined || location[location.length - 2] !== 'properties' || !isObject(schema) || '$ref' in schema) return undefined;
  const outside = exampleMembersNamed(doc, property.name).some(value => !values.includes(value as string));
  return outside || describesRequest(doc, location.slice(0, -2)) ? undefined : { target: location, update: { enum: [...values] } };
}

/** True when some response example holds a list named `list` (at any depth) with an item that lacks `name`: requiring it there would make the example invalid. */
export function exampleItemsLack(doc: OpenApiDocument, list: string, name: string): boolean {
  return exampleMembersNamed(doc, list).some(
    value => Array.isArray(value) && value.some(item => isObject(item) && !Object.prototype.hasOwnProperty.call(item, name)),
  );
}

/**
 * The values of every member named `key`, at any depth, in the document's response examples. A nested
 * schema object is not matched to the part of an example it describes, so this is the careful answer.
 */
function exampleMembersNamed(doc: OpenApiDocument, key: string): unknown[] {
  return doc.memo(`edits:example-members:${key}`, () => {
    const found: unknown[] = [];
    for (const examples of examplesByPart(doc).values()) {
      for (const example of examples) {
        walk(example, (value, trail) => void (trail?.key === key && found.push(value)));
      }
    }
    return found;
  });
}

/** True when a response example written for a schema that includes the object at `target` lacks `name`: requiring it would make the example invalid. */
function examplesLack(doc: OpenApiDocument, target: JsonPath, name: string): boolean {
  return (examplesByPart(doc).get(JSON.stringify(target)) ?? []).some(example => isObject(example) && !Object.prototype.hasOwnProperty.call(example, name));
}

/** The response examples of the document by each schema object (a body's views' parts) they are written for. */
function examplesByPart(doc: OpenApiDocument): Map<string, unknown[]> {
  return doc.memo('edits:examples', () => collectExamples(doc));
}

function collectExamples(doc: OpenApiDocument): Map<string, unknown[]> {
  const byPart = new Map<string, unknown[]>();
  for (const operation of doc.operations()) {
    for (const response of doc.responses(operation)) {
      for (const body of doc.jsonBodies(operation, response)) {
        if (body.schema === undefined || body.examples.length === 0) continue;
        for (const part of (viewsOf(doc, body.schema.value, body.schema.location) ?? []).flatMap(view => view.parts)) {
          if (part.location === undefined) continue;
          const key = JSON.stringify(part.location);
          byPart.set(key, [...(byPart.get(key) ?? []), ...body.examples.map(example => example.value)]);
        }
      }
    }
  }
  return byPart;
}

/** `$.paths['/orders/{id}'].post`: an Overlay 1.0.0 target, bracket notation with single quotes for every name. */
export function jsonPathOf(path: JsonPath): string {
  return `$${path.map(segment => (typeof segment === 'number' ? `[${segment}]` : `['${String(segment).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}']`)).join('')}`;
}

/** A header declared on a response (OpenAPI 3 `schema`, Swagger 2.0 inline type), in the response object itself. */
export function headerEdit(doc: OpenApiDocument, response: Response, name: string, type: string, description: string): Edit | undefined {
  const header = doc.isSwagger2 ? { type, description } : { description, schema: { type } };
  return response.location === undefined ? undefined : { target: response.location, update: { headers: { [name]: header } } };
}

/**
 * The schemas that compose the object at `target` with `allOf` (by `$ref`), so that a member added to it
 * also meets theirs: `{ allOf: [{ $ref: Payment }, { properties: { nextSteps: … } }] }` would then hold two
 * declarations of `nextSteps`. Built once per document.
 */
export function composedWith(doc: OpenApiDocument, target: JsonPath): JsonObject[] {
  return census(doc).compositions.get(toPointer(target)) ?? [];
}
