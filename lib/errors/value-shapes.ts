/**
 * The error-shapes table (lib/errors/shape-table.ts) read over plain JSON values: examples in the document, and live
 * bodies for the runtime guard (runtime/shapes.ts).
 */
import { mirrorsStatus, type Question } from './concepts';
import { child, isObject, type JsonObject, type Located, type OpenApiDocument } from '../document/document';
import { namesFor, type Names } from '../semantics/names';
import {
  bodyOf,
  type Carrier,
  carriersOf,
  detailLists,
  homeIn,
  isIdentifier,
  keptAnswers,
  listedAnswer,
  listKey,
  memberIn,
  membersAnswering,
  OAUTH_DESCRIPTION,
  type Reader,
  valuePath,
} from './shape-table';

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
    // No spread of a conditional member: the runtime guard weighs a live error code's evidence on each body it checks.
    return Array.isArray(value)
      ? { name, types: ['array'], text: '', values: [value], itemTypes: [...new Set(value.map(jsonType))] }
      : { name, types: [jsonType(value)], text: '', values: [value] };
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

/** One question asked of a JSON error body (the state questions too, for the runtime guard): the member that answers it, if any. */
export const valueAnswer = (body: unknown, question: Question, names: Names): ValueMember | undefined => answerIn(valueReader, live(body), question, names);

/** Whether the body itself answers `question` with the listed `name` (listedAnswer): when it does, valueAnswer and describeErrorValue answer it too. */
export const answeredBy = (body: unknown, question: Question, names: Names, name: string): boolean =>
  listedAnswer(valueReader, bodyOf(valueReader, live(body)), question, names, name) !== undefined;

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
 * The reader of a description's examples, which keeps its answers per example for the document's lint: the examples
 * are the document's nodes, read alike by every rule that asks (six read the code and message of every error example).
 */
const exampleReader = (doc: OpenApiDocument): Reader<Located> => doc.memo('value-shapes:example-reader', () => ({ ...valueReader, remember: keptAnswers() }));

/**
 * Every member of an example error body named one of `fieldNames`, in every carrier (the body, the
 * wrapper, each item of an error list), in the order of `fieldNames`: the value rules read codes and
 * messages where the shapes table says they sit. Given the document the example is a node of, its carriers are kept.
 */
export function exampleMembers(example: Located, fieldNames: readonly string[], names: Names, doc?: OpenApiDocument): NamedMember[] {
  const carriers = carriersOf(doc === undefined ? valueReader : exampleReader(doc), example, names);
  return fieldNames.flatMap(name => carriers.flatMap(carrier => carrier.nodes.flatMap(node => namedIn(node, [name]))));
}

/** The members of one object named one of `fieldNames` (the values beside a field locator: `allowed_values`, `suggested_value`). */
export function namedIn(holder: Located, fieldNames: readonly string[]): NamedMember[] {
  return fieldNames.flatMap(name => {
    const member = valueReader.member(holder, name);
    return member === undefined ? [] : [{ name: member.name, ...member.node }];
  });
}

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
