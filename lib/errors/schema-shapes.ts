/**
 * The mainstream error shapes, as knowledge rather than rules: where an error body keeps its code,
 * message, recovery hint, field locators, correlation id, retry flag and stack trace. One table
 * (CARRIERS × MEMBERS), read two ways: over schema object views (the rules) and over plain JSON
 * values (examples, and live bodies for the runtime guard). A member the names of MEMBERS miss is
 * recognised from evidence (lib/errors/concepts.ts): the words of its name, its type, its description.
 * A rule asks a question; it never names a framework. docs/conventions.md says how each convention answers.
 */
import {
  describesMessage,
  isProse,
  isStatusText,
  mirrorsStatus,
  namesInputs,
  recognise,
  words,
  type Certainty,
  type Evidence,
  type Question,
} from './concepts';
import { child, isObject, type JsonObject, type Located, type OpenApiDocument } from '../document/document';
import { namesFor, type Concept, type Names } from '../rules/names';
import { declaredValues, isObjectView, ownProperty, propertyTypes, viewsOf, viewsOfProperty, type ObjectView, type Property } from '../document/schema';

export type { Question };

/** What a member's value must be to answer the question (a `detail` array is field errors, not a message). */
type Accepts = 'any' | 'text' | 'scalar' | 'statusName' | 'identifier';

/**
 * MEMBERS: the concepts whose names answer each question (its own concept first; the code has two more),
 * and what their value must be. Names come from lib/rules/names.ts, so every list stays overridable per
 * rule; a dotted name (`extensions.code`, `source.pointer`) is a path.
 */
const MEMBERS: Record<Question, readonly { concept: Concept; accepts: Accepts }[]> = {
  errorCode: [
    { concept: 'errorCode', accepts: 'scalar' },
    // Google AIP-193: `status: "INVALID_ARGUMENT"` beside an integer HTTP `code`.
    { concept: 'statusCode', accepts: 'statusName' },
    // OAuth 2.0 (RFC 6749 §5.2): `error: "invalid_grant"`; Spring Boot's `error: "Not Found"` is a reason phrase, not a code.
    { concept: 'errorIdentifier', accepts: 'identifier' },
  ],
  message: [{ concept: 'message', accepts: 'text' }],
  recoveryHint: [{ concept: 'recoveryHint', accepts: 'any' }],
  retryFlag: [{ concept: 'retryFlag', accepts: 'any' }],
  retryDelay: [{ concept: 'retryDelay', accepts: 'any' }],
  correlationId: [{ concept: 'correlationId', accepts: 'scalar' }],
  stackTrace: [{ concept: 'stackTrace', accepts: 'any' }],
  errorField: [{ concept: 'errorField', accepts: 'any' }],
  refreshUrl: [{ concept: 'refreshUrl', accepts: 'any' }],
  currentState: [{ concept: 'currentState', accepts: 'any' }],
  allowedActions: [{ concept: 'allowedActions', accepts: 'any' }],
  // What the input must be (Geodocs' `allowed_values`, "Designing Errors for Agent Recovery"'s `expected`).
  allowedValues: [{ concept: 'allowedValues', accepts: 'any' }],
};

/** The code and the message: what every error body must hold (in this order), and what a lookalike of either may really be. */
export const CODE_AND_MESSAGE = ['errorCode', 'message'] as const satisfies readonly Question[];
export type CodeOrMessage = (typeof CODE_AND_MESSAGE)[number];

/**
 * CARRIERS: where an error object sits in a body, in the order they are asked. `body`: the body itself
 * (RFC 9457, the AX envelope, Spring Boot, OAuth 2.0); `wrapper`: one `error` object (Google, Microsoft,
 * Stripe, the single-error envelope), or by shape the one object member holding a code or a message in a
 * body that holds neither (`fault`, `failure`, `problem`); `list`: every item of an error list (JSON:API
 * and GraphQL-style `errors[]`, FastAPI `detail[]`, Berlin Group `tppMessages[]`).
 * Member names match without regard to case: .NET serializers write `Message`, `ErrorCode`, `StackTrace`.
 */
export type CarrierKind = 'body' | 'wrapper' | 'list';
const WRAPPER = 'error';
const DEFAULT_LISTS = namesFor(undefined, 'errorList');
const IDENTIFIER = /^[A-Za-z][\w.:-]*$/;
// An occurrence id (JSON:API's error `id`) is no code even when it happens to start with a letter.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// A reason phrase as RFC 9110 spells it (Spring Boot's `error: "Conflict"`) repeats the status; `conflict` and `CONFLICT`
// are spelled as codes (DigitalOcean's `id: "unauthorized"`). One test of declared and sent values: the lint and the guard agree.
const isReasonPhrase = (value: string): boolean => /^[A-Z][a-z]+$/.test(value) && isStatusText(value);
const isIdentifier = (value: unknown): boolean => typeof value === 'string' && IDENTIFIER.test(value) && !UUID.test(value) && !isReasonPhrase(value);
const OAUTH_DESCRIPTION = 'error_description';

