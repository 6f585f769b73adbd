/**
 * The code actions of one linted document: a quick fix per finding the fix engine can edit, an exemption
 * and the rule's page for a finding left to a person, and every safe edit at once (`source.fixAll`).
 * Built from one lint (the `fix` command's plan), each action on first request, then kept for the version.
 */
import type { ISpectralDiagnostic } from '@stoplight/spectral-core';
import type { CodeAction, Diagnostic, DiagnosticSeverity, Range, SnippetTextEdit, TextEdit, WorkspaceEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Operation } from '../../lib/document/document';
import { combine } from '../../lib/findings/edits';
import { EXEMPT_EXTENSION } from '../../lib/findings/rule-function';
import { UNEXEMPTIBLE } from '../../rules';
import { planFixes, type FixPlan } from '../fixes';
import type { LintRun } from '../lint';
import { operationsAround, ownersOf } from '../place';
import { textEditsFor } from './text-edits';
import type { Readings } from '../text-apply';
import { titleOf } from './titles';

/** The protocol's kinds, written out: this module loads without the protocol libraries (cli/lsp/language-server.ts). */
export const QUICK_FIX_KIND = 'quickfix';
export const FIX_ALL_KIND = 'source.fixAll.spectral-agent-ux';
export const OPEN_DOCS_COMMAND = 'spectral-agent-ux.openDocumentation';
/** The reason an exemption is inserted with: a snippet's placeholder where the editor supports one. */
export const REASON_PLACEHOLDER = 'why agents need no fix here';

/** What the client can take: snippets in workspace edits (LSP 3.18), versioned document changes. */
export interface ClientSupport {
  snippets: boolean;
  documentChanges: boolean;
}

export class DocumentActions {
  private readonly plan: FixPlan;
  private readonly owners: (diagnostic: ISpectralDiagnostic) => Operation[];
  private readonly operationsAt: (path: readonly (string | number)[]) => Operation[];
  private readonly byFinding = new Map<ISpectralDiagnostic, CodeAction[]>();
  /** This version's text as the writer reads it, parsed once for all its quick fixes. */
  private readonly readings: Readings = {};
  private fixAll: CodeAction | undefined;

  constructor(
    readonly document: TextDocument,
    readonly linted: LintRun,
    private readonly isJson: boolean,
    private readonly client: ClientSupport,
  ) {
    this.plan = planFixes(linted);
    const operations = linted.doc.operations();
    this.owners = ownersOf(operations, linted.users);
    this.operationsAt = operationsAround(operations);
  }

  /** This package's findings in the file, left aside those the ruleset's baseline covers. */
  get findings(): ISpectralDiagnostic[] {
    return [...this.plan.fixed.map(({ diagnostic }) => diagnostic), ...this.plan.left].filter(diagnostic => this.inFile(diagnostic));
  }

  /** The actions of the findings whose range meets `range`, and fixAll when its kind is asked for. */
  actionsAt(range: Range, only: readonly string[] | undefined): CodeAction[] {
    const asked = (kind: string) => only?.some(prefix => kind === prefix || kind.startsWith(`${prefix}.`)) === true;
    const perFinding =
      only === undefined || asked(QUICK_FIX_KIND)
        ? this.findings.filter(diagnostic => meets(diagnostic.range, range)).flatMap(diagnostic => this.actionsOf(diagnostic))
        : [];
    // A source action is computed when asked for by kind (the Source Action menu, on save), not at every cursor move.
    const all = asked(FIX_ALL_KIND) ? this.fixAllAction() : undefined;
    return all === undefined ? perFinding : [...perFinding, all];
  }

  /** Every safe edit of the document at once: the `fix` command's combined edits. */
  fixAllAction(): CodeAction | undefined {
    if (this.fixAll !== undefined || this.plan.edits.length === 0) return this.fixAll;
    const edits = textEditsFor(this.document, this.isJson, this.plan.edits, this.readings);
    if (edits.length === 0) return undefined;
    const count = this.plan.fixed.length;
    this.fixAll = {
      title: `Fix ${count} spectral-agent-ux finding${count === 1 ? '' : 's'} that need no person`,
      kind: FIX_ALL_KIND,
      edit: this.workspaceEdit(edits),
    };
    return this.fixAll;
  }

  private inFile(diagnostic: ISpectralDiagnostic): boolean {
    return diagnostic.source === undefined || diagnostic.source === this.linted.file;
  }

