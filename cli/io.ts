/** What a command of the bin is given and what it is: shared by the dispatcher and every command's folder. */

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