export type { Names };

/** One place an error object sits: `where` names it for messages ("", "`error`", "`detail[]` items"). */
export interface Carrier<N> {
  kind: CarrierKind;
  /** The member holding it: `error`, `detail`; empty for the body. */
  member: string;
  where: string;
  /** The error objects there: one for a body or wrapper, one per item of a list (a schema's items are one node). */
  nodes: N[];
}

/**
 * A member found: its name as declared, whether every step of its path is required, the node under it,
 * and how sure the reader is: `clear` for a listed name or clear evidence, `likely` for weaker evidence
 * (a finding then asks whether it is the concept instead of asserting that there is none).
 */
export interface Found<N> {
  name: string;
  required: boolean;
  node: N;
  carrier: Carrier<N>;
  certainty: Certainty;
  /** For a likely member: the carrier's other likely members for the same question (Klarna's `reason` beside `error_messages`). */
  alternatives?: string[];
}

/** How the table is read over one representation: schema views, or JSON values. */
interface Reader<N> {
  /** The member at a (dotted) name, matched without regard to case; `name` as the node spells it. */
  member(node: N, name: string): { node: N; required: boolean; name: string } | undefined;
  /** The names of the node's members. */
  members(node: N): string[];
  /** The item nodes of an array node of objects; undefined when it is not one. */
  items(node: N): N[] | undefined;
  /** The node is an object (a wrapper, an error item). */
  isObject(node: N): boolean;
  accepts(node: N, accepts: Accepts, holder: N): boolean;
  /** What the member at `name` shows of itself: type, description, values (for recognition). */
  evidence(node: N, name: string): Evidence;
  /** The member of `node` names the type of the object (a discriminator), not its error. */
  namesType(node: N, name: string): boolean;
  /** `compute()`, or its answer of an earlier call with the same holder (a node, a carrier) and key, where answers are kept. */
  remember<T>(holder: object, key: string, compute: () => T): T;
}

/** The part of a memo key that says which names a rule's options give (a configured list changes every answer). */
// A rule run passes one options object to every question: its key is written once per object, not once per question.
const namesKeys = new WeakMap<object, string>();
const namesKey = (names: Names): string => {
  if (names === undefined || names === null) return '';
  if (!namesKeys.has(names)) namesKeys.set(names, JSON.stringify(names));
  return namesKeys.get(names)!;
};

/** The key of `keys` equal to `name`, or else equal to it without regard to case. */
export function keyNamed(keys: Iterable<string>, name: string): string | undefined {
  const lower = name.toLowerCase();
  let loose: string | undefined;
  for (const key of keys) {
    if (key === name) return key;
    if (loose === undefined && key.toLowerCase() === lower) loose = key;
  }
  return loose;
}

function carriersOf<N>(reader: Reader<N>, root: N, names: Names): Carrier<N>[] {
  return reader.remember(root as object, `carriers ${namesKey(names)}`, () => findCarriers(reader, root, names));
}

/** A node read as a body of its own, one carrier per node, so that the answers kept per carrier are found again. */
const bodyOf = <N>(reader: Reader<N>, node: N): Carrier<N> =>
  reader.remember(node as object, 'body', (): Carrier<N> => ({ kind: 'body', member: '', where: '', nodes: [node] }));

function findCarriers<N>(reader: Reader<N>, root: N, names: Names): Carrier<N>[] {
  const carriers: Carrier<N>[] = [bodyOf(reader, root)];
  const wrapper = wrapperOf(reader, root, names);
  if (wrapper !== undefined) carriers.push({ kind: 'wrapper', member: wrapper.name, where: `\`${wrapper.name}\``, nodes: [wrapper.node] });
  // Error lists in the body and in its wrapper (`fault.errors[]`).
  for (const [holder, prefix] of [[root, ''], ...(wrapper === undefined ? [] : [[wrapper.node, `${wrapper.name}.`]])] as [N, string][]) {
    for (const list of errorLists(reader, holder, names)) {
      const member = `${prefix}${list.name}`;
      carriers.push({ kind: 'list', member, where: `\`${member}[]\` items`, nodes: list.items });
    }
  }
  return carriers;
}

