/** The command line shared by every command: `--flag value`, `--flag=value`, short aliases, positionals; and its errors. */
import * as path from 'node:path';

/** Wrong usage of a command: one line on stderr, exit code 2. */
export class UsageError extends Error {}

/** Bad input (a file, a document, a ruleset, a baseline): one line on stderr naming the file, exit code 2. */
export class InputError extends Error {
  /** `file` absolute; `at` a position such as `:3:27`. */
  constructor(
    readonly file: string,
    readonly problem: string,
    readonly at = '',
  ) {
    super(`${file}${at}: ${problem}`);
  }

  /** The line the bin prints, with the file as the user would type it from `cwd`. */
  lineFrom(cwd: string): string {
    return `${shown(this.file, cwd)}${this.at}: ${this.problem}`;
  }
}

/** A path as the user would type it: relative to the current folder when inside it. */
export function shown(file: string, cwd: string): string {
  if (/^https?:\/\//i.test(file)) return file;
  const relative = path.relative(cwd, file);
  return relative === '' || relative.startsWith('..') ? file : relative;
}

export interface FlagSpec {
  /** Flags that take a value. */
  values: readonly string[];
  /** Flags that stand alone. */
  switches: readonly string[];
  /** Value flags that may be given more than once, each value kept (`--header`). */
  repeatable?: readonly string[];
  /** Short forms, e.g. `-o` for `--output`. */
  aliases: Readonly<Record<string, string>>;
}

export interface Tokens {
  flags: Map<string, string | true>;
  /** Every value of each repeatable flag, in order. */
  lists: Map<string, string[]>;
  positionals: string[];
}

function splitOnce(arg: string): [string, string] {
  const at = arg.indexOf('=');
  return [arg.slice(0, at), arg.slice(at + 1)];
}

/** Splits `--flag=value`, expands short aliases, and pairs each value flag with its value (the dispatcher answers --help and --version). */
export function tokenize(argv: readonly string[], spec: FlagSpec): Tokens {
  const { aliases } = spec;
  const values = new Set(spec.values);
  const switches = new Set(spec.switches);
  const flags = new Map<string, string | true>();
  const lists = new Map<string, string[]>();
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const [raw, inline] = argv[i].startsWith('--') && argv[i].includes('=') ? splitOnce(argv[i]) : [argv[i], undefined];
    const flag = aliases[raw] ?? raw;
    if (!flag.startsWith('-') || flag === '-') {
      positionals.push(flag);
    } else if (values.has(flag)) {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new UsageError(`${flag} needs a value`);
      if (spec.repeatable?.includes(flag)) lists.set(flag, [...(lists.get(flag) ?? []), value]);
      else flags.set(flag, value);
    } else if (switches.has(flag) && inline === undefined) {
      flags.set(flag, true);
    } else {
      throw new UsageError(`unknown option ${raw}`);
    }
  }
  return { flags, lists, positionals };
}

export const stringOf = (value: string | true | undefined) => (typeof value === 'string' ? value : undefined);

/** The first line of an error's message: every message of the bin is one line. */
export function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0];
}
