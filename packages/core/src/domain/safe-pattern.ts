/**
 * A survey author's regular expression, run in time linear in the text: an element's `pattern` rule is
 * written by whoever edits the survey and run by the server on every v3 response write, so it must not be
 * able to backtrack catastrophically (`(a+)+$`, `a*a*a*a*b`). The pattern is checked by the platform's
 * `RegExp` (an invalid one is reported as such), then parsed into a small automaton that is run by keeping
 * every live state at once (a Thompson, or Pike, machine): each character of the text is looked at once per
 * state, so a test costs at most `text length × program size`, both bounded here (and the caller keeps a
 * budget of such steps for a whole write).
 *
 * The syntax is JavaScript's without the features that need backtracking: backreferences (`\1`, `\k<name>`),
 * lookaheads and lookbehinds, and `\p{…}` property escapes are "unsupported", and so is the `v` flag. Text is
 * read by code points. Flags: `i`, `m`, `s` and `y` as JavaScript reads them; `g`, `u` and `d` change
 * nothing a test answers.
 */

/** The most instructions one compiled pattern may have (counted repeats are unrolled). */
export const MAX_PATTERN_PROGRAM = 2000
/** The largest bound of a counted repeat (`{n,m}`). */
const MAX_REPEAT = 1000

export type SafePattern =
  /** `size`: the program's instructions; a test costs at most `(code points of the text + 1) × size` steps. */
  | { ok: true; size: number; test: (text: string) => boolean }
  | { ok: false; reason: 'invalid' | 'unsupported' | 'too_large'; detail: string }

type Pred = (c: number) => boolean
type Assertion = 'bol' | 'eol' | 'word' | 'notWord'
type Node =
  | { t: 'char'; pred: Pred }
  | { t: 'seq'; items: Node[] }
  | { t: 'alt'; options: Node[] }
  | { t: 'rep'; node: Node; min: number; max: number }
  | { t: 'assert'; kind: Assertion }

type Inst =
  | { op: 'char'; pred: Pred }
  | { op: 'split'; a: number; b: number }
  | { op: 'jmp'; to: number }
  | { op: 'assert'; kind: Assertion }
  | { op: 'match' }

class Refusal extends Error {
  constructor(
    readonly reason: 'unsupported' | 'too_large' | 'invalid',
    detail: string,
  ) {
    super(detail)
  }
}

export function compileSafePattern(source: string, flags = ''): SafePattern {
  try {
    // Only compiled, never run: tells an invalid pattern (or flag) from one this module cannot run.
    new RegExp(source, flags)
  } catch (error) {
    return { ok: false, reason: 'invalid', detail: (error as Error).message }
  }
  if (flags.includes('v')) return { ok: false, reason: 'unsupported', detail: 'The v flag is not supported' }
  const options = {
    ignoreCase: flags.includes('i'),
    multiline: flags.includes('m'),
    dotAll: flags.includes('s'),
    unicode: flags.includes('u'),
  }
  try {
    const parser = new Parser(
      [...source].map((ch) => ch.codePointAt(0) as number),
      options,
    )
    const tree = parser.parse()
    const program = compile(tree)
    const sticky = flags.includes('y')
    return { ok: true, size: program.length, test: (text: string) => run(program, text, options.multiline, sticky) }
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: error.reason, detail: error.message }
    throw error
  }
}

// ---- characters

const code = (ch: string): number => ch.codePointAt(0) as number
const isLineTerminator = (c: number): boolean => c === 0x0a || c === 0x0d || c === 0x2028 || c === 0x2029
const isWordChar = (c: number): boolean => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f
const SPACES = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff])
const isSpace = (c: number): boolean => SPACES.has(c) || (c >= 0x2000 && c <= 0x200a)
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39

/** `pred` answering each character once: a class is tested against the same characters at every state. */
function remembered(pred: Pred): Pred {
  const known = new Map<number, boolean>()
  return (c) => {
    let answer = known.get(c)
    if (answer === undefined) {
      answer = pred(c)
      known.set(c, answer)
    }
    return answer
  }
}

function caseVariants(c: number): number[] {
  const ch = String.fromCodePoint(c)
  const lower = ch.toLowerCase()
  const upper = ch.toUpperCase()
  const out = [c]
  // Only single-character foldings: a character whose case form is longer (ß → SS) keeps itself.
  if ([...lower].length === 1) out.push(code(lower))
  if ([...upper].length === 1) out.push(code(upper))
  return out
}