/** The error lists of a node with at least one item (a schema's items are one node); an `error` that is a list is one (bunq's `Error[]`). */
function errorLists<N>(reader: Reader<N>, node: N, names: Names): { name: string; items: N[] }[] {
  const listNames = names?.errorList === undefined ? [...DEFAULT_LISTS, WRAPPER] : namesFor(names, 'errorList');
  return listNames.flatMap(listName => {
    const list = reader.member(node, listName);
    const items = list === undefined ? undefined : reader.items(list.node);
    return items !== undefined && items.length > 0 ? [{ name: list!.name, items }] : [];
  });
}

/** The member name of a list carrier in the node holding it: `errors` for `fault.errors[]`. */
const listKey = (carrier: Carrier<unknown>): string => carrier.member.slice(carrier.member.lastIndexOf('.') + 1);

/** True when a carrier clearly holds a code or a message: a wrapper is found, and an error kept, where one does. */
const holdsCodeOrMessage = <N>(reader: Reader<N>, carrier: Carrier<N>, names: Names): boolean =>
  CODE_AND_MESSAGE.some(question => memberIn(reader, carrier, question, names, false)?.certainty === 'clear');

/** True when the node itself clearly holds a code or a message. */
const holdsError = <N>(reader: Reader<N>, node: N, names: Names): boolean => holdsCodeOrMessage(reader, bodyOf(reader, node), names);

/**
 * The `error` object, or else, in a body that holds no code and no message, its only member when that is
 * an object, or the single object member holding one, or holding an error list whose items do
 * (`fault: { errors: [...], traceId }`), required or not.
 */
function wrapperOf<N>(reader: Reader<N>, root: N, names: Names): { name: string; node: N } | undefined {
  const named = reader.member(root, WRAPPER);
  if (named !== undefined && reader.isObject(named.node)) return named;
  if (holdsError(reader, root, names)) return undefined;
  const holdsList = (node: N) => errorLists(reader, node, names).some(list => list.items.every(item => holdsError(reader, item, names)));
  const members = reader.members(root).flatMap(name => reader.member(root, name) ?? []);
  // A body that is one object and nothing else wraps its error there, whatever it holds (Just Eat's `{ fault: { faultId, traceId } }`).
  if (members.length === 1 && reader.isObject(members[0].node)) return members[0];
  const inner = members.filter(member => reader.isObject(member.node) && (holdsError(reader, member.node, names) || holdsList(member.node)));
  return inner.length === 1 ? inner[0] : undefined;
}

/** The first member answering `question` in one carrier: every node of the carrier must have it. */
function memberIn<N>(reader: Reader<N>, carrier: Carrier<N>, question: Question, names: Names, required: boolean): Found<N> | undefined {
  return reader.remember(carrier, `${question} ${required} ${namesKey(names)}`, () => findMemberIn(reader, carrier, question, names, required));
}

function findMemberIn<N>(reader: Reader<N>, carrier: Carrier<N>, question: Question, names: Names, required: boolean): Found<N> | undefined {
  // A string code that is not the HTTP status is the one an agent branches on: Google's `status` over its HTTP `code`.
  const mirror = (found: Found<N>) => mirrorsStatus(reader.evidence(carrier.nodes[0], found.name));
  const branchable = (found: Found<N>) => reader.accepts(found.node, 'text', found.node) && !mirror(found);
  const candidates: Found<N>[] = [];
  for (const { concept, accepts } of MEMBERS[question]) {
    for (const name of namesFor(names, concept)) {
      if (question === 'errorCode' && carrier.nodes.some(node => reader.namesType(node, name))) continue;
      // Every node must have it: stop at the first that does not (an error list may hold thousands of items).
      let first: { node: N; required: boolean; name: string } | undefined;
      let allRequired = true;
      const everyNode = carrier.nodes.every(node => {
        const member = reader.member(node, name);
        if (member === undefined || (required && !member.required) || !reader.accepts(member.node, accepts, node)) return false;
        first ??= member;
        allRequired &&= member.required;
        return true;
      });
      if (!everyNode || first === undefined) continue;
      const found: Found<N> = { name: first.name, required: allRequired, node: first.node, carrier, certainty: 'clear' };
      // The first name found answers, and for the code the first an agent can branch on: the names after it are not sought.
      if (question !== 'errorCode' || branchable(found)) return found;
      candidates.push(found);
    }
  }
  // A number described or bounded as the HTTP status echoes it and is never the code (an undescribed integer `code` may
  // be); a string only when its values are reason phrases or statuses: one spelled as a code (`CONFLICT`, DigitalOcean's
  // `not_found` "corresponding to the HTTP status code") is the code.
  const echoes = (found: Found<N>) => {
    const evidence = reader.evidence(carrier.nodes[0], found.name);
    if (!evidence.types?.includes('string')) return mirrorsStatus(evidence);
    return (
      evidence.values.length > 0 &&
      evidence.values.every(value => typeof value === 'string' && (isReasonPhrase(value) || (/^\d+$/.test(value) && isStatusText(value))))
    );
  };
  return candidates.find(found => !echoes(found)) ?? (configured(names, question) ? undefined : recognisedIn(reader, carrier, question, required));
}

