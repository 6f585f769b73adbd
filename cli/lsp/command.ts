/** The `lsp` command: `spectral-agent-ux lsp --stdio [--diagnostics]`, the language server on stdin and stdout. */
import { tokenize, UsageError } from '../args';
import type { Command, Io } from '../io';

export const LSP_USAGE = `Usage: spectral-agent-ux lsp --stdio [options]

A language server for OpenAPI YAML and JSON documents: quick fixes for the findings \`fix\` can edit,
an exemption and the rule's page for the others, and source.fixAll.spectral-agent-ux. The ruleset is
the nearest .spectral.yaml/.yml/.json/.js above the document, else spectral-agent-ux's recommended.
It never writes a file; docs/editor.md shows how to start it from VS Code, Neovim, Helix and Zed.

Options:
      --stdio        talk the Language Server Protocol on stdin and stdout (the only transport)
      --diagnostics  publish the findings too (for editors without the Spectral extension)
  -h, --help         show this help

Exit codes: 0 the client asked the server to exit after a shutdown, 1 without one, 2 bad usage.`;

const SPEC = { values: [], switches: ['--stdio', '--diagnostics'], aliases: {} };
/** Long enough to let a word be typed, short enough that the answer is ready when the cursor stops. */
const DEBOUNCE_MS = 300;

async function run(argv: readonly string[], io: Io): Promise<number> {
  const { flags, positionals } = tokenize(argv, SPEC);
  if (positionals.length > 0) throw new UsageError(`unexpected "${positionals[0]}": the server reads its documents from the client`);
  if (flags.get('--stdio') !== true) throw new UsageError('--stdio is required: the server talks on stdin and stdout');
  // stdout carries the protocol alone: anything a dependency prints goes to stderr.
  console.log = console.info = console.error;
  // Loaded here, not with the bin: no other command pays for the protocol libraries.
  const { startServer } = await import('./server');
  const { createConnection, StreamMessageReader, StreamMessageWriter } = await import('./language-server');
  const connection = createConnection(new StreamMessageReader(process.stdin), new StreamMessageWriter(process.stdout));
  startServer(connection, { diagnostics: flags.get('--diagnostics') === true, debounceMs: DEBOUNCE_MS }, io.cwd);
  // The connection ends the process itself on `exit` (0 after `shutdown`, else 1).
  return new Promise<number>(() => {});
}

export const lsp: Command = { usage: LSP_USAGE, run };
