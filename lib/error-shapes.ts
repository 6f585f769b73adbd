/**
 * The mainstream error shapes, as knowledge rather than rules: where an error body keeps its code,
 * message, recovery hint, field locators, correlation id, retry flag and stack trace. One table
 * (CARRIERS × MEMBERS), read two ways: over schema object views (the rules) and over plain JSON
 * values (examples, and live bodies for the runtime guard). A rule asks a question; it never names
 * a framework. docs/conventions.md says how each convention answers.
 */
import { isObject, type OpenApiDocument } from './document';
import { namesFor, type Concept } from './names';
import { declaredValues, isObjectView, ownProperty, propertyTypes, viewsOf, type ObjectView, type Property } from './schema';

/** The questions a recoverable-error rule asks of an error body. */
export type Question = 'code' | 'message' | 'hint' | 'retryFlag' | 'correlationId' | 'stackTrace' | 'locator' | 'refreshUrl' | 'currentState' | 'allowedActions' | 'expected';

/** What a member's value must be to answer the question (a `detail` array is field errors, not a message). */
type Accepts = 'any' | 'text' | 'scalar' | 'statusName' | 'identifier';

/**
 * MEMBERS: which names answer each question, and what their value must be. Names come from lib/names.ts,
 * so every list stays overridable per rule; a dotted name (`extensions.code`, `source.pointer`) is a path.
 */
const MEMBERS: Record<Question, readonly { concept: Concept; accepts: Accepts }[]> = {
  code: [
    { concept: 'errorCode', accepts: 'scalar' },
    // Google AIP-193: `status: "INVALID_ARGUMENT"` beside an integer HTTP `code`.
    { concept: 'statusCode', accepts: 'statusName' },
    // OAuth 2.0 (RFC 6749 §5.2): `error: "invalid_grant"`; Spring Boot's `error: "Not Found"` is a reason phrase, not a code.
    { concept: 'errorIdentifier', accepts: 'identifier' },
  ],
  message: [{ concept: 'message', accepts: 'text' }],
  hint: [{ concept: 'recoveryHint', accepts: 'any' }],
  retryFlag: [{ concept: 'retryFlag', accepts: 'any' }],
  correlationId: [{ concept: 'correlationId', accepts: 'scalar' }],
  stackTrace: [{ concept: 'stackTrace', accepts: 'any' }],
  locator: [{ concept: 'errorField', accepts: 'any' }],
  refreshUrl: [{ concept: 'refreshUrl', accepts: 'any' }],
  currentState: [{ concept: 'currentState', accepts: 'any' }],
  allowedActions: [{ concept: 'allowedActions', accepts: 'any' }],
  // What the input must be (Geodocs' `allowed_values`, "Designing Errors for Agent Recovery"'s `expected`).
  expected: [{ concept: 'allowedValues', accepts: 'any' }],
};

/**
 * CARRIERS: where an error object sits in a body, in the order they are asked. `body`: the body itself
 * (RFC 9457, the AX envelope, Spring Boot, OAuth 2.0); `wrapper`: one `error` object (Google, Microsoft,
 * Stripe, the single-error envelope); `list`: every item of an error list (JSON:API and GraphQL-style
 * `errors[]`, FastAPI `detail[]`, Berlin Group `tppMessages[]`).
 */
export type CarrierKind = 'body' | 'wrapper' | 'list';
const WRAPPER = 'error';
const IDENTIFIER = /^[A-Za-z][\w.:-]*$/;
// An occurrence id (JSON:API's error `id`) is no code even when it happens to start with a letter.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isIdentifier = (value: unknown): boolean => typeof value === 'string' && IDENTIFIER.test(value) && !UUID.test(value);
const OAUTH_DESCRIPTION = 'error_description';

export type Names = Partial<Record<Concept, readonly string[]>> | null | undefined;

