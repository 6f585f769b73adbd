/**
 * A language client for tests: the bin's `lsp --stdio` started as a process (the built one, or a consumer's
 * installed one), spoken to over the protocol as an editor speaks to it, and the edits it answers applied
 * to the text as an editor applies them.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import {
  CodeActionRequest,
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  ExitNotification,
  InitializedNotification,
  InitializeRequest,
  LogMessageNotification,
  PublishDiagnosticsNotification,
  ShutdownRequest,
  type CodeAction,
  type Command,
  type Diagnostic,
  type LogMessageParams,
  type PublishDiagnosticsParams,
  type ProtocolConnection,
  type Range,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';

export interface Session {
  connection: ProtocolConnection;
  /** The lines the server logged (window/logMessage). */
  logs: string[];
  /** The diagnostics last published per URI. */
  diagnostics: Map<string, Diagnostic[]>;
  /** The server's stderr. */
  stderr: () => string;
  process: ChildProcessWithoutNullStreams;
}

/** Servers still running: a test that fails before it stops its server must not keep jest from exiting. */
const running = new Set<ChildProcessWithoutNullStreams>();

/** Kills the servers a failed test left running (for `afterAll`). */
export function killLeftoverServers(): void {
  for (const child of running) child.kill();
}

export interface ClientOptions {
  snippets?: boolean;
  args?: string[];
}

/** Starts `node <bin> lsp --stdio` in `cwd` and initializes it as a client with `documentChanges` (and snippets, if asked). */
export async function startServer(bin: string, cwd: string, { snippets = false, args = [] }: ClientOptions = {}): Promise<Session> {
  const child = spawn(process.execPath, [bin, 'lsp', '--stdio', ...args], { cwd });
  running.add(child);
  child.on('exit', () => running.delete(child));
  let stderr = '';
  child.stderr.on('data', chunk => (stderr += chunk));
  const connection = createProtocolConnection(child.stdout, child.stdin);
  const session: Session = { connection, logs: [], diagnostics: new Map(), stderr: () => stderr, process: child };
  connection.onNotification(LogMessageNotification.method, ({ message }: LogMessageParams) => void session.logs.push(message));
  connection.onNotification(
    PublishDiagnosticsNotification.method,
    ({ uri, diagnostics }: PublishDiagnosticsParams) => void session.diagnostics.set(uri, diagnostics),
  );
  connection.listen();
  await connection.sendRequest(InitializeRequest.type, {
    processId: process.pid,
    rootUri: pathToFileURL(cwd).href,
    capabilities: { workspace: { workspaceEdit: { documentChanges: true, snippetEditSupport: snippets } } },
  });
  await connection.sendNotification(InitializedNotification.type, {});
  return session;
}

/** Shuts the server down as an editor does, and resolves with its exit code. */
export async function stopServer(session: Session): Promise<number | null> {
  const exited = new Promise<number | null>(resolve => session.process.on('exit', resolve));
  await session.connection.sendRequest(ShutdownRequest.type);
  await session.connection.sendNotification(ExitNotification.type);
  const code = await exited;
  session.connection.dispose();
  return code;
}

export async function openDocument(session: Session, file: string, text: string, version = 1): Promise<string> {
  const uri = pathToFileURL(file).href;
  const languageId = file.endsWith('.json') ? 'json' : 'yaml';
  await session.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId, version, text } });
  return uri;
}

/** Replaces `range` with `text`, as one keystroke or a paste does. */
export async function changeDocument(session: Session, uri: string, version: number, range: Range, text: string): Promise<void> {
  await session.connection.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: [{ range, text }] });
}

export async function codeActions(session: Session, uri: string, range: Range, only?: string[]): Promise<CodeAction[]> {
  const answer = await session.connection.sendRequest(CodeActionRequest.type, { textDocument: { uri }, range, context: { diagnostics: [], only } });
  return (answer ?? []).filter(
    (action): action is CodeAction => !('command' in action && typeof (action as Command).command === 'string' && !('kind' in action)),
  );
}

/** The text edits of a workspace edit for one document, snippets read as the text they insert with their placeholders filled. */
export function editsOf(edit: WorkspaceEdit | undefined, uri: string): TextEdit[] {
  const fromChanges = edit?.changes?.[uri] ?? [];
  const fromDocumentChanges = (edit?.documentChanges ?? []).flatMap(change =>
    'textDocument' in change && change.textDocument.uri === uri ? change.edits : [],
  );
  return [...fromChanges, ...fromDocumentChanges].map(one =>
    'snippet' in one
      ? { range: one.range, newText: one.snippet.value.replace(/\$\{\d+:((?:\\.|[^}\\])*)\}/g, '$1').replace(/\\([\\$}])/g, '$1') }
      : (one as TextEdit),
  );
}

/** `text` with the edits applied, as an editor applies a workspace edit. */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  return TextDocument.applyEdits(TextDocument.create('file:///x', 'yaml', 0, text), [...edits]);
}
