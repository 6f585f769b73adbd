/**
 * The error-shapes table (lib/errors/shape-table.ts) read over one document's schema object views: what the rules ask
 * of an error schema (its code, message, carriers, the home of its error, the members named like an answer that are not).
 */
import { describesMessage, isProse, mirrorsStatus, words, type Evidence, type Question } from './concepts';
import { isObject, type JsonObject, type Located, type OpenApiDocument } from '../document/document';
import { namesFor, type Names } from '../semantics/names';
import { declaredValues, isObjectView, ownProperty, propertyTypes, viewsOf, viewsOfProperty, type ObjectView, type Property } from '../document/schema';
import {
  bodyOf,
  type Carrier,
  carriersOf,
  type CodeOrMessage,
  errorLists,
  type Found,
  homeIn,
  isIdentifier,
  keptAnswers,
  keyNamed,
  likelyAnswer,
  memberIn,
  membersAnswering,
  OAUTH_DESCRIPTION,
  type Reader,
  recognisedIn,
} from './shape-table';

/** A schema position: the views a payload there can take, and the property it sits under (none at the root). */
export interface SchemaNode {
  views: readonly ObjectView[];
  property?: Property;
}

/**
 * The reader over one document's schemas. Every answer is kept per node (each node, the root of a view
 * included, is made once, so a node met again is the same object): a shared error schema is asked the
 * same questions by every rule, for every response that uses it.
 */
function schemaReader(doc: OpenApiDocument): Reader<SchemaNode> {
  const remember = keptAnswers();
  const member = (node: SchemaNode, name: string) => {
    let current: SchemaNode = node;
    let required = true;
    const spelled: string[] = [];
    for (const segment of name.split('.')) {
      const objects = current.views.filter(isObjectView);
      if (objects.length === 0 || objects.length < current.views.length) return undefined;
      const found = objects.map(view => {
        const key = keyNamed(view.properties.keys(), segment);
        return key === undefined ? undefined : ownProperty(view, [key]);
      });
      if (found.some(property => property === undefined)) return undefined;
      required &&= found.every(property => property!.required);
      const property = found[0]!;
      spelled.push(property.name);
      current = { views: viewsOf(doc, property.schema, property.location) ?? [], property };
    }
    return { node: current, required, name: spelled.join('.') };
  };
  const items = (node: SchemaNode): SchemaNode[] | undefined => {
    const holder = node.views.flatMap(view => view.parts).find(part => part.value.items !== undefined);
    if (holder === undefined) return undefined;
    const views = viewsOf(doc, holder.value.items, holder.location === undefined ? undefined : [...holder.location, 'items']);
    return views === undefined || views.length === 0 || !views.every(isObjectView) ? undefined : [{ views }];
  };
  return {
    remember,
    member: (node, name) => remember(node, `member ${name}`, () => member(node, name)),
    members: node => remember(node, 'members', () => [...new Set(node.views.flatMap(view => [...view.properties.keys()]))]),
    items: node => remember(node, 'items', () => items(node)),
    isObject: node => node.views.length > 0 && node.views.every(isObjectView) && node.views.some(view => view.types !== undefined || view.properties.size > 0),
    accepts(node, accepts, holder) {
      if (accepts === 'any') return true;
      const types = node.property === undefined ? undefined : propertyTypes(doc, node.property);
      const has = (...wanted: string[]) => types === undefined || types.length === 0 || wanted.some(type => types.includes(type));
      if (accepts === 'text') return has('string');
      if (accepts === 'scalar') return has('string', 'integer', 'number');
      // Beside an `error_description` (OAuth 2.0), `error` is the code unless it says it is a message or the HTTP status (HERE's "Unauthorized").
      const oauthCode = () => {
        if (this.member(holder, OAUTH_DESCRIPTION) === undefined || node.property === undefined) return false;
        const evidence = this.evidence(holder, node.property.name);
        return !mirrorsStatus(evidence) && !describesMessage(evidence.text);
      };
      // An untyped OAuth 2.0 `error` is the code all the same (DigiLocker declares no type).
      if (accepts === 'identifier' && (types === undefined || types.length === 0) && oauthCode()) return true;
      if (types === undefined || !types.includes('string')) return false;
      // A string status beside a numeric `code` (Google AIP-193), or beside a `code` that is the HTTP status as a string (ATO's "404").
      if (accepts === 'statusName') {
        const code = this.member(holder, 'code');
        const codeTypes = code?.node.property === undefined ? undefined : propertyTypes(doc, code.node.property);
        const numeric = codeTypes !== undefined && codeTypes.length > 0 && codeTypes.every(type => type === 'integer' || type === 'number');
        return code !== undefined && (numeric || mirrorsStatus(this.evidence(holder, 'code')));
      }
      // identifier: a sibling `error_description` (RFC 6749), or declared values that are all identifiers.
      if (oauthCode()) return true;
      const values = node.property === undefined ? [] : declaredValues(doc, node.property).map(found => found.value);
      return values.length > 0 && values.every(isIdentifier);
    },
    evidence(node, name) {
      const member = this.member(node, name)?.node;
      const property = member?.property;
      const evidence = { name, ...(property === undefined ? { types: undefined, text: '', values: [] } : propertyEvidence(doc, property)) };
      // An untyped schema with properties (a `$ref` to `{ properties: … }`) is an object all the same.
      return evidence.types === undefined && member !== undefined && this.isObject(member) ? { ...evidence, types: ['object'] } : evidence;
    },
    namesType: (node, name) =>
      remember(node, `names-type ${name}`, () =>
        node.views.some(view => view.parts.some(part => discriminates(part.value, name) || namesOwnSchema(doc, view, part, name))),
      ),
  };
}