function classEscape(letter: number): Pred | undefined {
  switch (String.fromCodePoint(letter)) {
    case 'd':
      return isDigit
    case 'D':
      return (c) => !isDigit(c)
    case 'w':
      return isWordChar
    case 'W':
      return (c) => !isWordChar(c)
    case 's':
      return isSpace
    case 'S':
      return (c) => !isSpace(c)
    default:
      return undefined
  }
}

const CONTROL_ESCAPES: Record<string, number> = { n: 0x0a, r: 0x0d, t: 0x09, f: 0x0c, v: 0x0b }

// ---- parsing

class Parser {
  private at = 0

  constructor(
    private readonly src: number[],
    private readonly options: { ignoreCase: boolean; multiline: boolean; dotAll: boolean; unicode: boolean },
  ) {}

  parse(): Node {
    const node = this.alternation()
    if (this.at < this.src.length) throw new Refusal('invalid', 'Unmatched )')
    return node
  }

  private peek(offset = 0): string | undefined {
    const c = this.src[this.at + offset]
    return c === undefined ? undefined : String.fromCodePoint(c)
  }

  private next(): number {
    const c = this.src[this.at++]
    if (c === undefined) throw new Refusal('invalid', 'Unexpected end of pattern')
    return c
  }

  private alternation(): Node {
    const options = [this.sequence()]
    while (this.peek() === '|') {
      this.at++
      options.push(this.sequence())
    }
    return options.length === 1 ? (options[0] as Node) : { t: 'alt', options }
  }

  private sequence(): Node {
    const items: Node[] = []
    while (this.at < this.src.length && this.peek() !== '|' && this.peek() !== ')') {
      const atom = this.atom()
      items.push(this.quantified(atom))
    }
    return { t: 'seq', items }
  }

  private quantified(atom: Node): Node {
    const q = this.peek()
    let min: number
    let max: number
    if (q === '*') [min, max] = [0, Number.POSITIVE_INFINITY]
    else if (q === '+') [min, max] = [1, Number.POSITIVE_INFINITY]
    else if (q === '?') [min, max] = [0, 1]
    else if (q === '{') {
      const bounds = this.braces()
      if (!bounds) return atom
      ;[min, max] = bounds
    } else return atom
    if (q !== '{') this.at++
    // Lazy or greedy: a test answers the same.
    if (this.peek() === '?') this.at++
    if (atom.t === 'assert') throw new Refusal('invalid', 'Nothing to repeat')
    if (min > MAX_REPEAT || (max !== Number.POSITIVE_INFINITY && max > MAX_REPEAT))
      throw new Refusal('too_large', `A repeat count above ${MAX_REPEAT}`)
    return { t: 'rep', node: atom, min, max }
  }

  /** `{n}`, `{n,}` or `{n,m}` at the cursor (consumed), or undefined (a literal `{`, nothing consumed). */
  private braces(): [number, number] | undefined {
    const rest = String.fromCodePoint(...this.src.slice(this.at, this.at + 40))
    const match = /^\{(\d+)(,(\d*))?\}/.exec(rest)
    if (!match) {
      if (this.options.unicode) throw new Refusal('invalid', 'Incomplete quantifier')
      return undefined
    }
    this.at += [...match[0]].length
    const min = Number(match[1])
    const max = match[2] === undefined ? min : match[3] === '' ? Number.POSITIVE_INFINITY : Number(match[3])
    return [min, max]
  }

  private literal(c: number): Node {
    if (!this.options.ignoreCase) return { t: 'char', pred: (x) => x === c }
    const variants = new Set(caseVariants(c))
    return { t: 'char', pred: remembered((x) => caseVariants(x).some((v) => variants.has(v))) }
  }

  private withCase(pred: Pred): Pred {
    return this.options.ignoreCase ? (x) => caseVariants(x).some(pred) : pred
  }

  private atom(): Node {
    const c = this.next()
    const ch = String.fromCodePoint(c)
    switch (ch) {
      case '(':
        return this.group()
      case '[':
        return this.characterClass()
      case '.':
        return { t: 'char', pred: this.options.dotAll ? () => true : (x) => !isLineTerminator(x) }
      case '^':
        return { t: 'assert', kind: 'bol' }
      case '$':
        return { t: 'assert', kind: 'eol' }
      case '\\':
        return this.atomEscape()
      case '*':
      case '+':
      case '?':
        throw new Refusal('invalid', 'Nothing to repeat')
      case '{':
        // A `{` that starts no quantifier is a literal (outside the u flag).
        this.at--
        if (this.braces()) throw new Refusal('invalid', 'Nothing to repeat')
        this.at++
        return this.literal(c)
      default:
        return this.literal(c)
    }
  }

