/**
 * Field details over schemas: every form in which an error view names the failed input fields, judged with the
 * error-shapes table (lib/errors/shape-table.ts) and its schema reader (lib/errors/schema-shapes.ts).
 */
import type { Question } from './concepts';
import { isObject, type OpenApiDocument } from '../document/document';
import { namesFor, type Names } from '../semantics/names';
import { isObjectView, mapValues, ownProperty, propertyTypes, viewsOf, type ObjectView } from '../document/schema';
import { bodyOf, detailLists, keyNamed, listKey, memberIn, type Reader, valuePath } from './shape-table';
import { readerFor, schemaCarriers, type SchemaNode } from './schema-shapes';

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
  // Django REST framework's 400: each failed field a member of the body itself, with its messages, beside the declared code and message.
  if (messageLists(doc, view.parts)) judged.push({ member: '<field>', lacks: expectation ? { fieldMap: true } : undefined });
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
  if (node.views.some(view => view.properties.size > 0)) return false;
  const values = mapValues(
    doc,
    node.views.flatMap(view => view.parts),
  );
  return values !== undefined && values.every(value => value.types === undefined || value.types.includes('string') || value.types.includes('array'));
}

/** An object whose other members are each a list of strings (Django REST framework's `{ "email": ["Enter a valid email address."] }`). */
function messageLists(doc: OpenApiDocument, parts: ObjectView['parts']): boolean {
  const values = mapValues(doc, parts);
  return (
    values !== undefined &&
    values.length > 0 &&
    values.every(value => value.types?.includes('array') === true && value.parts.some(part => isObject(part.value.items) && part.value.items.type === 'string'))
  );
}
