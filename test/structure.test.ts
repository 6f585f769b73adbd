/**
 * The house's floors, checked on the sources: `lib/` → `rules/` (each rule's module: its definition and its lint,
 * free of Spectral) → `runtime/`, `eslint/` (which read the definitions) → `ruleset.ts` (which builds each rule's
 * Spectral function) → `cli/`. An import may go down a floor or stay in its own folder, never up or sideways; inside `cli/`,
 * a command's folder imports the bin's shared modules, never another command; and no import goes in a circle.
 * Inside `lib/`, one folder per question, on floors of their own: `document/` (the document model and its generic
 * readers) → `semantics/` (which operations and responses a rule applies to, the configurable names) → `findings/`
 * (the rule runner, its messages, the fix engine's edits, the extension vocabulary, source-mapped origins, the docs'
 * URLs) → `errors/` (error bodies, which place and word findings with the runner) → `envelope/` (which reads error bodies too).
 * Also one place for per-document caches: OpenApiDocument.memo.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import * as ts from 'typescript';

const ROOT = join(__dirname, '..');
const FLOORS: Record<string, number> = { lib: 0, rules: 1, runtime: 2, eslint: 2, ruleset: 3, cli: 4 };
/** The floors inside `lib/`, one folder each: every lib module sits in one of them. */
const LIB_FLOORS: Record<string, number> = { document: 0, semantics: 1, findings: 2, errors: 3, envelope: 4 };

/** Every TypeScript source of the package, relative to the root, with `/` separators. */
function sources(): string[] {
  const folders = Object.keys(FLOORS).filter(name => existsSync(join(ROOT, name)) && name !== 'ruleset');
  const inFolders = folders.flatMap(folder =>
    readdirSync(join(ROOT, folder), { recursive: true, encoding: 'utf8' })
      .filter(file => file.endsWith('.ts'))
      .map(file => `${folder}/${file.split(sep).join('/')}`),
  );
  return ['ruleset.ts', ...inFolders];
}

/** The package sources one file imports (types included: a cycle of types is still a cycle to read). */
function importsOf(file: string, known: ReadonlySet<string>): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, false);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter(name => name.startsWith('.'))
    .map(name =>
      relative(ROOT, resolve(dirname(join(ROOT, file)), name))
        .split(sep)
        .join('/'),
    )
    .flatMap(target => [`${target}.ts`, `${target}/index.ts`].filter(candidate => known.has(candidate)).slice(0, 1));
}

const files = sources();
const graph = new Map(files.map(file => [file, importsOf(file, new Set(files))]));

/** `lib`, `functions`, `ruleset`, `cli`: the floor's folder. */
const folderOf = (file: string) => (file === 'ruleset.ts' ? 'ruleset' : file.split('/')[0]);
/** `lib/errors/shape-table.ts` → `errors`: the lib floor's folder, or undefined outside `lib/`. */
const libFolderOf = (file: string) => (file.startsWith('lib/') ? file.split('/')[1] : undefined);
/** A command's folder under cli/ (`cli/report`), or undefined for the bin's shared modules. */
const commandOf = (file: string) => (file.startsWith('cli/') && file.split('/').length > 2 ? file.split('/').slice(0, 2).join('/') : undefined);

function wrongWay(from: string, to: string): string | undefined {
  const [a, b] = [folderOf(from), folderOf(to)];
  if (a !== b && FLOORS[b] >= FLOORS[a]) return `${from} imports ${to}: ${b}/ is not below ${a}/`;
  const [libFrom, libTo] = [libFolderOf(from), libFolderOf(to)];
  if (libFrom !== undefined && libTo !== undefined && libFrom !== libTo && LIB_FLOORS[libTo] >= LIB_FLOORS[libFrom])
    return `${from} imports ${to}: lib/${libTo}/ is not below lib/${libFrom}/`;
  const [commandFrom, commandTo] = [commandOf(from), commandOf(to)];
  if (commandTo !== undefined && commandFrom !== commandTo && from !== 'cli/main.ts')
    return `${from} imports ${to}: only the dispatcher reaches into a command's folder`;
  return undefined;
}

/** The cycles of the graph, each as the files on it (Tarjan's strongly connected components of more than one file, or a self-import). */
function cycles(): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    for (const next of graph.get(file)!) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do component.push((member = stack.pop()!));
    while (member !== file);
    if (component.length > 1 || graph.get(file)!.includes(file)) found.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return found;
}

test('the scan sees the package: the bin reaches its commands and the declarations reach the rules', () => {
  expect(graph.get('cli/main.ts')).toEqual(expect.arrayContaining(['cli/report/command.ts', 'cli/baseline/command.ts', 'cli/io.ts']));
  expect(graph.get('ruleset.ts')).toContain('rules/index.ts');
  expect(graph.get('rules/index.ts')!.length).toBeGreaterThan(20);
});

test('every import goes down a floor or stays in its folder; commands do not import each other', () => {
  expect(files.flatMap(file => graph.get(file)!.flatMap(target => wrongWay(file, target) ?? []))).toEqual([]);
});

test('every lib/ module sits in the folder of its question', () => {
  expect(files.filter(file => file.startsWith('lib/') && !(libFolderOf(file)! in LIB_FLOORS && file.split('/').length === 3))).toEqual([]);
  expect(Object.keys(LIB_FLOORS).filter(folder => !files.some(file => libFolderOf(file) === folder))).toEqual([]);
});

test('no import goes in a circle', () => {
  expect(cycles()).toEqual([]);
});

test('what is computed once per document is kept by OpenApiDocument.memo: no other module keeps a WeakMap of its own', () => {
  const moduleWeakMap = /^(export )?(const|let) \w+(: [^=]+)? = new WeakMap\b/m;
  expect(files.filter(file => moduleWeakMap.test(readFileSync(join(ROOT, file), 'utf8'))).sort()).toEqual([
    'lib/document/document.ts', // the document model itself, one per parsed document
    'lib/errors/shape-table.ts', // the memo key of a rule's name options, once per options object, which no document holds
    'lib/errors/value-shapes.ts', // an object's keys by letter case, for live response bodies, which have no document
  ]);
});