  private group(): Node {
    if (this.peek() === '?') {
      const kind = this.peek(1)
      if (kind === ':') this.at += 2
      else if (kind === '<' && this.peek(2) !== '=' && this.peek(2) !== '!') {
        const close = this.src.indexOf(code('>'), this.at)
        if (close < 0) throw new Refusal('invalid', 'Invalid capture group name')
        this.at = close + 1
      } else throw new Refusal('unsupported', 'Lookahead and lookbehind are not supported')
    }
    const inner = this.alternation()
    if (this.peek() !== ')') throw new Refusal('invalid', 'Unterminated group')
    this.at++
    return inner
  }

  private atomEscape(): Node {
    const c = this.next()
    const ch = String.fromCodePoint(c)
    if (ch === 'b') return { t: 'assert', kind: 'word' }
    if (ch === 'B') return { t: 'assert', kind: 'notWord' }
    if (/[1-9]/.test(ch) || ch === 'k') throw new Refusal('unsupported', 'Backreferences are not supported')
    const cls = classEscape(c)
    if (cls) return { t: 'char', pred: cls }
    return this.literal(this.characterEscape(c))
  }

  /** The character an escape (after its backslash, `c` already read) stands for. */
  private characterEscape(c: number): number {
    const ch = String.fromCodePoint(c)
    const control = CONTROL_ESCAPES[ch]
    if (control !== undefined) return control
    if (ch === '0' && !(this.peek() !== undefined && /\d/.test(this.peek() as string))) return 0
    if (ch === 'x') {
      const hex = this.hex(2)
      if (hex !== undefined) return hex
      return c
    }
    if (ch === 'u') {
      if (this.options.unicode && this.peek() === '{') {
        const close = this.src.indexOf(code('}'), this.at)
        const digits = String.fromCodePoint(...this.src.slice(this.at + 1, close))
        this.at = close + 1
        return Number.parseInt(digits, 16)
      }
      const hex = this.hex(4)
      if (hex !== undefined) return hex
      return c
    }
    if (ch === 'c') {
      const letter = this.peek()
      if (letter !== undefined && /[A-Za-z]/.test(letter)) {
        this.at++
        return code(letter) % 32
      }
      return code('\\')
    }
    if ((ch === 'p' || ch === 'P') && this.options.unicode) throw new Refusal('unsupported', 'Unicode property escapes are not supported')
    if (/\d/.test(ch)) throw new Refusal('unsupported', 'Octal escapes are not supported')
    // An identity escape: the character itself.
    return c
  }

  private hex(length: number): number | undefined {
    const digits = String.fromCodePoint(...this.src.slice(this.at, this.at + length))
    if (digits.length !== length || !/^[0-9a-fA-F]+$/.test(digits)) return undefined
    this.at += length
    return Number.parseInt(digits, 16)
  }

  private characterClass(): Node {
    let negate = false
    if (this.peek() === '^') {
      negate = true
      this.at++
    }
    const parts: Pred[] = []
    while (this.peek() !== ']') {
      if (this.at >= this.src.length) throw new Refusal('invalid', 'Unterminated character class')
      const start = this.classAtom()
      if (this.peek() === '-' && this.peek(1) !== ']' && this.peek(1) !== undefined && typeof start === 'number') {
        this.at++
        const end = this.classAtom()
        if (typeof end === 'number') {
          if (end < start) throw new Refusal('invalid', 'Range out of order in character class')
          parts.push((x) => x >= start && x <= end)
          continue
        }
        // `[a-\d]`: a, `-` and the class, as JavaScript reads it outside the u flag.
        parts.push(
          (x) => x === start,
          (x) => x === code('-'),
          end,
        )
        continue
      }
      parts.push(typeof start === 'number' ? (x) => x === start : start)
    }
    this.at++
    const member = this.withCase((x) => parts.some((part) => part(x)))
    return { t: 'char', pred: remembered(negate ? (x) => !member(x) : member) }
  }