/** One place an error object sits: `where` names it for messages ("", "`error`", "`detail[]` items"). */
export interface Carrier<N> {
  kind: CarrierKind;
  /** The member holding it: `error`, `detail`; empty for the body. */
  member: string;
  where: string;
  /** The error objects there: one for a body or wrapper, one per item of a list (a schema's items are one node). */
  nodes: N[];
}

/** A member found: its name as declared, whether every step of its path is required, and the node under it. */
export interface Found<N> {
  name: string;
  required: boolean;
  node: N;
  carrier: Carrier<N>;
}

/** How the table is read over one representation: schema views, or JSON values. */
interface Reader<N> {
  member(node: N, name: string): { node: N; required: boolean } | undefined;
  /** The item nodes of an array node of objects; undefined when it is not one. */
  items(node: N): N[] | undefined;
  /** The node is an object (a wrapper, an error item). */
  isObject(node: N): boolean;
  accepts(node: N, accepts: Accepts, holder: N): boolean;
}

function carriersOf<N>(reader: Reader<N>, root: N, names: Names): Carrier<N>[] {
  const carriers: Carrier<N>[] = [{ kind: 'body', member: '', where: '', nodes: [root] }];
  const wrapper = reader.member(root, WRAPPER);
  if (wrapper !== undefined && reader.isObject(wrapper.node)) carriers.push({ kind: 'wrapper', member: WRAPPER, where: `\`${WRAPPER}\``, nodes: [wrapper.node] });
  for (const name of namesFor(names, 'errorList')) {
    const list = reader.member(root, name);
    const items = list === undefined ? undefined : reader.items(list.node);
    if (items !== undefined && items.length > 0) carriers.push({ kind: 'list', member: name, where: `\`${name}[]\` items`, nodes: items });
  }
  return carriers;
}

/** The first member answering `question` in one carrier: every node of the carrier must have it. */
function memberIn<N>(reader: Reader<N>, carrier: Carrier<N>, question: Question, names: Names, required: boolean): Found<N> | undefined {
  const candidates: Found<N>[] = [];
  for (const { concept, accepts } of MEMBERS[question]) {
    for (const name of namesFor(names, concept)) {
      const found = carrier.nodes.map(node => {
        const member = reader.member(node, name);
        return member !== undefined && (!required || member.required) && reader.accepts(member.node, accepts, node) ? member : undefined;
      });
      if (found.every(member => member !== undefined)) candidates.push({ name, required: found.every(member => member!.required), node: found[0]!.node, carrier });
    }
  }
  // A string code is the one an agent branches on: Google's `status` over its HTTP `code`.
  if (question === 'code') return candidates.find(found => reader.accepts(found.node, 'text', found.node)) ?? candidates[0];
  return candidates[0];
}

/** Every member answering `question`, one per carrier that has one. */
function membersAnswering<N>(reader: Reader<N>, root: N, question: Question, names: Names, required = false): Found<N>[] {
  return carriersOf(reader, root, names).flatMap(carrier => memberIn(reader, carrier, question, names, required) ?? []);
}

// ---- over schemas -------------------------------------------------------------------------------

/** A schema position: the views a payload there can take, and the property it sits under (none at the root). */
export interface SchemaNode {
  views: readonly ObjectView[];
  property?: Property;
}