/** True when a rule's options name the members for `question`: the configured list is then the whole answer (the override). */
const configured = (names: Names, question: Question): boolean => MEMBERS[question].some(({ concept }) => names?.[concept] !== undefined);

/**
 * The member of a carrier that evidence recognises as answering `question` when no listed name does:
 * every node must have it and be recognised; a clear one before a likely one, else in declaration order.
 */
function recognisedIn<N>(reader: Reader<N>, carrier: Carrier<N>, question: Question, required: boolean): Found<N> | undefined {
  let best: Found<N> | undefined;
  const likely: string[] = [];
  for (const name of reader.members(carrier.nodes[0])) {
    // A member that names the object's type is no code, by evidence or by name.
    if (question === 'errorCode' && carrier.nodes.some(node => reader.namesType(node, name))) continue;
    let certainty: Certainty | undefined = 'clear';
    let allRequired = true;
    let first: { node: N; name: string } | undefined;
    for (const node of carrier.nodes) {
      const member = reader.member(node, name);
      const seen = member === undefined || (required && !member.required) ? undefined : recognise(question, reader.evidence(node, member.name));
      if (seen === undefined) {
        certainty = undefined;
        break;
      }
      if (seen === 'likely') certainty = 'likely';
      allRequired &&= member!.required;
      first ??= member;
    }
    if (certainty === undefined || first === undefined) continue;
    if (certainty === 'likely') likely.push(first.name);
    if (best === undefined || (best.certainty === 'likely' && certainty === 'clear'))
      best = { name: first.name, required: allRequired, node: first.node, carrier, certainty };
    if (best.certainty === 'clear') return best;
  }
  return best === undefined || likely.length < 2 ? best : { ...best, alternatives: likely.filter(name => name !== best!.name) };
}

/** Every member answering `question`, one per carrier that has one. */
function membersAnswering<N>(reader: Reader<N>, root: N, question: Question, names: Names, required = false): Found<N>[] {
  return carriersOf(reader, root, names).flatMap(carrier => {
    const found = memberIn(reader, carrier, question, names, required);
    return found?.certainty === 'clear' ? [found] : [];
  });
}

/** The best candidate for `question` when no carrier answers it clearly: a `likely` member to ask about, if any. */
function likelyAnswer<N>(reader: Reader<N>, carriers: Carrier<N>[], question: Question, names: Names): Found<N> | undefined {
  return carriers.map(carrier => memberIn(reader, carrier, question, names, false)).find(found => found !== undefined);
}

// ---- over schemas -------------------------------------------------------------------------------

/** A schema position: the views a payload there can take, and the property it sits under (none at the root). */
export interface SchemaNode {
  views: readonly ObjectView[];
  property?: Property;
}