/**
 * A schema part whose `name` is the discriminator of a base that holds nothing else (Bitbucket's `object`
 * and its `type`), or that says so in its description: the member names the resource type, not an error.
 * An RFC 9457 problem schema that discriminates on `type` holds more than `type`, and its `type` stays the code.
 */
function discriminates(schema: JsonObject, name: string): boolean {
  if (isObject(schema.discriminator) && schema.discriminator.propertyName === name)
    return !isObject(schema.properties) || Object.keys(schema.properties).every(key => key === name);
  return typeof schema.description === 'string' && /\bdiscriminator\b/i.test(schema.description) && schema.description.includes(`\`${name}\``);
}

const TYPE_WORDS = new Set(['type', 'kind', 'object']);

/**
 * A member whose one value is the name of the schema declaring it (Box's `type: metadata_template` in
 * `MetadataTemplate`, an `object: "customer"`) names the object's type: a constant that no error varies.
 */
function namesOwnSchema(doc: OpenApiDocument, view: ObjectView, part: Located<JsonObject>, name: string): boolean {
  // Only a member named for a type: ATO's `status: NOT_FOUND` in its `not-found` schema is the code its schema is named after.
  if (!words(name).some(word => TYPE_WORDS.has(word))) return false;
  const location = part.location;
  const home = location === undefined ? undefined : location[location.length - 1];
  const isNamedSchema = location !== undefined && (location[location.length - 2] === 'schemas' || location[location.length - 2] === 'definitions');
  const property = isNamedSchema ? view.properties.get(name) : undefined;
  if (property === undefined || typeof home !== 'string') return false;
  const values = [...new Set(declaredValues(doc, { ...property, required: false }).map(found => found.value))];
  return values.length === 1 && typeof values[0] === 'string' && words(values[0]).join('') === words(home).join('');
}

/** What a property's schema says of itself, read once per schema object (a shared error schema is met on every response). */
function propertyEvidence(doc: OpenApiDocument, property: Property): Omit<Evidence, 'name'> {
  const read = (): Omit<Evidence, 'name'> => {
    const parts = (viewsOf(doc, property.schema, property.location) ?? []).flatMap(view => view.parts);
    const text = parts.flatMap(part => [part.value.title, part.value.description].filter(value => typeof value === 'string')).join(' ');
    const bound = (keyword: string) => parts.map(part => part.value[keyword]).find(value => value !== undefined);
    const values = declaredValues(doc, property).map(found => found.value);
    const types = propertyTypes(doc, property);
    // Only a list (or an untyped member) has items to read: the rest skip the second walk of their schema.
    const itemTypes =
      types === undefined || types.length === 0 || types.includes('array')
        ? viewsOfProperty(doc, property, true)?.flatMap(view => view.types ?? [])
        : undefined;
    return { types, text, values, bounds: { minimum: bound('minimum'), maximum: bound('maximum') }, itemTypes };
  };
  if (!isObject(property.schema)) return read();
  const memo = doc.memo('error-shapes:evidence', () => new WeakMap<object, Omit<Evidence, 'name'>>());
  return memo.get(property.schema) ?? memo.set(property.schema, read()).get(property.schema)!;
}

export const readerFor = (doc: OpenApiDocument): Reader<SchemaNode> => doc.memo('error-shapes:reader', () => schemaReader(doc));

/** The root node of a view, one per view, so that the reader's answers about it are kept. */
const rootOf = (doc: OpenApiDocument, view: ObjectView): SchemaNode => readerFor(doc).remember(view, 'root', () => ({ views: [view] }));

/** The places error objects sit in one view of an error schema. */
export function schemaCarriers(doc: OpenApiDocument, view: ObjectView, names: Names): Carrier<SchemaNode>[] {
  return carriersOf(readerFor(doc), rootOf(doc, view), names);
}

