/**
 * The values an error field takes across a document: the `enum`/`const`/`example`/`examples` values its
 * property schema declares in each error schema (property-level examples included, through `$ref`,
 * `allOf`, `oneOf`), and its value in each error example. Value rules (severity, code format, catalog,
 * vague messages) read these instead of walking schemas and examples themselves.
 */
import {
  child,
  errorBodies,
  isErrorStatus,
  isObject,
  valueAt,
  type JsonPath,
  type Located,
  type OpenApiDocument,
  type Operation,
  type Response,
} from '../document/document';
import { errorSchemas, type ErrorSchema } from './error-bodies';
import { type Names } from './shape-table';
import { schemaMembers } from './schema-shapes';
import { exampleMembers, type NamedMember } from './value-shapes';
import { namesFor } from '../semantics/names';
import { declaredValues } from '../document/schema';
import { isStatusText, words } from './concepts';

export interface FieldValue extends Located {
  operation: Operation;
  response: Response;
  /** The field's name as found (one of the names asked for). */
  name: string;
  source: 'schema' | 'example';
  /** For a schema value, the keyword naming it (`enum`, `const`, `example`, `examples`); undefined outside the user's document. */
  keyword?: string;
  /** False when another of the names asked for, listed before this one, sits in the same object: a `type` beside a `code` is not the code. */
  primary: boolean;
  /** The property schema or the example member holding the value: values of one field share it. */
  field: JsonPath | undefined;
  /** The schema or example, for messages: "the error schema", "the application/json error example". */
  holder: string;
  /** The same without the media type ("the error example"): one defect of a shared component, whichever body reads it. */
  kind: string;
  /** The location of that schema or example: where a finding lands when the value itself sits in a shared component. */
  within: JsonPath | undefined;
}

/** The keyword that names a declared value, read from its location (`…/enum/2`, `…/example`). */
function keywordAt(location: JsonPath | undefined): string | undefined {
  if (location === undefined) return undefined;
  const last = String(location[location.length - 1]);
  return typeof location[location.length - 1] === 'number' ? String(location[location.length - 2]) : last;
}

/** Members of one example whose object holds an earlier of the names asked for are not primary. */
function primaryMembers(members: NamedMember[]): Set<NamedMember> {
  const firstPerHolder = new Map<string, NamedMember>();
  for (const member of members) {
    const holder = JSON.stringify(member.location?.slice(0, -1) ?? null);
    if (!firstPerHolder.has(holder)) firstPerHolder.set(holder, member);
  }
  return new Set(firstPerHolder.values());
}

/** A value an error schema declares for a field, before it is placed in a response. */
type Declared = Pick<FieldValue, 'value' | 'location' | 'name' | 'keyword' | 'primary' | 'field'>;

/**
 * The values an error schema declares for the named fields, kept in `perSchema` (the names' memo) per schema
 * object: a shared error schema is read once, not once per response that uses it.
 */
function declaredIn(doc: OpenApiDocument, target: ErrorSchema, names: readonly string[], shapes: Names, perSchema: WeakMap<object, Declared[]>): Declared[] {
  const node = doc.resolve(target.schema.value, target.schema.location)?.value;
  const cached = isObject(node) ? perSchema.get(node) : undefined;
  if (cached !== undefined) return cached;
  // Per view and per carrier (the body, the wrapper, an error list's items): the property under each name.
  const found = target.views.flatMap(view => schemaMembers(doc, view, names, shapes));
  // The first name a carrier declares holds its code; a later one (a `type` beside a `code`) does not.
  const primary = new Set(found.map(properties => names[properties.findIndex(property => property !== undefined)]));
  const declared: Declared[] = [];
  // One lookup per name: a schema may declare both `code` and `type`, and a `type` may still be a problem-type URI.
  names.forEach((name, i) => {
    const seen = new Set<unknown>();
    for (const property of found.map(properties => properties[i])) {
      if (property === undefined || seen.has(property.schema)) continue;
      seen.add(property.schema);
      for (const value of declaredValues(doc, property))
        declared.push({ ...value, name, keyword: keywordAt(value.location), primary: primary.has(name), field: property.location });
    }
  });
  if (isObject(node)) perSchema.set(node, declared);
  return declared;
}