/** A reader's `remember` that keeps every answer, per holder and key, as long as the holder lives. */
function keptAnswers(): Reader<unknown>['remember'] {
  const answers = new WeakMap<object, Map<string, unknown>>();
  return <T>(holder: object, key: string, compute: () => T): T => {
    let known = answers.get(holder);
    if (known === undefined) answers.set(holder, (known = new Map()));
    let answer = known.get(key) as T | undefined;
    if (answer === undefined && !known.has(key)) known.set(key, (answer = compute()));
    return answer as T;
  };
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

const readerFor = (doc: OpenApiDocument): Reader<SchemaNode> => doc.memo('error-shapes:reader', () => schemaReader(doc));

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
  message: new Set(['message', 'msg', 'detail', 'description', 'title', 'text', 'summary', 'reason', 'error']),
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

function homeIn<N>(reader: Reader<N>, carriers: Carrier<N>[], names: Names): Carrier<N> {
  return carriers.find(carrier => holdsCodeOrMessage(reader, carrier, names)) ?? carriers.find(carrier => carrier.kind === 'wrapper') ?? carriers[0];
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

// ---- over JSON values ----------------------------------------------------------------------------

/**
 * Each object's keys by their lower case, built once per object of more than SCANNED keys: an object with 64k keys is
 * read in linear time. A smaller one is scanned, and costs no entry here (a live body, read once, is garbage at once).
 */
const keysByCase = new WeakMap<JsonObject, Map<string, string>>();
const SCANNED = 16;
const hasOwn = (holder: JsonObject, key: string): boolean => Object.prototype.hasOwnProperty.call(holder, key);
function ownKey(holder: JsonObject, name: string): string | undefined {
  if (hasOwn(holder, name)) return name;
  const lower = name.toLowerCase();
  let seen = 0;
  for (const key in holder) {
    if (++seen > SCANNED) return keysOf(holder).get(lower);
    if (key.toLowerCase() === lower && hasOwn(holder, key)) return key;
  }
  return undefined;
}

function keysOf(holder: JsonObject): Map<string, string> {
  let keys = keysByCase.get(holder);
  if (keys === undefined) {
    keys = new Map();
    for (const key of Object.keys(holder)) if (!keys.has(key.toLowerCase())) keys.set(key.toLowerCase(), key);
    keysByCase.set(holder, keys);
  }
  return keys;
}

/** A JSON value and where it sits: in the user's document for an example, below the body for a live response. */
const valueReader: Reader<Located> = {
  // A value is read once per question: nothing to keep (describeErrorValue keeps answers for the questions of one call).
  remember: (_holder, _key, compute) => compute(),
  member(node, name) {
    // Most names are one key: no path to split, no spelling to join (a body with thousands of error items asks often).
    if (!name.includes('.')) {
      const holder = node.value;
      const key = isObject(holder) ? ownKey(holder, name) : undefined;
      return key === undefined ? undefined : { node: { value: (holder as JsonObject)[key], location: child(node.location, key) }, required: true, name: key };
    }
    let current = node;
    const spelled: string[] = [];
    for (const segment of name.split('.')) {
      const holder = current.value;
      const key = isObject(holder) ? ownKey(holder, segment) : undefined;
      if (key === undefined) return undefined;
      spelled.push(key);
      current = { value: (holder as JsonObject)[key], location: child(current.location, key) };
    }
    return { node: current, required: true, name: spelled.join('.') };
  },
  members: node => (isObject(node.value) ? Object.keys(node.value) : []),
  items: node =>
    Array.isArray(node.value) && node.value.every(isObject) ? node.value.map((value, i) => ({ value, location: child(node.location, i) })) : undefined,
  isObject: node => isObject(node.value),
  accepts(node, accepts, holder) {
    const value = node.value;
    if (accepts === 'any') return value !== undefined;
    // NestJS's `message: string[]` is text too: its concept says which names may hold a list.
    if (accepts === 'text') return typeof value === 'string' || (Array.isArray(value) && value.length > 0 && value.every(item => typeof item === 'string'));
    if (accepts === 'scalar') return typeof value === 'string' || typeof value === 'number';
    if (typeof value !== 'string') return false;
    // As over a schema: beside a numeric `code`, or a `code` that repeats the status as a string.
    if (accepts === 'statusName') return typeof this.member(holder, 'code')?.node.value === 'number' || mirrorsStatus(this.evidence(holder, 'code'));
    return isIdentifier(value) || typeof this.member(holder, OAUTH_DESCRIPTION)?.node.value === 'string';
  },
  evidence(node, name) {
    const value = this.member(node, name)?.node.value;
    // A value sent is read as a schema declaring that one value (`enum: [value]`): the lint and the guard weigh the same evidence.
    if (value === undefined) return { name, types: undefined, text: '', values: [] };
    return { name, types: [jsonType(value)], text: '', values: [value], ...(Array.isArray(value) ? { itemTypes: [...new Set(value.map(jsonType))] } : {}) };
  },
  namesType: () => false,
};

/** The JSON Schema type of a JSON value. */
const jsonType = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value === 'object' ? 'object' : typeof value;

/** A live body as the value reader takes it: no location to keep (the guard names a member by its path, `error.code`). */
const live = (body: unknown): Located => ({ value: body, location: undefined });

/** One member of a JSON error body: where it sits (`error.code`, `detail[].loc`) and its value (the first item's, for a list). */
export interface ValueMember {
  path: string;
  value: unknown;
}

/** The questions describeErrorValue answers at once (the guard asks the state questions one by one, of valueAnswer). */
const VALUE_QUESTIONS = [
  'errorCode',
  'message',
  'recoveryHint',
  'retryFlag',
  'retryDelay',
  'correlationId',
  'stackTrace',
] as const satisfies readonly Question[];

/** What a JSON error body carries, for the runtime guard and the value rules: each entry undefined when the body lacks it. */
export type ErrorValue = { [Q in (typeof VALUE_QUESTIONS)[number]]?: ValueMember } & {
  /** Every field the body names as failed: a single-error locator, the items of an error list or of a field-details list or map. */
  fields: ValueMember[];
};

/** `code`, `error.code`, `detail[].type`: where a member sits below the body. */
const valuePath = (carrier: Carrier<unknown>, name: string): string =>
  carrier.kind === 'body' ? name : carrier.kind === 'wrapper' ? `${carrier.member}.${name}` : `${carrier.member}[].${name}`;

/** One question asked of a JSON error body (the state questions too, for the runtime guard): the member that answers it, if any. */
export const valueAnswer = (body: unknown, question: Question, names: Names): ValueMember | undefined => answerIn(valueReader, live(body), question, names);

function answerIn(reader: Reader<Located>, root: Located, question: Question, names: Names): ValueMember | undefined {
  // The body is the first carrier: what it answers clearly is the answer, and the wrapper and lists are sought only past it.
  const inBody = memberIn(reader, bodyOf(reader, root), question, names, false);
  const best = inBody?.certainty === 'clear' ? inBody : membersAnswering(reader, root, question, names)[0];
  return best === undefined ? undefined : { path: valuePath(best.carrier, best.name), value: best.node.value };
}

/**
 * Where a JSON error body keeps its error (as homeCarrier for a schema), and the member names used there:
 * the runtime guard's advice names that place and writes a new member in its case style.
 */
export function valueHome(body: unknown, names: Names): { carrier: Carrier<unknown>; memberNames: string[] } {
  const carrier = homeIn(valueReader, carriersOf(valueReader, live(body), names), names);
  return { carrier, memberNames: [...new Set(carrier.nodes.flatMap(node => valueReader.members(node)))] };
}

/** What describeErrorValue can be asked: each question of VALUE_QUESTIONS, and `fields`. */
export type ValueQuestion = (typeof VALUE_QUESTIONS)[number] | 'fields';
const ALL_VALUE_QUESTIONS: readonly ValueQuestion[] = ['fields', ...VALUE_QUESTIONS];

/**
 * "What does this JSON error body carry?": the value-side entry point of the shapes table. Given `asked`, only
 * those answers are read (the runtime guard asks what its checks read at the response's status: a 400 never a retry delay).
 */
export function describeErrorValue(body: unknown, names?: Names): ErrorValue;
export function describeErrorValue(body: unknown, names: Names, asked: readonly ValueQuestion[]): Partial<ErrorValue>;
export function describeErrorValue(body: unknown, names?: Names, asked = ALL_VALUE_QUESTIONS): Partial<ErrorValue> {
  // Answers kept for this call: finding the wrapper asks the body for its code and message, as the questions do after.
  const reader: Reader<Located> = { ...valueReader, remember: keptAnswers() };
  const root = live(body);
  const result: Partial<ErrorValue> = asked.includes('fields') ? { fields: valueFields(carriersOf(reader, root, names), names) } : {};
  for (const question of VALUE_QUESTIONS) {
    const member = asked.includes(question) ? answerIn(reader, root, question, names) : undefined;
    if (member !== undefined) result[question] = member;
  }
  return result;
}

/** A member of an example found by name: its name as written, its value and location. */
export interface NamedMember extends Located {
  name: string;
}

/**
 * Every member of an example error body named one of `fieldNames`, in every carrier (the body, the
 * wrapper, each item of an error list), in the order of `fieldNames`: the value rules read codes and
 * messages where the shapes table says they sit.
 */
export function exampleMembers(example: Located, fieldNames: readonly string[], names: Names): NamedMember[] {
  const carriers = carriersOf(valueReader, example, names);
  return fieldNames.flatMap(name => carriers.flatMap(carrier => carrier.nodes.flatMap(node => namedIn(node, [name]))));
}

/** The members of one object named one of `fieldNames` (the values beside a field locator: `allowed_values`, `suggested_value`). */
export function namedIn(holder: Located, fieldNames: readonly string[]): NamedMember[] {
  return fieldNames.flatMap(name => {
    const member = valueReader.member(holder, name);
    return member === undefined ? [] : [{ name: member.name, ...member.node }];
  });
}

/**
 * The members of a carrier that list field errors: those named as field details, and by shape any other
 * array whose object items each carry a field locator and a reason (`fields`, Zod's `issues`, `invalid_params`).
 * Step and action lists are never field errors, whatever their items hold.
 */
function detailLists<N>(reader: Reader<N>, node: N, names: Names, lists: readonly string[]): { name: string; node: N }[] {
  const named = namesFor(names, 'fieldDetails').flatMap(name => reader.member(node, name) ?? []);
  const skip = new Set(
    [...named.map(member => member.name), ...lists, ...NOT_DETAILS.flatMap(concept => namesFor(names, concept))].map(name => name.toLowerCase()),
  );
  const byShape = reader
    .members(node)
    .filter(name => !skip.has(name.toLowerCase()))
    .flatMap(name => {
      // A member only some `oneOf` shapes declare is no list of them all.
      const member = reader.member(node, name);
      const items = member === undefined ? undefined : reader.items(member.node);
      const carries = (concept: Concept) => items!.every(item => namesFor(names, concept).some(inner => reader.member(item, inner) !== undefined));
      if (items !== undefined) return items.length > 0 && carries('fieldLocator') && carries('fieldReason') ? [member!] : [];
      // An object named for the inputs that failed maps each to its errors, declared as a map or not (Docker Hub's `fields`).
      return member !== undefined && namesInputs(name) && reader.isObject(member.node) ? [member] : [];
    });
  return [...named, ...byShape];
}
const NOT_DETAILS: Concept[] = ['nextSteps', 'allowedActions', 'nextActions', 'linkCollection'];

/** The fields a JSON error body names as failed, in every form the table knows. */
function valueFields(carriers: Carrier<Located>[], names: Names): ValueMember[] {
  const fields: ValueMember[] = [];
  const seen = new Map<string, Set<unknown>>();
  const add = (path: string, value: unknown) => {
    // An `errors` list is both an error list and a field-details list: each locator once, found in constant time.
    const values = seen.get(path) ?? seen.set(path, new Set()).get(path)!;
    if (!values.has(value)) (values.add(value), fields.push({ path, value }));
  };
  const locate = (item: Located, prefix: string) => {
    const member = namesFor(names, 'fieldLocator')
      .map(name => valueReader.member(item, name))
      .find(found => found !== undefined);
    if (member !== undefined) add(`${prefix}.${member.name}`, member.node.value);
    return member;
  };
  const lists = carriers.filter(carrier => carrier.kind === 'list').map(listKey);
  for (const carrier of carriers) {
    if (carrier.kind === 'list') carrier.nodes.forEach(item => locate(item, `${carrier.member}[]`));
    else {
      const single = memberIn(valueReader, carrier, 'errorField', names, false);
      if (single !== undefined) add(valuePath(carrier, single.name), single.node.value);
      for (const details of detailLists(valueReader, carrier.nodes[0], names, lists)) {
        const prefix = valuePath(carrier, details.name);
        const items = valueReader.items(details.node);
        if (items !== undefined) items.forEach(item => locate(item, `${prefix}[]`) ?? nestedFields(item, `${prefix}[]`, names, add));
        else if (isObject(details.node.value)) Object.entries(details.node.value).forEach(([field, reasons]) => add(`${prefix}.${field}`, reasons));
      }
    }
  }
  return fields;
}

/** A field locator in an example error body: the key as written, its value, and the error object it belongs to. */
export interface ExampleLocator {
  key: string;
  value: Located;
  /** The error object or field-details item holding it: the allowed and suggested values sit beside it there. */
  holder: Located<JsonObject>;
  /** Set when the key itself says where the input is: JSON:API's `source.parameter` names a query parameter. */
  query: boolean;
}

// JSON:API's `source.parameter` locates a query parameter, where `source.pointer` points into the body.
const QUERY_LOCATOR = 'source.parameter';

/**
 * Every field locator of an example error body, where the table says they sit: beside the code of a
 * body or wrapper (`field`, `target`, `param`), in the items of an error list or of a field-details list
 * (`detail[].loc`, `errors[].source.pointer`, `invalid-params[].name`, Google's nested `fieldViolations[]`).
 */
export function exampleLocators(example: Located, names: Names): ExampleLocator[] {
  const found: ExampleLocator[] = [];
  const seen = new Map<unknown, Set<string>>();
  const take = (holder: Located, locatorNames: readonly string[]) => {
    for (const name of locatorNames) {
      const member = valueReader.member(holder, name);
      const keys = seen.get(holder.value) ?? seen.set(holder.value, new Set()).get(holder.value)!;
      // An `errors` list is both an error list and a field-details list: each locator once.
      if (member === undefined || keys.has(member.name)) continue;
      keys.add(member.name);
      found.push({ key: member.name, value: member.node, holder: holder as Located<JsonObject>, query: name.toLowerCase() === QUERY_LOCATOR });
    }
  };
  const itemLocators = namesFor(names, 'fieldLocator');
  const carriers = carriersOf(valueReader, example, names);
  const lists = carriers.filter(carrier => carrier.kind === 'list').map(listKey);
  for (const carrier of carriers) {
    if (carrier.kind === 'list') {
      carrier.nodes.forEach(item => take(item, itemLocators));
      continue;
    }
    take(carrier.nodes[0], namesFor(names, 'errorField'));
    for (const details of detailLists(valueReader, carrier.nodes[0], names, lists)) {
      for (const item of valueReader.items(details.node) ?? []) {
        take(item, itemLocators);
        for (const inner of namesFor(names, 'fieldDetails').flatMap(name => valueReader.member(item, name) ?? [])) {
          (valueReader.items(inner.node) ?? []).forEach(violation => take(violation, itemLocators));
        }
      }
    }
  }
  return found;
}

/** Google's `details[]` items carry their own `fieldViolations[]`: one level of nesting. */
function nestedFields(item: Located, prefix: string, names: Names, add: (path: string, value: unknown) => void): void {
  for (const name of namesFor(names, 'fieldDetails')) {
    const inner = valueReader.member(item, name);
    for (const violation of (inner === undefined ? undefined : valueReader.items(inner.node)) ?? []) {
      const locator = namesFor(names, 'fieldLocator')
        .map(locatorName => valueReader.member(violation, locatorName))
        .find(found => found !== undefined);
      if (locator !== undefined) add(`${prefix}.${inner!.name}[].${locator.name}`, locator.node.value);
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
  const detailNames = namesFor(names, 'fieldDetails').map(name => name.toLowerCase());
  const carriers = schemaCarriers(doc, view, names);
  const lists = carriers.filter(carrier => carrier.kind === 'list').map(listKey);
  for (const carrier of carriers) {
    if (carrier.kind === 'list') {
      // A list also named as field details (`errors`) is judged below, as field details.
      if (!detailNames.includes(listKey(carrier).toLowerCase()))
        judged.push({ member: carrier.where, lacks: itemsLack(doc, carrier.nodes[0], names, expectation) });
      continue;
    }
    const single = memberIn(reader, carrier, 'errorField', names, false);
    if (single !== undefined) {
      const expected = expectation && memberIn(reader, carrier, 'allowedValues', names, false) === undefined;
      judged.push({ member: single.name, single: true, lacks: expected ? { locator: false, reason: false, expected } : undefined });
    }
    for (const details of detailLists(reader, carrier.nodes[0], names, lists)) {
      judged.push({ member: valuePath(carrier, details.name), lacks: detailsLack(doc, reader, details.node, names, expectation) });
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

/** An error item clearly holds the answer to `question`, by name or by evidence (`errorMessage`, a `source` said to be a JSONPath). */
function itemHolds(doc: OpenApiDocument, item: SchemaNode, question: Question, names: Names): boolean {
  const reader = readerFor(doc);
  return memberIn(reader, bodyOf(reader, item), question, names, false)?.certainty === 'clear';
}

function itemsLack(doc: OpenApiDocument, item: SchemaNode, names: Names, expectation: boolean): FieldDetails['lacks'] {
  // A locator or a reason under a name of the API's own (HERE's `source`, Velo's `errorMessage`) is recognised by evidence, unless the rule names them.
  const locator =
    !covers(doc, item.views, namesFor(names, 'fieldLocator')) && (names?.fieldLocator !== undefined || !itemHolds(doc, item, 'errorField', names));
  const reason = !covers(doc, item.views, namesFor(names, 'fieldReason')) && (names?.fieldReason !== undefined || !itemHolds(doc, item, 'message', names));
  const expected = expectation && !covers(doc, item.views, namesFor(names, 'allowedValues'));
  if (!locator && !reason && !expected) return undefined;
  return expectation ? { locator, reason, expected } : { locator, reason };
}

/**
 * Every shape declares one of the (possibly dotted) names, each shape its own: App Store Connect's
 * `source` is `oneOf` `{ pointer }` and `{ parameter }`, and either locates the field.
 */
function covers(doc: OpenApiDocument, views: readonly ObjectView[], names: readonly string[]): boolean {
  return (
    views.length > 0 &&
    views.every(view =>
      names.some(name => {
        const [head, ...rest] = name.split('.');
        const key = keyNamed(view.properties.keys(), head);
        const property = key === undefined ? undefined : ownProperty(view, [key]);
        if (property === undefined || rest.length === 0) return property !== undefined;
        const under = names.filter(other => other.startsWith(`${head}.`)).map(other => other.slice(head.length + 1));
        return covers(doc, viewsOf(doc, property.schema, property.location)?.filter(isObjectView) ?? [], under);
      }),
    )
  );
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
