/**
 * The values an error field takes across a document: the `enum`/`const`/`example` values its property
 * schema declares in each error schema, and its value in each error example. Value rules (severity,
 * code format, catalog) read these instead of walking schemas and examples themselves.
 */
import { errorBodies, isErrorStatus, type JsonPath, type Located, type OpenApiDocument, type Operation, type Response } from './document';
import { errorProperty, errorSchemas } from './error-bodies';
import { declaredValues } from './schema';
import { membersOf } from './values';

export interface FieldValue extends Located {
  operation: Operation;
  response: Response;
  /** The field's name as found (one of the names asked for). */
  name: string;
  source: 'schema' | 'example';
  /** The schema or example, for messages: "the error schema", "the application/json error example". */
  holder: string;
  /** The location of that schema or example: where a finding lands when the value itself sits in a shared component. */
  within: JsonPath | undefined;
}

export function errorFieldValues(doc: OpenApiDocument, operations: Operation[], names: readonly string[]): FieldValue[] {
  const values: FieldValue[] = [];
  for (const target of errorSchemas(doc, operations, isErrorStatus)) {
    const { operation, response, name: holder } = target;
    // One lookup per name: a schema may declare both `code` and `type`, and both carry codes.
    for (const name of names) {
      const seen = new Set<unknown>();
      for (const property of target.views.map(view => errorProperty(doc, view, [name]))) {
        if (property === undefined || seen.has(property.schema)) continue;
        seen.add(property.schema);
        values.push(...declaredValues(doc, property).map(value => ({ ...value, operation, response, name, source: 'schema' as const, holder, within: target.schema.location })));
      }
    }
  }
  for (const { operation, response, body } of errorBodies(doc, operations)) {
    for (const example of body.examples) {
      for (const member of membersOf(example, names)) {
        values.push({ ...member, operation, response, source: 'example', holder: `the ${body.mediaType} error example`, within: example.location });
      }
    }
  }
  return values;
}