function schemaReader(doc: OpenApiDocument): Reader<SchemaNode> {
  return {
    member(node, name) {
      let current: SchemaNode = node;
      let required = true;
      for (const segment of name.split('.')) {
        const objects = current.views.filter(isObjectView);
        if (objects.length === 0 || objects.length < current.views.length) return undefined;
        const found = objects.map(view => ownProperty(view, [segment]));
        if (found.some(property => property === undefined)) return undefined;
        required &&= found.every(property => property!.required);
        const property = found[0]!;
        current = { views: viewsOf(doc, property.schema, property.location) ?? [], property };
      }
      return { node: current, required };
    },
    items(node) {
      const holder = node.views.flatMap(view => view.parts).find(part => part.value.items !== undefined);
      if (holder === undefined) return undefined;
      const views = viewsOf(doc, holder.value.items, holder.location === undefined ? undefined : [...holder.location, 'items']);
      return views === undefined || views.length === 0 || !views.every(isObjectView) ? undefined : [{ views }];
    },
    isObject: node => node.views.length > 0 && node.views.every(isObjectView) && node.views.some(view => view.types !== undefined || view.properties.size > 0),
    accepts(node, accepts, holder) {
      if (accepts === 'any') return true;
      const types = node.property === undefined ? undefined : propertyTypes(doc, node.property);
      const has = (...wanted: string[]) => types === undefined || types.length === 0 || wanted.some(type => types.includes(type));
      if (accepts === 'text') return has('string');
      if (accepts === 'scalar') return has('string', 'integer', 'number');
      if (types === undefined || !types.includes('string')) return false;
      if (accepts === 'statusName') {
        const code = this.member(holder, 'code');
        const codeTypes = code?.node.property === undefined ? undefined : propertyTypes(doc, code.node.property);
        return codeTypes !== undefined && codeTypes.length > 0 && codeTypes.every(type => type === 'integer' || type === 'number');
      }
      // identifier: a sibling `error_description` (RFC 6749), or declared values that are all identifiers.
      if (this.member(holder, OAUTH_DESCRIPTION) !== undefined) return true;
      const values = node.property === undefined ? [] : declaredValues(doc, node.property).map(found => found.value);
      return values.length > 0 && values.every(isIdentifier);
    },
  };
}

const readers = new WeakMap<OpenApiDocument, Reader<SchemaNode>>();
function readerFor(doc: OpenApiDocument): Reader<SchemaNode> {
  let reader = readers.get(doc);
  if (reader === undefined) readers.set(doc, (reader = schemaReader(doc)));
  return reader;
}

const rootOf = (view: ObjectView): SchemaNode => ({ views: [view] });

/** The places error objects sit in one view of an error schema. */
export function schemaCarriers(doc: OpenApiDocument, view: ObjectView, names: Names): Carrier<SchemaNode>[] {
  return carriersOf(readerFor(doc), rootOf(view), names);
}

/** The first member answering `question` in any carrier of the view (body, `error` wrapper, every item of an error list). */
export function schemaAnswer(doc: OpenApiDocument, view: ObjectView, question: Question, names: Names, required = false): Found<SchemaNode> | undefined {
  return membersAnswering(readerFor(doc), rootOf(view), question, names, required)[0];
}

/** Every member answering `question`, one per carrier (e.g. a `trace` at the top and in `errors[]`). */
export function schemaAnswers(doc: OpenApiDocument, view: ObjectView, question: Question, names: Names): Found<SchemaNode>[] {
  return membersAnswering(readerFor(doc), rootOf(view), question, names);
}

/** The member answering `question` in one carrier, if it has one. */
export function carrierAnswer(doc: OpenApiDocument, carrier: Carrier<SchemaNode>, question: Question, names: Names, required = false): Found<SchemaNode> | undefined {
  return memberIn(readerFor(doc), carrier, question, names, required);
}

/**
 * Where the view keeps its error: the first carrier holding a code or a message, else the `error`
 * wrapper, else the body. Fixes name it, so that advice reads in the API's own shape.
 */
export function homeCarrier(doc: OpenApiDocument, view: ObjectView, names: Names): Carrier<SchemaNode> {
  const carriers = schemaCarriers(doc, view, names);
  return (
    carriers.find(carrier => carrierAnswer(doc, carrier, 'code', names) !== undefined || carrierAnswer(doc, carrier, 'message', names) !== undefined) ??
    carriers.find(carrier => carrier.kind === 'wrapper') ??
    carriers[0]
  );
}

/** "the `error` object", "the `detail[]` items", "the schema": a carrier as messages name it. */
export function carrierName(carrier: Carrier<unknown>): string {
  if (carrier.kind === 'body') return 'the schema';
  return carrier.kind === 'wrapper' ? `the ${carrier.where} object` : `the ${carrier.where}`;
}

