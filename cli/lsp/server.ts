/**
 * The language server: each open OpenAPI document linted as `spectral lint` would (cli/lint.ts) with the
 * nearest ruleset above it, again after a pause in typing; code actions answered from that lint, from
 * memory while the document and its ruleset stay as they are. It never writes a file: every edit goes
 * through the client. A document it cannot lint gets no action and one logged line.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Ruleset } from '@stoplight/spectral-core';
import type { CodeActionParams, Connection, InitializeParams } from 'vscode-languageserver';
import { firstLine, InputError } from '../args';
import { descriptionProblem, findRulesetAbove, lintParsed, loadRuleset, parseFile } from '../lint';
import { DocumentActions, FIX_ALL_KIND, OPEN_DOCS_COMMAND, QUICK_FIX_KIND, toDiagnostic, type ClientSupport } from './actions';
import { TextDocument, TextDocuments, TextDocumentSyncKind } from './language-server';

export interface ServerOptions {
  /** Publish the findings too, for editors without the Spectral extension. */
  diagnostics: boolean;
  /** How long typing must pause before a changed document is linted again. */
  debounceMs: number;
}

interface Linting {
  version: number;
  rulesetKey: string;
  answer: Promise<DocumentActions | undefined>;
}

/** A `file:` URI's path; any other URI (an unsaved buffer) stands for itself, its ruleset looked for from `cwd`. */
const fileOf = (uri: string) => (uri.startsWith('file:') ? fileURLToPath(uri) : uri);
const isJsonDocument = (document: TextDocument) => document.languageId === 'json' || /\.json$/i.test(document.uri);

export function startServer(connection: Connection, options: ServerOptions, cwd: string): void {
  const documents = new TextDocuments(TextDocument);
  const lintings = new Map<string, Linting>();
  const timers = new Map<string, NodeJS.Timeout>();
  const rulesets = new Map<string, Promise<Ruleset>>();
  const logged = new Map<string, string>();
  let client: ClientSupport = { snippets: false, documentChanges: false };

  /** One line per document and problem: the same problem again, as the user types, is not repeated. */
  const log = (uri: string, line: string) => {
    if (logged.get(uri) === line) return;
    logged.set(uri, line);
    connection.console.warn(`spectral-agent-ux: ${line}`);
  };

  /** The ruleset file a document is linted with, and a key that changes when that file does. */
  async function rulesetOf(uri: string): Promise<{ file: string | undefined; key: string }> {
    const file = await findRulesetAbove(uri.startsWith('file:') ? path.dirname(fileOf(uri)) : cwd);
    const stat = file === undefined ? undefined : await fs.promises.stat(file).catch(() => undefined);
    return { file, key: `${file}\u0000${stat?.mtimeMs}\u0000${stat?.size}` };
  }

  function loaded(file: string | undefined, key: string): Promise<Ruleset> {
    let ruleset = rulesets.get(key);
    if (ruleset === undefined) rulesets.set(key, (ruleset = loadRuleset(file)));
    return ruleset;
  }

  async function lintDocument(document: TextDocument, ruleset: { file: string | undefined; key: string }): Promise<DocumentActions | undefined> {
    const file = fileOf(document.uri);
    try {
      const parsed = parseFile(document.getText(), file);
      const problem = descriptionProblem(parsed, file);
      if (problem !== undefined) throw problem;
      const linted = await lintParsed(parsed, await loaded(ruleset.file, ruleset.key), ruleset.file, true);
      logged.delete(document.uri);
      return new DocumentActions(document, linted, isJsonDocument(document), client);
    } catch (error) {
      log(document.uri, error instanceof InputError ? error.lineFrom(cwd) : `${file}: ${firstLine(error)}`);
      return undefined;
    }
  }

  /** The lint of the document as it is now, with its ruleset as it is now: the one in memory, else a new one. */
  async function current(document: TextDocument): Promise<DocumentActions | undefined> {
    clearTimeout(timers.get(document.uri));
    timers.delete(document.uri);
    const ruleset = await rulesetOf(document.uri);
    const known = lintings.get(document.uri);
    if (known !== undefined && known.version === document.version && known.rulesetKey === ruleset.key) return known.answer;
    const answer = lintDocument(document, ruleset);
    lintings.set(document.uri, { version: document.version, rulesetKey: ruleset.key, answer });
    if (options.diagnostics) void answer.then(actions => publish(document.uri, answer, actions));
    return answer;
  }

  /** The findings of a lint, unless a newer lint or a close has come since. */
  function publish(uri: string, answer: Linting['answer'], actions: DocumentActions | undefined): void {
    if (lintings.get(uri)?.answer !== answer) return;
    void connection.sendDiagnostics({ uri, diagnostics: actions === undefined ? [] : actions.findings.map(toDiagnostic) });
  }

  const lintLater = (document: TextDocument) => {
    clearTimeout(timers.get(document.uri));
    timers.set(
      document.uri,
      setTimeout(() => void current(document), options.debounceMs),
    );
  };

  connection.onInitialize((params: InitializeParams) => {
    const workspaceEdit = params.capabilities.workspace?.workspaceEdit;
    client = { snippets: workspaceEdit?.snippetEditSupport === true, documentChanges: workspaceEdit?.documentChanges === true };
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        codeActionProvider: { codeActionKinds: [QUICK_FIX_KIND, FIX_ALL_KIND] },
        executeCommandProvider: { commands: [OPEN_DOCS_COMMAND] },
      },
      serverInfo: { name: 'spectral-agent-ux' },
    };
  });

  documents.onDidOpen(({ document }) => void current(document));
  documents.onDidChangeContent(({ document }) => lintLater(document));
  documents.onDidClose(({ document }) => {
    clearTimeout(timers.get(document.uri));
    for (const memory of [timers, lintings, logged]) memory.delete(document.uri);
    if (options.diagnostics) void connection.sendDiagnostics({ uri: document.uri, diagnostics: [] });
  });

  connection.onCodeAction(async ({ textDocument, range, context }: CodeActionParams) => {
    const document = documents.get(textDocument.uri);
    const actions = document === undefined ? undefined : await current(document);
    // An answer for a text the user has since changed would edit the wrong bytes.
    if (actions === undefined || documents.get(textDocument.uri)?.version !== actions.document.version) return [];
    try {
      return actions.actionsAt(range, context.only);
    } catch (error) {
      log(textDocument.uri, `${fileOf(textDocument.uri)}: could not build the actions: ${firstLine(error)}`);
      return [];
    }
  });

  connection.onExecuteCommand(async ({ command, arguments: args }) => {
    const [url] = args ?? [];
    if (command === OPEN_DOCS_COMMAND && typeof url === 'string') await connection.window.showDocument({ uri: url, external: true });
  });

  documents.listen(connection);
  connection.listen();
}
