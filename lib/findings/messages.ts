/**
 * A rule's messages, declared once as a table of templates by id (the way typescript-eslint rules declare
 * `meta.messages`): `{{name}}` marks a parameter, and `say(id, data)` renders one. The table lives in the
 * rule's function file, so that a YAML ruleset that loads the function alone (`functionsDir`) renders the
 * same words; the rule's declaration reads it off the function. What `say` gives is data (`Said`): a finding is its
 * template's id and data, rendered to text only for Spectral.
 */
import type { Concept } from '../semantics/names';

/** Templates by id; `as const`, so that each template's parameters are known to the compiler. */
export type Messages = Readonly<Record<string, string>>;

/** The parameter names of a template: `'{{name}} has no {{what}}'` gives `'name' | 'what'`. */
export type ParamsOf<T extends string> = T extends `${string}{{${infer P}}}${infer Rest}` ? P | ParamsOf<Rest> : never;

/** A value a template takes: text, a number, or a phrase said with the same table (kept as data, rendered in place). */
export type Value = string | number | Said;

/** Words a finding is made of: a said message, or text that lib/ words without a table. */
export type Phrase = string | Said;

/**
 * What a finding says is missing or wrong, in the one vocabulary (lib/semantics/names.ts): data, never rendered, that
 * tools read instead of the words (the benchmark's matcher); several when one sentence names several (no code, no message).
 */
export type ConceptData = { readonly concept?: Concept | readonly Concept[] };

/** The data a template takes: one value per parameter, none more, and the concept it is about, if any. */
export type DataOf<T extends string> = { readonly [P in ParamsOf<T>]: Value } & ConceptData;

type Data = Readonly<Record<string, Value | readonly Concept[]>>;

/**
 * What a rule said: the template's id and its data, with the text they render to. A finding is this data; the text
 * is what Spectral is handed (and what `String(said)` or a template literal gives, so a phrase nests in a sentence).
 */
export interface Said {
  readonly messageId: string;
  readonly data: Data;
  readonly text: string;
  toString(): string;
}

/** Says the template `id` of a table; a template with no parameter takes no data but its concept. */
export type Say<M extends Messages> = <Id extends keyof M & string>(
  id: Id,
  ...data: [ParamsOf<M[Id]>] extends [never] ? [] | [data: Required<ConceptData>] : [data: DataOf<M[Id]>]
) => Said;

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
    if (template === undefined) return said(id, data, id);
    let parts = compiled.get(id);
    if (parts === undefined) compiled.set(id, (parts = compile(template)));
    return said(id, data, fill(parts, data));
  }) as Say<M>;
}

/**
 * A rule's table: its lint's templates and its live check's (rules/declaration.ts, `live`), declared apart so that the
 * runtime guard's bundle, which says the live ones alone, carries none of the lint's (call it `@__PURE__`).
 */
export const withLive = <L extends Messages, V extends Messages>(lint: L, live: V): L & V => ({ ...lint, ...live });

/** The same message, about `concept`: for a rule whose every finding of one kind names the one member it lacks. */
export const about = (message: Said, concept: Concept | readonly Concept[]): Said => said(message.messageId, { ...message.data, concept }, message.text);

const SAID_PROTOTYPE = {
  toString(this: Said): string {
    return this.text;
  },
};

/** A said message: its fields, and its text when read as a string. */
export const said = (messageId: string, data: Data, text: string): Said => Object.assign(Object.create(SAID_PROTOTYPE) as Said, { messageId, data, text });

/**
 * What a said message is, without its text: its id and data, nested phrases by theirs. Two findings with one identity
 * are one defect (lib/findings/rule-function.ts groups a shared place's uses by it); no rendered text enters it.
 * `fitted` replaces the parameters that differ per response (a member's trail from it) at any depth.
 */
export const identityOf = (message: Said, fitted: Data = {}): string => JSON.stringify(plain(message, fitted));

/** A said message as plain JSON data: `{ messageId, data }`, nested phrases likewise; `fitted` replaces parameters by name. */
export const plain = (message: Said, fitted: Data = {}): PlainSaid => ({
  messageId: message.messageId,
  data: Object.fromEntries(
    Object.entries(message.data).map(([name, given]) => {
      const value = Object.prototype.hasOwnProperty.call(fitted, name) ? fitted[name] : given;
      return [name, isSaid(value) ? plain(value, fitted) : value];
    }),
  ),
});

/** What JSON outputs and tests read of a said message. */
export interface PlainSaid {
  messageId: string;
  data: { [name: string]: string | number | PlainSaid | readonly Concept[] };
}

const isSaid = (value: Data[string]): value is Said => typeof value === 'object' && value !== null && 'messageId' in value;

/** Every concept a said message names, its nested phrases' included, in order and once each. */
export function conceptsOf(message: Said): Concept[] {
  const { concept, ...data } = message.data;
  const own = concept === undefined ? [] : typeof concept === 'string' ? [concept as Concept] : (concept as readonly Concept[]);
  return [...new Set([...own, ...Object.values(data).flatMap(value => (isSaid(value) ? conceptsOf(value) : []))])];
}

/** A template as text and parameter names in turn: `'a {{b}} c'` → `['a ', 'b', ' c']`. */
type Compiled = readonly string[];
const compile = (template: string): Compiled => template.split(/\{\{(\w+)\}\}/);

const fill = (parts: Compiled, data: Data): string =>
  parts.map((part, i) => (i % 2 === 0 ? part : Object.prototype.hasOwnProperty.call(data, part) ? String(data[part]) : `{{${part}}}`)).join('');
