/**
 * The VS Code extension: starts `spectral-agent-ux lsp --stdio` (the project's own install, so that the
 * server lints with the ruleset and version the project's `spectral lint` uses) once a YAML or JSON file
 * that looks like an OpenAPI description is open, and hands it YAML and JSON documents.
 */
const path = require('node:path');
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

/** `openapi: 3.x` or `swagger: "2.0"` near the top, in YAML or JSON. */
const OPENAPI = /^\s*["']?(openapi|swagger)["']?\s*:/m;
const looksLikeOpenApi = document => ['yaml', 'json'].includes(document.languageId) && OPENAPI.test(document.getText().slice(0, 4096));

let client;
/** The start, once: several OpenAPI files opened together start one server. */
let started;

/** The bin the user set, else the workspace's `node_modules/spectral-agent-ux`, else undefined. */
function serverPath(document) {
  const configured = vscode.workspace.getConfiguration('spectralAgentUx').get('serverPath');
  if (configured) return configured;
  const folder = vscode.workspace.getWorkspaceFolder(document.uri)?.uri.fsPath ?? path.dirname(document.uri.fsPath);
  try {
    return require.resolve('spectral-agent-ux/package.json', { paths: [folder] }).replace(/package\.json$/, 'dist/spectral-agent-ux.cjs');
  } catch {
    return undefined;
  }
}

async function start(document) {
  const bin = serverPath(document);
  if (bin === undefined) {
    void vscode.window.showInformationMessage(
      'spectral-agent-ux quick fixes: install the package in this project (npm install --save-dev spectral-agent-ux) or set spectralAgentUx.serverPath.',
    );
    return;
  }
  const settings = vscode.workspace.getConfiguration('spectralAgentUx');
  const args = [bin, 'lsp', '--stdio', ...(settings.get('diagnostics') ? ['--diagnostics'] : [])];
  client = new LanguageClient(
    'spectralAgentUx',
    'spectral-agent-ux',
    { command: settings.get('nodePath') || 'node', args },
    {
      documentSelector: [
        { scheme: 'file', language: 'yaml' },
        { scheme: 'file', language: 'json' },
      ],
    },
  );
  await client.start();
}

function activate(context) {
  const startFor = document => {
    if (started === undefined && looksLikeOpenApi(document)) started = start(document);
  };
  vscode.workspace.textDocuments.forEach(startFor);
  context.subscriptions.push(vscode.workspace.onDidOpenTextDocument(startFor), { dispose: () => client?.stop() });
}

function deactivate() {
  return client?.stop();
}

module.exports = { activate, deactivate };