  /** One character of a class, or a class escape (`\d` …) as its predicate. */
  private classAtom(): number | Pred {
    const c = this.next()
    if (String.fromCodePoint(c) !== '\\') return c
    const e = this.next()
    const cls = classEscape(e)
    if (cls) return cls
    const ch = String.fromCodePoint(e)
    if (ch === 'b') return 0x08
    if (ch === '-') return e
    if (/[1-9]/.test(ch) || (ch === 'k' && this.options.unicode)) throw new Refusal('unsupported', 'Backreferences are not supported')
    return this.characterEscape(e)
  }
}

// ---- compiling

function compile(tree: Node): Inst[] {
  const program: Inst[] = []
  const emit = (inst: Inst): number => {
    if (program.length >= MAX_PATTERN_PROGRAM) throw new Refusal('too_large', 'The pattern is too large to run')
    program.push(inst)
    return program.length - 1
  }
  const gen = (node: Node): void => {
    switch (node.t) {
      case 'char':
        emit({ op: 'char', pred: node.pred })
        return
      case 'assert':
        emit({ op: 'assert', kind: node.kind })
        return
      case 'seq':
        for (const item of node.items) gen(item)
        return
      case 'alt': {
        const jumps: number[] = []
        node.options.forEach((option, index) => {
          if (index < node.options.length - 1) {
            const split = emit({ op: 'split', a: 0, b: 0 })
            program[split] = { op: 'split', a: split + 1, b: 0 }
            gen(option)
            jumps.push(emit({ op: 'jmp', to: 0 }))
            ;(program[split] as { b: number }).b = program.length
          } else gen(option)
        })
        for (const jump of jumps) (program[jump] as { to: number }).to = program.length
        return
      }
      case 'rep': {
        for (let i = 0; i < node.min; i++) gen(node.node)
        if (node.max === Number.POSITIVE_INFINITY) {
          const split = emit({ op: 'split', a: 0, b: 0 })
          gen(node.node)
          emit({ op: 'jmp', to: split })
          program[split] = { op: 'split', a: split + 1, b: program.length }
          return
        }
        const exits: number[] = []
        for (let i = node.min; i < node.max; i++) {
          const split = emit({ op: 'split', a: 0, b: 0 })
          exits.push(split)
          gen(node.node)
          ;(program[split] as { a: number }).a = split + 1
        }
        for (const split of exits) (program[split] as { b: number }).b = program.length
        return
      }
    }
  }
  gen(tree)
  emit({ op: 'match' })
  return program
}

// ---- running

function run(program: Inst[], text: string, multiline: boolean, sticky: boolean): boolean {
  const chars = [...text].map(code)
  const size = program.length
  let current: number[] = []
  let following: number[] = []
  const seen = new Int32Array(size).fill(-1)
  let generation = 0
  const stack: number[] = []

  const holds = (kind: Assertion, at: number): boolean => {
    const before = chars[at - 1]
    const after = chars[at]
    switch (kind) {
      case 'bol':
        return at === 0 || (multiline && before !== undefined && isLineTerminator(before))
      case 'eol':
        return at === chars.length || (multiline && after !== undefined && isLineTerminator(after))
      case 'word':
      case 'notWord': {
        const boundary = (before !== undefined && isWordChar(before)) !== (after !== undefined && isWordChar(after))
        return kind === 'word' ? boundary : !boundary
      }
    }
  }

  /** Adds `pc` and every state reachable from it without reading a character; true when one matches. */
  const add = (list: number[], pc: number, at: number): boolean => {
    stack.push(pc)
    while (stack.length > 0) {
      const p = stack.pop() as number
      if (seen[p] === generation) continue
      seen[p] = generation
      const inst = program[p] as Inst
      switch (inst.op) {
        case 'match':
          stack.length = 0
          return true
        case 'jmp':
          stack.push(inst.to)
          break
        case 'split':
          stack.push(inst.b, inst.a)
          break
        case 'assert':
          if (holds(inst.kind, at)) stack.push(p + 1)
          break
        case 'char':
          list.push(p)
          break
      }
    }
    return false
  }

  generation++
  if (add(current, 0, 0)) return true
  for (let at = 0; at < chars.length; at++) {
    const c = chars[at] as number
    generation++
    following = []
    for (const p of current) {
      const inst = program[p] as Extract<Inst, { op: 'char' }>
      if (inst.pred(c) && add(following, p + 1, at + 1)) return true
    }
    // Not anchored: a match may also start at the next character (a sticky pattern starts only at 0).
    if (!sticky && add(following, 0, at + 1)) return true
    current = following
    if (current.length === 0 && sticky) return false
  }
  return false
}