  private actionsOf(diagnostic: ISpectralDiagnostic): CodeAction[] {
    let actions = this.byFinding.get(diagnostic);
    if (actions === undefined) this.byFinding.set(diagnostic, (actions = this.computeActions(diagnostic)));
    return actions;
  }

  private computeActions(diagnostic: ISpectralDiagnostic): CodeAction[] {
    const edits = this.plan.fixed.find(fixed => fixed.diagnostic === diagnostic)?.edits;
    const textEdits = edits === undefined ? [] : textEditsFor(this.document, this.isJson, edits, this.readings);
    if (edits !== undefined && textEdits.length > 0) {
      return [
        {
          title: titleOf(combine(edits), this.operationsAt),
          kind: QUICK_FIX_KIND,
          isPreferred: true,
          diagnostics: [toDiagnostic(diagnostic)],
          edit: this.workspaceEdit(textEdits),
        },
      ];
    }
    return [this.exemptAction(diagnostic), this.docsAction(diagnostic)].filter((action): action is CodeAction => action !== undefined);
  }

  /** An `x-ax-exempt` entry for the rule on the one operation the finding stands for, its reason left to write. */
  private exemptAction(diagnostic: ISpectralDiagnostic): CodeAction | undefined {
    const owners = this.owners(diagnostic);
    const rule = String(diagnostic.code);
    if (owners.length !== 1 || UNEXEMPTIBLE.has(rule)) return undefined;
    const update = { [EXEMPT_EXTENSION]: { [rule]: REASON_PLACEHOLDER } };
    const edits = textEditsFor(this.document, this.isJson, [{ target: owners[0].location, update }], this.readings);
    if (edits.length === 0) return undefined;
    return {
      title: `Exempt this operation from \`${rule}\`…`,
      kind: QUICK_FIX_KIND,
      diagnostics: [toDiagnostic(diagnostic)],
      edit: this.workspaceEdit(this.client.snippets ? edits.map(asSnippet) : edits),
    };
  }

  private docsAction(diagnostic: ISpectralDiagnostic): CodeAction | undefined {
    const rule = String(diagnostic.code);
    const url = this.linted.ruleset.rules[rule]?.documentationUrl;
    return typeof url !== 'string'
      ? undefined
      : {
          title: `Open \`${rule}\` documentation`,
          kind: QUICK_FIX_KIND,
          diagnostics: [toDiagnostic(diagnostic)],
          command: { title: 'Open documentation', command: OPEN_DOCS_COMMAND, arguments: [url] },
        };
  }

  /** Versioned when the client takes it, so that an edit computed for an older text is refused, not misplaced. */
  private workspaceEdit(edits: (TextEdit | SnippetTextEdit)[]): WorkspaceEdit {
    const { uri, version } = this.document;
    return this.client.documentChanges || this.client.snippets
      ? { documentChanges: [{ textDocument: { uri, version }, edits }] }
      : { changes: { [uri]: edits as TextEdit[] } };
  }
}

/** The placeholder reason as a snippet's first tab stop, the rest of the inserted text escaped. */
function asSnippet(edit: TextEdit): TextEdit | SnippetTextEdit {
  const at = edit.newText.indexOf(REASON_PLACEHOLDER);
  if (at < 0) return edit;
  const escape = (text: string) => text.replace(/[\\$}]/g, '\\$&');
  const value = `${escape(edit.newText.slice(0, at))}\${1:${escape(REASON_PLACEHOLDER)}}${escape(edit.newText.slice(at + REASON_PLACEHOLDER.length))}`;
  return { range: edit.range, snippet: { kind: 'snippet', value } };
}

const before = (a: Range['start'], b: Range['start']) => a.line < b.line || (a.line === b.line && a.character < b.character);
/** Ranges meet when neither ends before the other starts: a cursor on a finding's edge counts. */
const meets = (a: Range, b: Range) => !before(a.end, b.start) && !before(b.end, a.start);

/** A finding as the editor shows it (Spectral's severities are the protocol's, counted from 0). */
export function toDiagnostic(diagnostic: ISpectralDiagnostic): Diagnostic {
  return {
    range: diagnostic.range,
    severity: (diagnostic.severity + 1) as DiagnosticSeverity,
    code: String(diagnostic.code),
    source: 'spectral-agent-ux',
    message: diagnostic.message,
  };
}
