/** What a command of the bin is given and what it is: shared by the dispatcher and every command's folder. */
import type { FlagSpec, Tokens } from './args';

/** The process as a command sees it: where to print, and the folder that relative paths start from. */
export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
}

/** One command: its `--help` text, and its run, which resolves to the exit code. */
export interface Command {
  usage: string;
  run: (argv: readonly string[], io: Io) => Promise<number>;
}

/**
 * The probe's play as another command runs it (`report --base-url`): the dispatcher hands it over, since
 * commands do not import each other. One parser and one play, the probe's own.
 */
export interface LiveProbe<Options = unknown> {
  /** The flags that decide what the play sends. */
  flags: FlagSpec;
  /** Its options, out of a command line tokenized with those flags among the command's own; `env` for the headers variable. */
  optionsOf: (tokens: Tokens, env: Record<string, string | undefined>) => Options;
  /** Plays it, saying on stderr what went wrong per operation; resolves to the report as `probe --format json` writes it, credentials redacted. */
  play: (options: Options, io: Io) => Promise<unknown>;
}