/** The values of the named error fields across the operations' error schemas and examples; `shapes` are the rule's shape names (`errorList`). */
export function errorFieldValues(doc: OpenApiDocument, operations: readonly Operation[], names: readonly string[], shapes: Names): FieldValue[] {
  const values: FieldValue[] = [];
  // Per names asked (whichever rule asks), per schema object.
  const perNames = doc.memo('error-values:declared', () => new Map<string, WeakMap<object, Declared[]>>());
  const key = JSON.stringify([names, shapes?.errorList]);
  const perSchema = perNames.get(key) ?? perNames.set(key, new WeakMap()).get(key)!;
  for (const target of errorSchemas(doc, operations, isErrorStatus)) {
    const { operation, response, name: holder } = target;
    for (const value of declaredIn(doc, target, names, shapes, perSchema))
      values.push({ ...value, operation, response, source: 'schema', holder, kind: 'the error schema', within: target.schema.location });
  }
  for (const { operation, response, body } of errorBodies(doc, operations)) {
    for (const example of body.examples) {
      const members = exampleMembers(example, names, shapes, doc);
      const primary = primaryMembers(members);
      for (const member of members) {
        const { name, value, location } = member;
        values.push({
          name,
          value,
          location,
          operation,
          response,
          source: 'example',
          primary: primary.has(member),
          field: location,
          holder: `the ${body.mediaType} error example`,
          kind: 'the error example',
          within: example.location,
        });
      }
    }
  }
  return values;
}

/** The words of a member that carries the specific detail of an error beside a generic message (`debugInfo`, `detail`, `developerMessage`). */
const DETAIL_WORDS = new Set(['detail', 'details', 'debug', 'info', 'description', 'explanation', 'developer', 'cause']);

/**
 * The API's own detail member beside a message that only repeats the HTTP reason phrase ("Bad Request", a
 * `message` documented as the status code's description): its name, and its text where the value is an
 * example's. The agent reads that member for the cause, so the vague-message rule judges it instead.
 */
export function detailBeside(doc: OpenApiDocument, value: FieldValue, text: string): { name: string; text?: Located<string> } | undefined {
  if (!isStatusText(text) || value.field === undefined) return undefined;
  const holder = valueAt(doc.root, value.field.slice(0, -1));
  if (!isObject(holder)) return undefined;
  const name = Object.keys(holder).find(key => key !== value.name && words(key).some(word => DETAIL_WORDS.has(word)));
  if (name === undefined) return undefined;
  const sent = holder[name];
  return value.source === 'example' && typeof sent === 'string' ? { name, text: { value: sent, location: [...value.field.slice(0, -1), name] } } : { name };
}

/** The strings a value shows an agent: itself, or each string of a list (`suggestions`). */
export function textsOf(value: FieldValue): Located<string>[] {
  const items = Array.isArray(value.value) ? value.value.map((item, i) => ({ value: item, location: child(value.location, i) })) : [value];
  return items.filter((item): item is Located<string> => typeof item.value === 'string');
}

/** True for a value an example shows (a response example, or a property's `example`/`examples`), not one a schema only allows. */
export const isExampleValue = (value: FieldValue): boolean => value.source === 'example' || value.keyword === 'example' || value.keyword === 'examples';

/** How a value is named in a message: "the application/json error example's `code`", "the error schema's `message` example". */
export function fieldName(value: FieldValue, holder = value.holder): string {
  const what = value.source === 'example' ? '' : isExampleValue(value) ? ' example' : ' value';
  return `${holder}'s \`${value.name}\`${what}`;
}

/**
 * The retry flags of an error body (an example, or a live body) that say `true` while the body gives no
 * delay: ax-recoverable-retry-after's one test of both, since Geodocs' "Agent Error Handling Documentation
 * Specification" calls such an error malformed unless a header gives the delay.
 */
export function retryableWithoutDelay(body: Located, names: Names): NamedMember[] {
  const delays = namesFor(names, 'retryDelay');
  // One reading of the body for both names: a live body is read afresh each time.
  const members = exampleMembers(body, [...delays, ...namesFor(names, 'retryFlag')], names);
  const isDelay = (member: NamedMember) => delays.some(name => name.toLowerCase() === member.name.toLowerCase());
  return members.some(isDelay) ? [] : members.filter(member => !isDelay(member) && member.value === true);
}
