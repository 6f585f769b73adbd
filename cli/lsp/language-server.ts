/**
 * The protocol libraries the server runs on, in one module: the build ships it minified beside the bin
 * (dist/language-server.cjs, see tsup.config.ts), loaded only when `lsp` runs, so that the bin stays
 * readable, starts as fast, and the tarball stays small.
 */
export { createConnection, StreamMessageReader, StreamMessageWriter, TextDocuments, TextDocumentSyncKind } from 'vscode-languageserver/node';
export { TextDocument } from 'vscode-languageserver-textdocument';