/** The first member answering `question` in any carrier of the view (body, `error` wrapper, every item of an error list). */
export function schemaAnswer(doc: OpenApiDocument, view: ObjectView, question: Question, names: Names, required = false): Found<SchemaNode> | undefined {
  return membersAnswering(readerFor(doc), rootOf(doc, view), question, names, required)[0];
}

/**
 * A member that may answer `question` where none clearly does (`internalCode` for the code, a plain
 * string `error` for the message): findings name it and ask, and leave the edit to a person.
 */
export function schemaLikely(doc: OpenApiDocument, view: ObjectView, question: Question, names: Names): Found<SchemaNode> | undefined {
  const reader = readerFor(doc);
  return schemaAnswer(doc, view, question, names) === undefined
    ? likelyAnswer(reader, carriersOf(reader, rootOf(doc, view), names), question, names)
    : undefined;
}

/**
 * A member named like the answer to a question that is not it, and why: the other concept (Slack's
 * `error` is the code, Linode's `reason` the message), the HTTP status repeated (`error: "Bad Request"`,
 * `status_code`), or the object's type (a discriminator). Findings name it, so that nobody takes the
 * missing member for an oversight of the reader, or adds a second one beside it.
 */
export interface PassedOver {
  name: string;
  why: CodeOrMessage | 'status' | 'type' | 'text' | 'item';
}

const LOOKALIKES: Record<CodeOrMessage, ReadonlySet<string>> = {
  errorCode: new Set(['code', 'error', 'type', 'reason', 'kind', 'errno']),
  // `errors` as a sentence (DigitalNZ's "Record with ID … was not found"): a message under the API's own name.
  message: new Set(['message', 'msg', 'detail', 'description', 'title', 'text', 'summary', 'reason', 'error', 'errors']),
};

export function passedOver(doc: OpenApiDocument, view: ObjectView, question: CodeOrMessage, names: Names): PassedOver[] {
  const reader = readerFor(doc);
  const other = question === 'errorCode' ? 'message' : 'errorCode';
  return [...lookalikesIn(doc, reader, view, question, other, names), ...perItem(reader, rootOf(doc, view), question, names)];
}

/**
 * The answers to `question` in the error lists of a list's items (Xero's batch `items[].errors[].type`):
 * each item's own errors, not the body's.
 */
function perItem(reader: Reader<SchemaNode>, root: SchemaNode, question: Question, names: Names): PassedOver[] {
  return reader.members(root).flatMap(name => {
    const member = reader.member(root, name);
    const [item] = (member === undefined ? undefined : reader.items(member.node)) ?? [];
    if (item === undefined) return [];
    return errorLists(reader, item, names).flatMap(list => {
      const found = memberIn(reader, bodyOf(reader, list.items[0]), question, names, false);
      return found?.certainty === 'clear' ? [{ name: `${member!.name}[].${list.name}[].${found.name}`, why: 'item' as const }] : [];
    });
  });
}

/** The members of each carrier named like the answer to `question` that are something else, and what. */
function lookalikesIn(
  doc: OpenApiDocument,
  reader: Reader<SchemaNode>,
  view: ObjectView,
  question: CodeOrMessage,
  other: CodeOrMessage,
  names: Names,
): PassedOver[] {
  return schemaCarriers(doc, view, names).flatMap(carrier => {
    const taken = memberIn(reader, carrier, other, names, false);
    return reader.members(carrier.nodes[0]).flatMap((name): PassedOver[] => {
      if (!words(name).some(word => LOOKALIKES[question].has(word))) return [];
      const evidence = reader.evidence(carrier.nodes[0], name);
      if (evidence.types?.some(type => type === 'object' || type === 'array')) return [];
      // The member the finding asks about for the other concept is not passed over.
      if (taken?.name === name) return taken.certainty === 'clear' ? [{ name, why: other }] : [];
      if (question !== 'errorCode') return [];
      if (mirrorsStatus(evidence)) return [{ name, why: 'status' }];
      if (describesMessage(evidence.text)) return [{ name, why: 'message' }];
      if (reader.namesType(carrier.nodes[0], name)) return [{ name, why: 'type' }];
      return evidence.values.length > 0 && evidence.values.every(isProse) ? [{ name, why: 'text' }] : [];
    });
  });
}

/**
 * A code or message the body's examples send under a name its schema does not declare (Slack's
 * `error: "invalid_auth"` beside a schema of `ok` alone, Xero's problem `type` and `detail` beside a schema
 * of something else): the fix declares that member rather than a new `code` or `message`.
 */
