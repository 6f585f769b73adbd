/**
 * The values a user gives the probe for what it cannot infer: `--param name=value` for every parameter of
 * that name, and an input file of path values, query and body per operation (by operationId or
 * `METHOD /path`). Both are checked against the description before anything is sent.
 */
import { HTTP_METHODS, isObject, type OpenApiDocument, type Operation } from '../../lib/document/document';
import { inputsOf, operationsById } from '../../lib/document/inputs';
import { nearest } from '../../lib/document/nearest';
import { label } from '../../lib/findings/rule-function';
import { InputError, UsageError } from '../args';
import { readParsed } from '../lint';
import { credentialsIn } from './redact';

/** "post /orders" → "POST /orders": the label the report uses; undefined for text that is not a method and a path. */
export function routeLabel(text: string): string | undefined {
  const match = /^\s*([a-z]+)\s+(\/\S*)\s*$/i.exec(text);
  return match === null || !(HTTP_METHODS as readonly string[]).includes(match[1].toLowerCase()) ? undefined : `${match[1].toUpperCase()} ${match[2]}`;
}

/** What a first try takes as given rather than built: parameter values by place, and (when present) the whole body. */
export interface Given {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, unknown>;
  body?: unknown;
}

/** One operation's entry of the input file. */
type Entry = Partial<Pick<Given, 'path' | 'query'>> & { body?: unknown };

/** The parameter places a user may give values for, as the input file and a request name them. */
const PLACES = { path: 'path', query: 'query', header: 'headers' } as const;
const ENTRY_KEYS = ['path', 'query', 'body'];

const isScalar = (value: unknown) => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
const didYouMean = (meant: string | undefined) => (meant === undefined ? '' : `; did you mean "${meant}"?`);

/** The names of an operation's parameters in one place (those the probe sends: path, query, header). */
function parameterNames(doc: OpenApiDocument, operation: Operation, place: keyof typeof PLACES): string[] {
  return inputsOf(doc, operation)
    .parameters.filter(parameter => parameter.implicit !== true && parameter.in === place)
    .map(parameter => parameter.name);
}

export class UserValues {
  private constructor(
    private readonly doc: OpenApiDocument,
    private readonly params: Record<string, string>,
    private readonly entries: Map<Operation, Entry>,
  ) {}

  /** The --param values and the input file (read and checked), or a one-line error naming what is wrong. */
  static async read(doc: OpenApiDocument, params: Record<string, string>, file: string | undefined): Promise<UserValues> {
    checkParams(doc, params);
    const entries = file === undefined ? new Map<Operation, Entry>() : entriesOf(doc, (await readParsed(file)).data, file);
    return new UserValues(doc, params, entries);
  }

  /** The credentials the user gives (`password`, `client_secret` … in the input file, a `--param` named so): never shown in a report. */
  secrets(): string[] {
    return [...credentialsIn(this.params), ...[...this.entries.values()].flatMap(entry => credentialsIn(entry))];
  }

  /** What the user gives for one operation: its entry of the input file over the --param values of its parameters. */
  for(operation: Operation): Given {
    const given: Given = { path: {}, query: {}, headers: {} };
    for (const place of Object.keys(PLACES) as (keyof typeof PLACES)[]) {
      for (const name of parameterNames(this.doc, operation, place)) {
        if (Object.hasOwn(this.params, name)) given[PLACES[place]][name] = this.params[name];
      }
    }
    const entry = this.entries.get(operation);
    Object.assign(given.path, entry?.path);
    Object.assign(given.query, entry?.query);
    if (entry !== undefined && Object.hasOwn(entry, 'body')) given.body = entry.body;
    return given;
  }
}

/** Every --param names a parameter the probe sends in some operation, or the user hears which one it meant. */
function checkParams(doc: OpenApiDocument, params: Record<string, string>): void {
  const known = new Set(
    doc.operations().flatMap(operation => (Object.keys(PLACES) as (keyof typeof PLACES)[]).flatMap(place => parameterNames(doc, operation, place))),
  );
  for (const name of Object.keys(params)) {
    if (!known.has(name))
      throw new UsageError(`--param "${name}" names no path, query or header parameter of the description${didYouMean(nearest(name, known))}`);
  }
}

/** The operation a key of the input file names: `METHOD /path` as written in the description, else its operationId. */
function operationNamed(doc: OpenApiDocument, key: string): Operation | undefined {
  const route = routeLabel(key);
  return route === undefined ? operationsById(doc).get(key) : doc.operations().find(operation => label(operation) === route);
}

/** The entries of a parsed input file, each checked against its operation; anything else is an InputError naming the file. */
function entriesOf(doc: OpenApiDocument, data: unknown, file: string): Map<Operation, Entry> {
  const wrong = (problem: string) => new InputError(file, problem);
  if (!isObject(data)) throw wrong('must map operations (operationId or "METHOD /path") to their `path`, `query` and `body`');
  const entries = new Map<Operation, Entry>();
  const names = [...operationsById(doc).keys(), ...doc.operations().map(operation => label(operation))];
  for (const [key, entry] of Object.entries(data)) {
    const operation = operationNamed(doc, key);
    if (operation === undefined) throw wrong(`"${key}" is not an operation of the description${didYouMean(nearest(key, names))}`);
    if (!isObject(entry)) throw wrong(`"${key}" must map \`path\`, \`query\` or \`body\` to its values`);
    const other = Object.keys(entry).find(name => !ENTRY_KEYS.includes(name));
    if (other !== undefined) throw wrong(`"${key}" takes \`path\`, \`query\` and \`body\`, not \`${other}\``);
    for (const place of ['path', 'query'] as const) {
      const problem = placeProblem(doc, operation, place, entry[place]);
      if (problem !== undefined) throw wrong(`"${key}": ${problem}`);
    }
    entries.set(operation, entry as Entry);
  }
  return entries;
}

/** What is wrong with an entry's `path` or `query`: not a map, a name the operation does not take, a value that is not text. */
function placeProblem(doc: OpenApiDocument, operation: Operation, place: 'path' | 'query', values: unknown): string | undefined {
  if (values === undefined) return undefined;
  if (!isObject(values)) return `\`${place}\` must map parameter names to values`;
  const known = parameterNames(doc, operation, place);
  for (const [name, value] of Object.entries(values)) {
    if (!known.includes(name)) return `\`${place}.${name}\` is not a ${place} parameter of ${label(operation)}${didYouMean(nearest(name, known))}`;
    const scalar = isScalar(value) || (place === 'query' && Array.isArray(value) && value.every(isScalar));
    if (!scalar) return `\`${place}.${name}\` must be a string, number or boolean${place === 'query' ? ' (or a list of them)' : ''}`;
  }
  return undefined;
}
