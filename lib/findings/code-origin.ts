/**
 * Where an error was thrown, in the sources: the package's rule code runs compiled from one string
 * (dist/shared.cjs, docs/build.md), so a stack trace names `spectral-agent-ux/dist/shared.cjs:3:14940`.
 * The build hands that code its source map (mappings only); this module reads the first frame of the
 * package's code through it, so that "could not finish" names `lib/document/schema.ts:57` instead. From the
 * sources themselves (tests), frames already name their files, and nothing is mapped.
 */

/** The source map of the compiled code, handed over by dist/shared.cjs; undefined when the code runs from its sources. */
export interface SourceMapLike {
  sources: string[];
  mappings: string;
}

/** The name the compiled code's frames carry (its `//# sourceURL`), and the lines the compiler puts before its first line. */
export const COMPILED_URL = 'spectral-agent-ux/dist/shared.cjs';
const WRAPPER_LINES = 2;

let map: SourceMapLike | undefined;

/** Called once by dist/shared.cjs's wrapper with the map of the code it compiles. */
export function useSourceMap(sourceMap: SourceMapLike | undefined): void {
  map = sourceMap;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The numbers of one source-map segment (base64 VLQ: five bits a digit, the sign in the lowest bit). */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

function encodeValue(value: number): string {
  let rest = value < 0 ? (-value << 1) | 1 : value << 1;
  let text = '';
  do {
    let digit = rest & 31;
    rest >>>= 5;
    if (rest > 0) digit |= 32;
    text += BASE64[digit];
  } while (rest > 0);
  return text;
}

/**
 * A source map cut to what a frame needs, file and line: one segment where the source line changes, not
 * one per token (the build ships 19 kB of mappings instead of 136 kB, which every `spectral lint` loads).
 * Sources lose their `../` prefixes, so that they read as paths in this repository.
 */
export function linesOnly(sourceMap: SourceMapLike): SourceMapLike {
  let source = 0;
  let line = 0;
  let previous = { source: 0, line: 0 };
  const lines = sourceMap.mappings.split(';').map(generatedLine => {
    let column = 0;
    let previousColumn = 0;
    let last: string | undefined;
    const kept: string[] = [];
    for (const segment of generatedLine.split(',').filter(Boolean)) {
      const [columnDelta, sourceDelta, lineDelta] = decodeSegment(segment);
      column += columnDelta;
      if (sourceDelta === undefined) continue;
      source += sourceDelta;
      line += lineDelta;
      if (last === `${source}:${line}`) continue;
      last = `${source}:${line}`;
      kept.push([column - previousColumn, source - previous.source, line - previous.line, 0].map(encodeValue).join(''));
      previousColumn = column;
      previous = { source, line };
    }
    return kept.join(',');
  });
  return { sources: sourceMap.sources.map(file => file.replace(/^(\.\.\/)+/, '')), mappings: lines.join(';') };
}

/** The source file and line (1-based) of a generated line and column (1-based), from the map. */
function lookup(sourceMap: SourceMapLike, line: number, column: number): string | undefined {
  const lines = sourceMap.mappings.split(';');
  let source = 0;
  let sourceLine = 0;
  let found: string | undefined;
  // Source and line deltas run on across lines; the generated column restarts on each.
  for (let i = 0; i < line && i < lines.length; i++) {
    let generated = 0;
    for (const segment of lines[i].split(',').filter(Boolean)) {
      const [columnDelta, sourceDelta, lineDelta] = decodeSegment(segment);
      generated += columnDelta;
      if (sourceDelta === undefined) continue;
      source += sourceDelta;
      sourceLine += lineDelta;
      if (i === line - 1 && generated <= column - 1) found = `${sourceMap.sources[source]}:${sourceLine + 1}`;
    }
  }
  return found;
}

/** `lib/document/schema.ts:57`: the first frame of the package's compiled code in an error's stack, in the sources; undefined without a map or a frame. */
export function originOf(error: unknown): string | undefined {
  const stack = error instanceof Error ? error.stack : undefined;
  const frame = map === undefined || stack === undefined ? undefined : new RegExp(`${COMPILED_URL.replace(/[./]/g, '\\$&')}:(\\d+):(\\d+)`).exec(stack);
  return frame === null || frame === undefined ? undefined : lookup(map!, Number(frame[1]) - WRAPPER_LINES, Number(frame[2]));
}
