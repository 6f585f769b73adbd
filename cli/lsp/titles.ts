/**
 * What a quick fix does, in its title: "Add `x-ax-retryable: false` to POST /orders", "Point POST /orders 201
 * at `OrderWithNextSteps`". Read off the edits themselves, so a title cannot say other than the edit does.
 */
import { isObject, type JsonPath, type Operation } from '../../lib/document/document';
import type { Edit } from '../../lib/findings/edits';
import { label } from '../../lib/findings/rule-function';

/** A title is one line of a menu: longer lists end in "and N more". */
const MAX_PHRASES = 2;

const code = (text: string) => `\`${text}\``;
const names = (keys: readonly string[]) => keys.map(code).join(', ');
const lastName = (path: JsonPath) => String(path[path.length - 1]);

/** "POST /orders", "POST /orders 429", "`Order`", or the dotted path of anything else. */
export function placeOf(target: JsonPath, operationsAt: (path: JsonPath) => Operation[]): string {
  const [owner] = operationsAt(target);
  if (owner !== undefined) {
    const rest = target.slice(owner.location.length);
    return rest[0] === 'responses' && rest.length >= 2 ? `${label(owner)} ${rest[1]}` : label(owner);
  }
  if (target[0] === 'components' && target[1] === 'schemas' && target.length >= 3) return code(schemaTrail(target.slice(2)));
  if (target[0] === 'definitions' && target.length >= 2) return code(schemaTrail(target.slice(1)));
  return target.length === 0 ? 'the document' : code(target.join('.'));
}

/** `Payment.allOf.1.properties.nextSteps.items` as a reader names it: `Payment.nextSteps[]`. */
function schemaTrail(path: JsonPath): string {
  let trail = String(path[0]);
  for (let i = 1; i < path.length; i++) {
    const segment = path[i];
    if (['allOf', 'oneOf', 'anyOf'].includes(String(segment)) && typeof path[i + 1] === 'number') i++;
    else if (segment === 'items') trail += '[]';
    else if (segment !== 'properties') trail += `.${String(segment)}`;
  }
  return trail;
}

const scalarText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
type OperationsAt = (path: JsonPath) => Operation[];

/** The schema an edit points its target at (`$ref`), by name. */
const pointedAt = (edit: Edit) => (typeof edit.update.$ref === 'string' ? lastName(edit.update.$ref.split('/')) : undefined);
/** Where a document declares its schemas: an edit there declares new ones. */
const declaresSchemas = (target: JsonPath) => JSON.stringify(target) === '["components","schemas"]' || JSON.stringify(target) === '["definitions"]';

/** What one edit does to its place, as a verb phrase; undefined when another phrase already says it (a schema declared for a `$ref`). */
function phrase(edit: Edit, pointed: ReadonlySet<string>, operationsAt: OperationsAt): string | undefined {
  const place = placeOf(edit.target, operationsAt);
  if (declaresSchemas(edit.target)) {
    const declared = Object.keys(edit.update).filter(name => !pointed.has(name));
    return declared.length === 0 ? undefined : `Declare ${names(declared)}`;
  }
  const { properties, required, enum: values, headers, ...others } = edit.update;
  const added = [
    ...(isObject(properties) ? [names(Object.keys(properties)) + (Array.isArray(required) ? ' (required)' : '')] : []),
    ...(isObject(headers) ? Object.keys(headers).map(name => `header ${code(name)}`) : []),
    ...Object.entries(others).map(([key, value]) => code(isObject(value) || Array.isArray(value) ? key : `${key}: ${scalarText(value)}`)),
  ];
  if (Array.isArray(values)) return `Limit ${place} to ${names(values.map(String))}`;
  if (added.length === 0 && Array.isArray(required)) return `Require ${names(required.map(String))} in ${place}`;
  return `Add ${added.join(', ')} to ${place}`;
}

/**
 * Responses pointed at a new schema (an envelope, lib/findings/edits.ts), one phrase per schema: "Give POST /orders 201
 * `OrderWithNextSteps`", with the members it adds when its name does not say them ("`ProblemWithState` (`refreshUrl`)").
 */
function givePhrases(pointers: readonly Edit[], declarations: readonly Edit[], operationsAt: OperationsAt): string[] {
  const byName = new Map<string, string[]>();
  for (const edit of pointers) byName.set(pointedAt(edit)!, [...(byName.get(pointedAt(edit)!) ?? []), placeOf(edit.target, operationsAt)]);
  return [...byName].map(([name, places]) => {
    const unique = [...new Set(places)];
    const members = membersOf(name, declarations).filter(member => !name.endsWith(`With${member[0].toUpperCase()}${member.slice(1)}`));
    return `Give ${unique.length <= MAX_PHRASES ? unique.join(' and ') : `${unique.length} responses`} ${code(name)}${members.length === 0 ? '' : ` (${names(members)})`}`;
  });
}

/** The members a schema declared by these edits adds in its `allOf` parts beside the shared `$ref`. */
function membersOf(name: string, declarations: readonly Edit[]): string[] {
  const parts = declarations.flatMap(edit => {
    const declared = edit.update[name];
    return isObject(declared) && Array.isArray(declared.allOf) ? declared.allOf : [];
  });
  return parts.flatMap(part => (isObject(part) && isObject(part.properties) ? Object.keys(part.properties) : []));
}

/** The title of a quick fix made of `edits`: its first phrase, then the others after commas. */
export function titleOf(edits: readonly Edit[], operationsAt: OperationsAt): string {
  const pointers = edits.filter(edit => pointedAt(edit) !== undefined);
  const pointed = new Set(pointers.map(edit => pointedAt(edit)!));
  const others = edits.filter(edit => pointedAt(edit) === undefined).map(edit => phrase(edit, pointed, operationsAt));
  const declarations = edits.filter(edit => declaresSchemas(edit.target));
  const phrases = [...new Set([...givePhrases(pointers, declarations, operationsAt), ...others.filter((text): text is string => text !== undefined)])];
  const more = phrases.length - MAX_PHRASES;
  const shown = phrases.slice(0, MAX_PHRASES).map((text, i) => (i === 0 ? text : text[0].toLowerCase() + text.slice(1)));
  return shown.join(', ') + (more > 0 ? ` and ${more} more change${more === 1 ? '' : 's'}` : '');
}
