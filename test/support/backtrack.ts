/**
 * The work a backtracking regex engine does on a text, counted. ECMAScript defines a pattern's meaning by a
 * backtracking search (each start position in turn, greedy quantifiers giving back one repetition at a
 * time); V8's engine runs that search, pruning some of it, never adding to it. This runs the same search
 * for the small syntax the package's patterns use and counts the node visits, so a test can compare the
 * work on n and 4n characters: linear work grows 4 times, a quadratic pattern 16.
 *
 * Syntax: literals, `.`, `\s \S \w \W \d \D \b \B`, escaped punctuation, `[…]` classes with ranges and
 * negation, `(…)` and `(?:…)` groups, `|`, greedy `* + ? {m} {m,} {m,n}`, `^ $` (not multiline), flag `i`.
 */
type Node =
  | { kind: 'char'; test: (char: string) => boolean }
  | { kind: 'boundary'; word: boolean }
  | { kind: 'start' | 'end' }
  | { kind: 'sequence'; items: Node[] }
  | { kind: 'alternation'; options: Node[] }
  | { kind: 'repeat'; item: Node; min: number; max: number };

const isWordChar = (char: string | undefined) => char !== undefined && /^\w$/.test(char);
const CLASSES: Record<string, (char: string) => boolean> = {
  s: char => /^\s$/.test(char),
  d: char => char >= '0' && char <= '9',
  w: isWordChar,
};
const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', f: '\f', v: '\v' };

class Parser {
  private at = 0;
  constructor(
    private readonly source: string,
    private readonly fold: boolean,
  ) {}

  parse(): Node {
    const node = this.alternation();
    if (this.at !== this.source.length) throw new SyntaxError(`backtrack: unexpected ${this.source[this.at]} at ${this.at} in ${this.source}`);
    return node;
  }

  private alternation(): Node {
    const options = [this.sequence()];
    while (this.source[this.at] === '|') {
      this.at++;
      options.push(this.sequence());
    }
    return options.length === 1 ? options[0] : { kind: 'alternation', options };
  }

  private sequence(): Node {
    const items: Node[] = [];
    while (this.at < this.source.length && this.source[this.at] !== '|' && this.source[this.at] !== ')') items.push(this.quantified(this.atom()));
    return { kind: 'sequence', items };
  }

  private quantified(item: Node): Node {
    const char = this.source[this.at];
    let bounds: [number, number] | undefined;
    if (char === '*') bounds = [0, Infinity];
    else if (char === '+') bounds = [1, Infinity];
    else if (char === '?') bounds = [0, 1];
    else if (char === '{') {
      const braces = /^\{(\d+)(,(\d*))?\}/.exec(this.source.slice(this.at));
      if (braces !== null) {
        this.at += braces[0].length - 1;
        const min = Number(braces[1]);
        bounds = [min, braces[2] === undefined ? min : braces[3] === '' ? Infinity : Number(braces[3])];
      }
    }
    if (bounds === undefined) return item;
    this.at++;
    if (this.source[this.at] === '?') throw new SyntaxError('backtrack: lazy quantifiers are not modelled');
    return { kind: 'repeat', item, min: bounds[0], max: bounds[1] };
  }

  private atom(): Node {
    const char = this.source[this.at++];
    if (char === '(') {
      if (this.source.startsWith('?:', this.at)) this.at += 2;
      else if (this.source[this.at] === '?') throw new SyntaxError('backtrack: lookarounds are not modelled');
      const inner = this.alternation();
      if (this.source[this.at++] !== ')') throw new SyntaxError(`backtrack: unclosed group in ${this.source}`);
      return inner;
    }
    if (char === '^') return { kind: 'start' };
    if (char === '$') return { kind: 'end' };
    if (char === '.') return { kind: 'char', test: c => c !== '\n' && c !== '\r' && c !== '\u2028' && c !== '\u2029' };
    if (char === '[') return this.set();
    if (char === '\\') {
      const escaped = this.source[this.at++];
      if (escaped === 'b' || escaped === 'B') return { kind: 'boundary', word: escaped === 'b' };
      return { kind: 'char', test: this.escapeTest(escaped) };
    }
    return { kind: 'char', test: this.literal(char) };
  }

  private set(): Node {
    const negated = this.source[this.at] === '^';
    if (negated) this.at++;
    const tests: ((char: string) => boolean)[] = [];
    let first = true;
    while (this.source[this.at] !== ']' || first) {
      first = false;
      const low = this.setChar();
      if (typeof low !== 'string') {
        tests.push(low);
        continue;
      }
      if (this.source[this.at] === '-' && this.source[this.at + 1] !== ']') {
        this.at++;
        const high = this.setChar();
        if (typeof high !== 'string') throw new SyntaxError('backtrack: a class cannot end a range');
        tests.push(c => this.folded(c).some(f => f >= low && f <= high));
      } else tests.push(this.literal(low));
    }
    this.at++;
    return { kind: 'char', test: c => tests.some(test => test(c)) !== negated };
  }

  private setChar(): string | ((char: string) => boolean) {
    const char = this.source[this.at++];
    if (char !== '\\') return char;
    const escaped = this.source[this.at++];
    return /[sSdDwW]/.test(escaped) ? this.escapeTest(escaped) : (ESCAPES[escaped] ?? escaped);
  }

  private escapeTest(escaped: string): (char: string) => boolean {
    const named = CLASSES[escaped.toLowerCase()];
    if (named !== undefined) return escaped === escaped.toLowerCase() ? named : c => !named(c);
    return this.literal(ESCAPES[escaped] ?? escaped);
  }

  private literal(expected: string): (char: string) => boolean {
    return char => this.folded(char).includes(expected) || (this.fold && this.folded(expected).includes(char));
  }

  /** The characters `char` is equal to under the flags (ECMAScript's non-unicode case folding, close enough for ASCII patterns). */
  private folded(char: string): string[] {
    return this.fold ? [char, char.toLowerCase(), char.toUpperCase()] : [char];
  }
}

/** Whether `pattern` matches somewhere in `text`, and how many node visits the backtracking search took. */
export function backtrack(pattern: RegExp, text: string): { matched: boolean; steps: number } {
  if (pattern.flags.replace(/[gi]/g, '') !== '') throw new SyntaxError(`backtrack: flags ${pattern.flags} are not modelled`);
  const root = new Parser(pattern.source, pattern.flags.includes('i')).parse();
  let steps = 0;
  const match = (node: Node, at: number, next: (at: number) => boolean): boolean => {
    steps++;
    switch (node.kind) {
      case 'char':
        return at < text.length && node.test(text[at]) && next(at + 1);
      case 'boundary':
        return (isWordChar(text[at - 1]) !== isWordChar(text[at])) === node.word && next(at);
      case 'start':
        return at === 0 && next(at);
      case 'end':
        return at === text.length && next(at);
      case 'sequence': {
        const from = (i: number, position: number): boolean =>
          i === node.items.length ? next(position) : match(node.items[i], position, after => from(i + 1, after));
        return from(0, at);
      }
      case 'alternation':
        return node.options.some(option => match(option, at, next));
      case 'repeat': {
        // Greedy: one more repetition first (never an empty one), then give back and go on.
        const again = (count: number, position: number): boolean =>
          (count < node.max && match(node.item, position, after => after !== position && again(count + 1, after))) || (count >= node.min && next(position));
        return again(0, at);
      }
    }
  };
  for (let start = 0; start <= text.length; start++) if (match(root, start, () => true)) return { matched: true, steps };
  return { matched: false, steps };
}
