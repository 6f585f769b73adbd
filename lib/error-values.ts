/**
 * The values an error field takes across a document: the `enum`/`const`/`example`/`examples` values its
 * property schema declares in each error schema (property-level examples included, through `$ref`,
 * `allOf`, `oneOf`), and its value in each error example. Value rules (severity, code format, catalog,
 * vague messages) read these instead of walking schemas and examples themselves.
 */
import { errorBodies, isErrorStatus, type JsonPath, type Located, type OpenApiDocument, type Operation, type Response } from './document';
import { errorProperty, errorSchemas } from './error-bodies';
import { declaredValues, type ObjectView } from './schema';
import { membersOf, type Member } from './values';

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
  /** The location of that schema or example: where a finding lands when the value itself sits in a shared component. */
  within: JsonPath | undefined;
}

/** The keyword that names a declared value, read from its location (`…/enum/2`, `…/example`). */
function keywordAt(location: JsonPath | undefined): string | undefined {
  if (location === undefined) return undefined;
  const last = String(location[location.length - 1]);
  return typeof location[location.length - 1] === 'number' ? String(location[location.length - 2]) : last;
}

/** The name of the first of `names` a view declares, at its top level or in the `error` wrapper. */
function firstDeclared(doc: OpenApiDocument, view: ObjectView, names: readonly string[]): string | undefined {
  return names.find(name => errorProperty(doc, view, [name]) !== undefined);
}

/** Members of one example whose object holds an earlier of the names asked for are not primary. */
function primaryMembers(members: Member[]): Set<Member> {
  const firstPerHolder = new Map<string, Member>();
  for (const member of members) {
    const holder = JSON.stringify(member.location?.slice(0, -1) ?? null);
    if (!firstPerHolder.has(holder)) firstPerHolder.set(holder, member);
  }
  return new Set(firstPerHolder.values());
}

export function errorFieldValues(doc: OpenApiDocument, operations: Operation[], names: readonly string[]): FieldValue[] {
  const values: FieldValue[] = [];
  for (const target of errorSchemas(doc, operations, isErrorStatus)) {
    const { operation, response, name: holder } = target;
    const primaryNames = new Set(target.views.map(view => firstDeclared(doc, view, names)));
    // One lookup per name: a schema may declare both `code` and `type`, and a `type` may still be a problem-type URI.
    for (const name of names) {
      const seen = new Set<unknown>();
      for (const property of target.views.map(view => errorProperty(doc, view, [name]))) {
        if (property === undefined || seen.has(property.schema)) continue;
        seen.add(property.schema);
        for (const value of declaredValues(doc, property)) {
          values.push({ ...value, operation, response, name, source: 'schema', keyword: keywordAt(value.location), primary: primaryNames.has(name), field: property.location, holder, within: target.schema.location });
        }
      }
    }
  }
  for (const { operation, response, body } of errorBodies(doc, operations)) {
    for (const example of body.examples) {
      const members = membersOf(example, names);
      const primary = primaryMembers(members);
      for (const member of members) {
        const { name, value, location } = member;
        values.push({ name, value, location, operation, response, source: 'example', primary: primary.has(member), field: location, holder: `the ${body.mediaType} error example`, within: example.location });
      }
    }
  }
  return values;
}

/** True for a value an example shows (a response example, or a property's `example`/`examples`), not one a schema only allows. */
export const isExampleValue = (value: FieldValue): boolean => value.source === 'example' || value.keyword === 'example' || value.keyword === 'examples';

/** How a value is named in a message: "the application/json error example's `code`", "the error schema's `message` example". */
export function fieldName(value: FieldValue): string {
  const what = value.source === 'example' ? '' : isExampleValue(value) ? ' example' : ' value';
  return `${value.holder}'s \`${value.name}\`${what}`;
}