export function undeclaredExampleMember(
  examples: readonly Located[],
  view: ObjectView,
  question: CodeOrMessage,
  names: Names,
): { name: string; value: string } | undefined {
  const fits = (name: string, value: unknown) =>
    keyNamed(view.properties.keys(), name) === undefined &&
    (question === 'errorCode' ? isIdentifier(value) : isProse(value)) &&
    words(name).some(word => LOOKALIKES[question].has(word));
  for (const example of examples) {
    if (!isObject(example.value)) continue;
    const keys = Object.keys(example.value);
    // The convention's own names first (`message` before `detail` before `title`), then any other lookalike.
    const listed = namesFor(names, question).flatMap(name => keys.filter(key => key.toLowerCase() === name.toLowerCase()));
    const name = [...listed, ...keys].find(key => fits(key, (example.value as JsonObject)[key]));
    if (name !== undefined) return { name, value: (example.value as JsonObject)[name] as string };
  }
  return undefined;
}

/** Every member answering `question`, one per carrier (e.g. a `trace` at the top and in `errors[]`). */
export function schemaAnswers(doc: OpenApiDocument, view: ObjectView, question: Question, names: Names): Found<SchemaNode>[] {
  return membersAnswering(readerFor(doc), rootOf(doc, view), question, names);
}

/**
 * For each carrier of the view (the body, the wrapper, an error list's items), the property declared
 * under each of `fieldNames`, in their order: the value rules read declared codes and messages here.
 */
export function schemaMembers(doc: OpenApiDocument, view: ObjectView, fieldNames: readonly string[], names: Names): (Property | undefined)[][] {
  const reader = readerFor(doc);
  return schemaCarriers(doc, view, names).map(carrier =>
    fieldNames.map(name => {
      const found = carrier.nodes.map(node => reader.member(node, name)?.node.property);
      return found.every(property => property !== undefined) ? found[0] : undefined;
    }),
  );
}

/** The member answering `question` in one carrier, if it has one. */
export function carrierAnswer(
  doc: OpenApiDocument,
  carrier: Carrier<SchemaNode>,
  question: Question,
  names: Names,
  required = false,
): Found<SchemaNode> | undefined {
  return memberIn(readerFor(doc), carrier, question, names, required);
}

/**
 * A member that evidence clearly makes the answer one object below a body, where no carrier holds one
 * (Docker Hub's `errinfo.type`, "Type of error."): only likely, since that object may describe something
 * else, so a finding asks about it. Listed names do not count there (a nested `type` is often a record's).
 */
export function nestedAnswer(doc: OpenApiDocument, carrier: Carrier<SchemaNode>, question: Question, names: Names): Found<SchemaNode> | undefined {
  const reader = readerFor(doc);
  const [root] = carrier.nodes;
  if (carrier.kind !== 'body') return undefined;
  // A wrapper is a carrier of its own, judged as one.
  const carried = new Set(carriersOf(reader, root, names).map(other => other.member.split('.')[0]));
  const found = reader.members(root).flatMap(name => {
    const member = reader.member(root, name);
    if (member === undefined || carried.has(member.name) || !reader.isObject(member.node) || reader.items(member.node) !== undefined) return [];
    const inner = recognisedIn(reader, bodyOf(reader, member.node), question, false);
    return inner?.certainty === 'clear' ? [{ ...inner, name: `${member.name}.${inner.name}`, required: member.required && inner.required }] : [];
  });
  // Two objects that both hold one (`first.code`, `second.code`) are both named: either may be the error.
  const [first, ...others] = found;
  return first === undefined
    ? undefined
    : { ...first, carrier, certainty: 'likely', ...(others.length > 0 ? { alternatives: others.map(other => other.name) } : {}) };
}

/**
 * Where the view keeps its error: the first carrier holding a code or a message, else the `error`
 * wrapper, else the body. Fixes name it, so that advice reads in the API's own shape.
 */
export function homeCarrier(doc: OpenApiDocument, view: ObjectView, names: Names): Carrier<SchemaNode> {
  return homeIn(readerFor(doc), schemaCarriers(doc, view, names), names);
}

/** The carrier a body-wide member (correlation id, retry flag) belongs in: the `error` wrapper if any, else the body. */
export function bodyCarrier(doc: OpenApiDocument, view: ObjectView, names: Names): Carrier<SchemaNode> {
  const carriers = schemaCarriers(doc, view, names);
  return carriers.find(carrier => carrier.kind === 'wrapper') ?? carriers[0];
}

/** The names the view's error members use, to pick an alias in the API's own case style. */
export function memberNames(carrier: Carrier<SchemaNode>): string[] {
  return [...new Set(carrier.nodes.flatMap(node => node.views.flatMap(view => [...view.properties.keys()])))];
}
