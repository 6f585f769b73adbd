/**
 * A rule's messages, declared once as a table of templates by id (the way typescript-eslint rules declare
 * `meta.messages`): `{{name}}` marks a parameter, and `say(id, data)` renders one. The table lives in the
 * rule's function file, so that a YAML ruleset that loads the function alone (`functionsDir`) renders the
 * same words; the rule's declaration reads it off the function.
 */

/** Templates by id; `as const`, so that each template's parameters are known to the compiler. */
export type Messages = Readonly<Record<string, string>>;

/** The parameter names of a template: `'{{name}} has no {{what}}'` gives `'name' | 'what'`. */
export type ParamsOf<T extends string> = T extends `${string}{{${infer P}}}${infer Rest}` ? P | ParamsOf<Rest> : never;

/** The data a template takes: one value per parameter, none more. */
export type DataOf<T extends string> = { readonly [P in ParamsOf<T>]: string | number };

/** Renders the template `id` of a table; a template with no parameter takes no data. */
export type Say<M extends Messages> = <Id extends keyof M & string>(id: Id, ...data: [ParamsOf<M[Id]>] extends [never] ? [] : [data: DataOf<M[Id]>]) => string;

type Data = Readonly<Record<string, string | number>>;

/** Each `{{param}}` of the template replaced by its value; one pass, so a value is never read as a template. A missing value stays as written. */
export const render = (template: string, data: Data = {}): string => fill(compile(template), data);

/**
 * The `say` of one table; an id it lacks (only a cast could pass one) is said as itself rather than thrown.
 * Each template is split at its parameters once, on first use: a rule says thousands of messages on a large description.
 */
export function sayOf<M extends Messages>(messages: M): Say<M> {
  const compiled = new Map<string, Compiled>();
  return ((id: string, data: Data = {}) => {
    const template = messages[id];
    if (template === undefined) return id;
    let parts = compiled.get(id);
    if (parts === undefined) compiled.set(id, (parts = compile(template)));
    return fill(parts, data);
  }) as Say<M>;
}

/** A template as text and parameter names in turn: `'a {{b}} c'` → `['a ', 'b', ' c']`. */
type Compiled = readonly string[];
const compile = (template: string): Compiled => template.split(/\{\{(\w+)\}\}/);

const fill = (parts: Compiled, data: Data): string =>
  parts.map((part, i) => (i % 2 === 0 ? part : Object.prototype.hasOwnProperty.call(data, part) ? String(data[part]) : `{{${part}}}`)).join('');