/** " to the `error` object", " to the `detail[]` items", "" for the body: where a fix adds a member. */
export const placeOf = (carrier: Carrier<unknown>): string => (carrier.kind === 'body' ? '' : ` to ${carrierName(carrier)}`);

/** " in its `error` object", "" for the body: where a finding saw a member. */
export const insideOf = (carrier: Carrier<unknown>): string => (carrier.kind === 'body' ? '' : ` in ${carrierName(carrier).replace(/^the /, 'its ')}`);

/** The carrier a body-wide member (correlation id, retry flag) belongs in: the `error` wrapper if any, else the body. */
export function bodyCarrier(doc: OpenApiDocument, view: ObjectView, names: Names): Carrier<SchemaNode> {
  const carriers = schemaCarriers(doc, view, names);
  return carriers.find(carrier => carrier.kind === 'wrapper') ?? carriers[0];
}

/** The names the view's error members use, to pick an alias in the API's own case style. */
export function memberNames(carrier: Carrier<SchemaNode>): string[] {
  return [...new Set(carrier.nodes.flatMap(node => node.views.flatMap(view => [...view.properties.keys()])))];
}

/** The alias of `names` written in the style the body already uses (camelCase or snake_case); the first alias otherwise. */
export function inStyleOf(existing: readonly string[], names: readonly string[]): string {
  const snake = existing.some(name => /[a-z]_[a-z]/.test(name));
  const camel = existing.some(name => /[a-z][A-Z]/.test(name));
  const fits = (name: string) => (snake && !camel ? !/[a-z][A-Z]/.test(name) : camel && !snake ? !name.includes('_') : true);
  return names.find(name => !name.includes('.') && fits(name)) ?? names[0];
}

// ---- over JSON values ----------------------------------------------------------------------------

const valueReader: Reader<unknown> = {
  member(node, name) {
    let current = node;
    for (const segment of name.split('.')) {
      if (!isObject(current) || !Object.prototype.hasOwnProperty.call(current, segment)) return undefined;
      current = current[segment];
    }
    return { node: current, required: true };
  },
  items: node => (Array.isArray(node) && node.every(isObject) ? node : undefined),
  isObject,
  accepts(node, accepts, holder) {
    if (accepts === 'any') return node !== undefined;
    if (accepts === 'text') return typeof node === 'string';
    if (accepts === 'scalar') return typeof node === 'string' || typeof node === 'number';
    if (typeof node !== 'string') return false;
    if (accepts === 'statusName') return isObject(holder) && typeof holder.code === 'number';
    return isIdentifier(node) || (isObject(holder) && typeof holder[OAUTH_DESCRIPTION] === 'string');
  },
};

/** One member of a JSON error body: where it sits (`error.code`, `detail[].loc`) and its value (the first item's, for a list). */
export interface ValueMember {
  path: string;
  value: unknown;
}

/** What a JSON error body carries, for the runtime guard and the value rules: each entry undefined when the body lacks it. */
export interface ErrorValue {
  code?: ValueMember;
  message?: ValueMember;
  hint?: ValueMember;
  retryFlag?: ValueMember;
  correlationId?: ValueMember;
  stackTrace?: ValueMember;
  /** Every field the body names as failed: a single-error locator, the items of an error list or of a field-details list or map. */
  fields: ValueMember[];
}

/** `code`, `error.code`, `detail[].type`: where a member sits below the body. */
const valuePath = (carrier: Carrier<unknown>, name: string): string =>
  carrier.kind === 'body' ? name : carrier.kind === 'wrapper' ? `${carrier.member}.${name}` : `${carrier.member}[].${name}`;

/** One question asked of a JSON error body (the state questions too, for the runtime guard): the member that answers it, if any. */
export function valueAnswer(body: unknown, question: Question, names: Names): ValueMember | undefined {
  const best = membersAnswering(valueReader, body, question, names)[0];
  return best === undefined ? undefined : { path: valuePath(best.carrier, best.name), value: best.node };
}

