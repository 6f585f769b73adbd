/**
 * The built bin's language server (`lsp --stdio`) driven as an editor drives it, for the scripts that
 * measure it (bench-lsp.mjs) or picture it (editor-screenshot.mjs).
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const { createProtocolConnection } = createRequire(import.meta.url)('vscode-languageserver/node');

/** Starts the server with `--diagnostics` (to learn where the findings are), opens `file` and resolves once its findings are published. */
export async function openInServer(bin, root, file, text) {
  const child = spawn(process.execPath, [bin, 'lsp', '--stdio', '--diagnostics'], { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] });
  const connection = createProtocolConnection(child.stdout, child.stdin);
  const published = new Promise(resolve => connection.onNotification('textDocument/publishDiagnostics', ({ diagnostics }) => resolve(diagnostics)));
  connection.listen();
  await connection.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(root).href, capabilities: {} });
  await connection.sendNotification('initialized', {});
  const uri = pathToFileURL(file).href;
  await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: file.endsWith('.json') ? 'json' : 'yaml', version: 1, text } });
  const diagnostics = await published;
  const actionsAt = range => connection.sendRequest('textDocument/codeAction', { textDocument: { uri }, range, context: { diagnostics: [] } });
  const close = async () => {
    await connection.sendRequest('shutdown');
    await connection.sendNotification('exit');
    connection.dispose();
  };
  return { connection, uri, diagnostics, actionsAt, close };
}