/** "What does this JSON error body carry?": the value-side entry point of the shapes table. */
export function describeErrorValue(body: unknown, names?: Names): ErrorValue {
  const questions = ['code', 'message', 'hint', 'retryFlag', 'correlationId', 'stackTrace'] as const;
  const result: ErrorValue = { fields: valueFields(body, names) };
  for (const question of questions) {
    const member = valueAnswer(body, question, names);
    if (member !== undefined) result[question] = member;
  }
  return result;
}

/** The fields a JSON error body names as failed, in every form the table knows. */
function valueFields(body: unknown, names: Names): ValueMember[] {
  const fields: ValueMember[] = [];
  const locate = (item: unknown, prefix: string) => {
    for (const name of namesFor(names, 'fieldLocator')) {
      const member = valueReader.member(item, name);
      if (member !== undefined) return fields.push({ path: `${prefix}.${name}`, value: member.node });
    }
    return undefined;
  };
  for (const carrier of carriersOf(valueReader, body, names)) {
    if (carrier.kind === 'list') carrier.nodes.forEach(item => locate(item, `${carrier.member}[]`));
    else {
      const single = memberIn(valueReader, carrier, 'locator', names, false);
      if (single !== undefined) fields.push({ path: valuePath(carrier, single.name), value: single.node });
      for (const name of namesFor(names, 'fieldDetails')) {
        const details = valueReader.member(carrier.nodes[0], name)?.node;
        const prefix = valuePath(carrier, name);
        if (Array.isArray(details)) details.forEach(item => locate(item, `${prefix}[]`) ?? nestedFields(item, `${prefix}[]`, names, fields));
        else if (isObject(details)) Object.entries(details).forEach(([field, reasons]) => fields.push({ path: `${prefix}.${field}`, value: reasons }));
      }
    }
  }
  // An `errors` list is both an error list and a field-details list: each locator once.
  return fields.filter((field, i) => fields.findIndex(other => other.path === field.path && other.value === field.value) === i);
}

/** Google's `details[]` items carry their own `fieldViolations[]`: one level of nesting. */
function nestedFields(item: unknown, prefix: string, names: Names, fields: ValueMember[]): void {
  for (const name of namesFor(names, 'fieldDetails')) {
    const inner = valueReader.member(item, name)?.node;
    if (!Array.isArray(inner)) continue;
    for (const violation of inner) {
      const locator = namesFor(names, 'fieldLocator').find(locatorName => valueReader.member(violation, locatorName) !== undefined);
      if (locator !== undefined) fields.push({ path: `${prefix}.${name}[].${locator}`, value: valueReader.member(violation, locator)!.node });
    }
  }
}

// ---- field details over schemas -------------------------------------------------------------------

/** One place a view could name the failed input fields, and what it lacks there. */
export interface FieldDetails {
  /** How it reads in messages: `errors`, `error.details`, `detail[]` items. */
  member: string;
  /** A locator beside the code (a single error), not a list of field errors. */
  single?: boolean;
  /** undefined: it names the fields; else what is wrong with it (`expected` only when asked for). */
  lacks?: { locator: boolean; reason: boolean; expected?: boolean } | { notList: string[] | undefined } | { fieldMap: true };
}

/**
 * Every form of field detail a view declares, judged: a locator beside the code (`field`, `target`,
 * `param`), a field-details list or map (`details[]`, ASP.NET Core's `errors` map, Google's
 * `details[].fieldViolations[]`), or an error list whose items locate a field (`detail[].loc`,
 * `errors[].source.pointer`, `tppMessages[].path`). One valid form is enough.
 */
export function fieldDetailsOf(doc: OpenApiDocument, view: ObjectView, names: Names, expectation = false): FieldDetails[] {
  const reader = readerFor(doc);
  const judged: FieldDetails[] = [];
  const detailNames = namesFor(names, 'fieldDetails');
  for (const carrier of schemaCarriers(doc, view, names)) {
    if (carrier.kind === 'list') {
      // A list also named as field details (`errors`) is judged below, as field details.
      if (!detailNames.includes(carrier.member)) judged.push({ member: carrier.where, lacks: itemsLack(doc, carrier.nodes[0], names, expectation) });
      continue;
    }
    const single = memberIn(reader, carrier, 'locator', names, false);
    if (single !== undefined) {
      const expected = expectation && memberIn(reader, carrier, 'expected', names, false) === undefined;
      judged.push({ member: single.name, single: true, lacks: expected ? { locator: false, reason: false, expected } : undefined });
    }
    for (const name of detailNames) {
      const details = reader.member(carrier.nodes[0], name);
      if (details === undefined) continue;
      const member = valuePath(carrier, name);
      judged.push({ member, lacks: detailsLack(doc, reader, details.node, names, expectation) });
    }
  }
  return judged;
}

function detailsLack(doc: OpenApiDocument, reader: Reader<SchemaNode>, node: SchemaNode, names: Names, expectation: boolean): FieldDetails['lacks'] {
  if (node.views.length === 0) return undefined; // unreadable: no guess
  // A map of field to messages names the fields, but has no place for what each field must be.
  if (isFieldMap(doc, node)) return expectation ? { fieldMap: true } : undefined;
  const items = reader.items(node);
  if (items === undefined) {
    const types = node.property === undefined ? undefined : propertyTypes(doc, node.property);
    return { notList: types };
  }
  const lacks = itemsLack(doc, items[0], names, expectation);
  if (lacks === undefined || !('locator' in lacks) || !lacks.locator) return lacks;
  // Google's `details[]` items each carry a `fieldViolations[]` of their own.
  const nested = namesFor(names, 'fieldDetails').some(name => {
    const inner = reader.member(items[0], name);
    const innerItems = inner === undefined ? undefined : reader.items(inner.node);
    return innerItems !== undefined && itemsLack(doc, innerItems[0], names, expectation) === undefined;
  });
  return nested ? undefined : lacks;
}

function itemsLack(doc: OpenApiDocument, item: SchemaNode, names: Names, expectation: boolean): FieldDetails['lacks'] {
  const locator = !covers(doc, item.views, namesFor(names, 'fieldLocator'));
  const reason = !covers(doc, item.views, namesFor(names, 'fieldReason'));
  const expected = expectation && !covers(doc, item.views, namesFor(names, 'allowedValues'));
  if (!locator && !reason && !expected) return undefined;
  return expectation ? { locator, reason, expected } : { locator, reason };
}

/**
 * Every shape declares one of the (possibly dotted) names, each shape its own: App Store Connect's
 * `source` is `oneOf` `{ pointer }` and `{ parameter }`, and either locates the field.
 */
function covers(doc: OpenApiDocument, views: readonly ObjectView[], names: readonly string[]): boolean {
  return views.length > 0 && views.every(view => names.some(name => {
    const [head, ...rest] = name.split('.');
    const property = ownProperty(view, [head]);
    if (property === undefined || rest.length === 0) return property !== undefined;
    const under = names.filter(other => other.startsWith(`${head}.`)).map(other => other.slice(head.length + 1));
    return covers(doc, viewsOf(doc, property.schema, property.location)?.filter(isObjectView) ?? [], under);
  }));
}

/** ASP.NET Core's `errors`: an object mapping each field name to its messages (`additionalProperties` of strings or string arrays). */
function isFieldMap(doc: OpenApiDocument, node: SchemaNode): boolean {
  const parts = node.views.flatMap(view => view.parts);
  const map = parts.find(part => isObject(part.value.additionalProperties));
  if (map === undefined || node.views.some(view => view.properties.size > 0)) return false;
  const location = map.location === undefined ? undefined : [...map.location, 'additionalProperties'];
  const values = viewsOf(doc, map.value.additionalProperties, location);
  return values !== undefined && values.every(value => value.types === undefined || value.types.includes('string') || value.types.includes('array'));
}
