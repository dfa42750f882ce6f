import { concatBytes } from '../bytes'
import { CanvassError, badRequest, validationError } from '../errors'

/** Largest JSON body accepted (docs/design.md, "Limits and input"). */
export const JSON_BODY_LIMIT = 1024 * 1024

const tooLarge = (limit: number): CanvassError => new CanvassError('payload_too_large', `Request body is larger than ${limit} bytes`)

/**
 * Reads a JSON request body: form and multipart bodies get 415; any other or no content type is parsed as
 * JSON, since browsers' `sendBeacon` and bare `fetch` send `text/plain`. The size limit is enforced while
 * reading, so a chunked body without `Content-Length` cannot grow past it. Every JSON route takes an object,
 * so any other JSON value is a validation error at the root (`""`).
 *
 * A small body with a `Content-Length` is read whole (a host's fast path). A large one, or one without a
 * length, is counted while it streams (see `JsonShape`): once it holds more values than any real body can, it
 * is refused and the rest is read and dropped without being kept, so a flood of dense hostile bodies never
 * holds them whole.
 */
export function readJsonBody(request: Request, limit = JSON_BODY_LIMIT): Promise<Record<string, unknown>> {
  return checkedBody(request, limit, false)
}

/**
 * A body whose array `field` holds items that succeed or fail one by one (a bulk import): read as
 * `readJsonBody` does, except that what the input rule refuses in text and numbers inside one item refuses
 * only that item. `itemProblems` maps such an item's index to its first problem, at a path below the item.
 * Nesting past the limit, and anything outside the items, still refuses the whole body.
 */
export function readJsonBatch(
  request: Request,
  field: string,
): Promise<{ body: Record<string, unknown>; itemProblems: Map<number, BodyProblem> }> {
  return checkedBatch(request, field, false)
}

/**
 * `readJsonBody` (or, with `batch`, `readJsonBatch`'s body), kept for the request's handler: an idempotent
 * route reads the body before its handler does, and the handler's read then answers the same. Only such
 * routes pay for the keeping.
 */
export async function readJsonBodyAhead(request: Request, batch?: string, limit = JSON_BODY_LIMIT): Promise<Record<string, unknown>> {
  return batch === undefined ? checkedBody(request, limit, true) : (await checkedBatch(request, batch, true)).body
}

/**
 * Asks that the request's body, once its handler has read it, be kept for `keptBody` (the audit log names the
 * fields a write was given). Only requests marked so pay for the keeping.
 */
export function keepBody(request: Request): void {
  keepAfterRead.add(request)
}

/** The body the handler read, parsed, when `keepBody` asked for it; undefined when none was read. */
export function keptBody(request: Request): Promise<Record<string, unknown>> | undefined {
  return bodies.get(request)?.then((parsed) => parsed.value)
}

const keepAfterRead = new WeakSet<Request>()

/** What the input rule refuses in a body: the dot-joined path of the field, and why. */
export interface BodyProblem {
  path: string
  message: string
}

async function checkedBody(request: Request, limit: number, keep: boolean): Promise<Record<string, unknown>> {
  const { value, suspect } = await parsedBody(request, limit, keep)
  // The walk allocates per value; most bodies need none of it (see `JsonShape`).
  const problem = suspect ? findStorageProblem(value) : undefined
  if (problem) throw validationError({ [problem.path]: problem.message })
  return value
}

async function checkedBatch(
  request: Request,
  field: string,
  keep: boolean,
): Promise<{ body: Record<string, unknown>; itemProblems: Map<number, BodyProblem> }> {
  const { value, suspect } = await parsedBody(request, JSON_BODY_LIMIT, keep)
  const itemProblems = new Map<number, BodyProblem>()
  const problem = suspect ? findStorageProblem(value, { field, problems: itemProblems }) : undefined
  if (problem) throw validationError({ [problem.path]: problem.message })
  return { body: value, itemProblems }
}

/** A parsed body, and whether it may break the input rule (only then is it walked). */
interface ParsedBody {
  value: Record<string, unknown>
  suspect: boolean
}

/** The body read once: a read ahead (`keep`) leaves it for the handler's own read. */
function parsedBody(request: Request, limit: number, keep: boolean): Promise<ParsedBody> {
  let read = bodies.get(request)
  if (!read) {
    read = readJsonBodyOnce(request, limit)
    if (keep || keepAfterRead.has(request)) bodies.set(request, read)
  }
  return read
}

const bodies = new WeakMap<Request, Promise<ParsedBody>>()

async function readJsonBodyOnce(request: Request, limit: number): Promise<ParsedBody> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase()
  if (type.startsWith('multipart/') || type.startsWith('application/x-www-form-urlencoded')) {
    throw new CanvassError('unsupported_media_type', 'Content-Type must be application/json')
  }
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit)
  const shape = new JsonShape()
  let bytes: Uint8Array
  try {
    if (Number.isFinite(declared) && declared <= LARGE_BODY_BYTES) {
      bytes = new Uint8Array(await request.arrayBuffer())
      shape.scan(bytes)
    } else {
      bytes = await readScanned(request, limit, shape)
    }
  } catch (error) {
    if (error instanceof CanvassError) throw error
    // The connection failed or the client went away mid-body: its fault, not ours, and no 500 to log.
    throw badRequest('The request body could not be read')
  }
  if (shape.values > MAX_JSON_VALUES) throw tooManyValues()
  const text = utf8.decode(bytes)
  return bytes.byteLength > LARGE_BODY_BYTES ? inTurn(() => parseJsonObject(text, shape)) : parseJsonObject(text, shape)
}

const utf8 = new TextDecoder()

const tooManyValues = (): CanvassError =>
  validationError({ '': `A JSON body must not hold more than ${MAX_JSON_VALUES} values (keys included)` })

function parseJsonObject(text: string, shape: JsonShape): ParsedBody {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw badRequest('Malformed JSON input, please check your request body')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw validationError({ '': 'Expected a JSON object' })
  }
  return { value: value as Record<string, unknown>, suspect: shape.suspicious || SUSPICIOUS_ESCAPE.test(text) }
}

/**
 * Most JSON values (keys included) one body may hold. A 1 MiB body can hold 500,000; a survey of 200
 * questions with many choices in several languages, or a response to it, holds a few tens of thousands.
 * The count is taken from the text before JSON.parse builds anything: a body denser than any real survey or
 * response is refused without allocating its hundreds of thousands of values, which a flood of such bodies
 * would otherwise turn into hundreds of MB of garbage.
 */
export const MAX_JSON_VALUES = 100_000

/** A `\u` escape of U+0000 or of a surrogate: the only ways JSON text can carry either. */
const SUSPICIOUS_ESCAPE = /\\u(?:0000|[dD][89a-fA-F])/

/**
 * What the UTF-8 bytes of a JSON body say before they are parsed, fed chunk by chunk as they arrive: about
 * how many values they hold (containers, keys and elements, counted by the brackets, colons and commas
 * outside strings), and whether the nesting or a number could break the input rule. Every byte of a
 * multi-byte UTF-8 sequence is 0x80 or above, so the ASCII structure reads the same as in the decoded text.
 * `JSON.parse` makes ±Infinity only of a number past 1.8e308: one with an exponent, or with 309 digits or more
 * in a row (an exponent is rare in real bodies, and a run of 200 digits rarer). U+0000 and lone surrogates
 * can only come from `\u` escapes (JSON forbids raw control characters in strings, and decoding UTF-8 never
 * yields a lone surrogate), tested separately; a false alarm only costs the exact walk.
 */
class JsonShape {
  // The root, the first element (or key) of each non-empty container, and one more per `,` and `:`.
  values = 1
  suspicious = false
  private depth = 0
  private opened = false
  private inString = false
  private escaped = false
  /** Digits in a row outside strings, up to the byte before. */
  private digits = 0

  scan(bytes: Uint8Array): void {
    let { values, depth, opened, inString, escaped, suspicious, digits } = this
    for (let i = 0; i < bytes.length; i++) {
      const c = bytes[i] as number
      if (inString) {
        if (escaped) escaped = false
        else if (c === 92)
          escaped = true // a backslash: the next byte is escaped
        else if (c === 34) inString = false
        continue
      }
      if (c >= 48 && c <= 57) {
        if (++digits >= 200) suspicious = true
        if (!opened) continue
      } else {
        // An exponent: `e` or `E` right after a digit (`true` and `false` have theirs after a letter).
        if ((c === 101 || c === 69) && digits > 0) suspicious = true
        digits = 0
      }
      if (c === 32 || c === 10 || c === 13 || c === 9) continue
      if (opened) {
        opened = false
        if (c !== 125 && c !== 93) values++
      }
      if (c === 34) inString = true
      else if (c === 44 || c === 58)
        values++ // , :
      else if (c === 123 || c === 91) {
        opened = true
        // The walk counts the root as depth 0 and refuses a value at depth MAX_JSON_DEPTH.
        if (++depth > MAX_JSON_DEPTH) suspicious = true
      } else if (c === 125 || c === 93) depth--
    }
    this.values = values
    this.depth = depth
    this.opened = opened
    this.inString = inString
    this.escaped = escaped
    this.suspicious = suspicious
    this.digits = digits
  }
}

/** Bodies longer than this (in bytes) are read as they stream and parsed one at a time; see `inTurn`. */
const LARGE_BODY_BYTES = 64 * 1024

// Process-wide on purpose: the event loop the turns share is the process's, whichever Canvass the bodies reach.
let lastInLine: Promise<void> = Promise.resolve()

/**
 * Runs `parse` after every large body queued before it, in an event-loop task of its own. Parsing a large
 * body (and validating it, which its route does right after, before the next one starts) holds the event loop
 * for milliseconds; when many arrive at once, back to back, everything else (small requests, health checks)
 * waited behind all of them. Taking turns, each separated by a timer, lets the loop answer other requests
 * between two large bodies, and keeps at most one large parsed body in memory at a time.
 */
async function inTurn<T>(parse: () => T): Promise<T> {
  const before = lastInLine
  let done!: () => void
  lastInLine = new Promise((resolve) => (done = resolve))
  try {
    await before
    await new Promise((resolve) => setTimeout(resolve, 0))
    return parse()
  } finally {
    done()
  }
}

/** How deeply JSON bodies may nest; real survey and response bodies stay far below it. */
export const MAX_JSON_DEPTH = 64

/**
 * The input rule for everything stored (docs/design.md, "Limits and input"), applied once to every JSON body before any schema:
 * Postgres `text` and `jsonb` cannot hold U+0000 nor unpaired UTF-16 surrogates (`"\ud800"` parses into
 * such a string), a number must be finite (`1e400` parses into Infinity, which would be
 * stored as `null`), and very deep nesting exhausts stacks further on. One iterative walk finds the first
 * violation, reported at its dot-joined field path; keys are checked like values. With `batch`, a problem
 * of text or number inside an item of the root's array `batch.field` goes to `batch.problems` (the item's
 * first) and the walk goes on.
 */
/** `findStorageProblem` for a value that came another way than a request's body (an imported item). */
export function storageProblem(value: unknown): BodyProblem | undefined {
  return findStorageProblem(value)
}

function findStorageProblem(root: unknown, batch?: { field: string; problems: Map<number, BodyProblem> }): BodyProblem | undefined {
  // Parallel arrays rather than an object per value (a 1 MiB body can hold 300,000 values): `parents` and
  // `keys` rebuild the path of the one value that fails; `pending` holds the indexes still to visit.
  const values: unknown[] = [root]
  const depths: number[] = [0]
  const parents: number[] = [-1]
  const keys: (string | number)[] = ['']
  const pending: number[] = [0]
  const pathOf = (index: number, last?: string): string => pathKeys(index, last).join('.')
  const pathKeys = (index: number, last?: string): (string | number)[] => {
    const path: (string | number)[] = last === undefined ? [] : [last]
    for (let at = index; at > 0; at = parents[at] as number) path.push(keys[at] as string | number)
    return path.reverse()
  }
  /** The problem to stop at, or undefined when it belongs to one item of the batch (then recorded). */
  const found = (index: number, message: string, last?: string): BodyProblem | undefined => {
    const path = pathKeys(index, last)
    if (batch && path[0] === batch.field && typeof path[1] === 'number' && Array.isArray((root as Record<string, unknown>)[batch.field])) {
      if (!batch.problems.has(path[1])) batch.problems.set(path[1], { path: path.slice(2).join('.'), message })
      return undefined
    }
    return { path: path.join('.'), message }
  }
  const visit = (value: unknown, depth: number, parent: number, key: string | number): void => {
    if (typeof value !== 'object' || value === null) {
      if (typeof value !== 'string' && (typeof value !== 'number' || Number.isFinite(value))) return
    }
    pending.push(values.length)
    values.push(value)
    depths.push(depth)
    parents.push(parent)
    keys.push(key)
  }
  while (pending.length > 0) {
    const index = pending.pop() as number
    const value = values[index]
    const depth = depths[index] as number
    if (typeof value === 'string') {
      const message = textProblem(value)
      const problem = message ? found(index, message) : undefined
      if (problem) return problem
    } else if (typeof value === 'number') {
      const problem = found(index, 'Numbers must be finite (at most about 1.8e308 in size)')
      if (problem) return problem
    } else if (typeof value === 'object' && value !== null) {
      if (depth >= MAX_JSON_DEPTH) return { path: pathOf(index), message: `JSON must not nest deeper than ${MAX_JSON_DEPTH} levels` }
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) visit(value[i], depth + 1, index, i)
        continue
      }
      for (const key in value) {
        if (!Object.hasOwn(value, key)) continue
        const message = textProblem(key)
        const problem = message ? found(index, `Key: ${message}`, key) : undefined
        if (problem) return problem
        visit((value as Record<string, unknown>)[key], depth + 1, index, key)
      }
    }
  }
  return undefined
}

function textProblem(text: string): string | undefined {
  if (text.includes('\0')) return 'Text must not contain the character U+0000'
  if (!isWellFormed(text)) return 'Text must be well-formed Unicode (no unpaired surrogates)'
  return undefined
}

/**
 * Reads a streamed body, feeding each chunk to `shape`, up to `limit` bytes (then 413). Once the body holds
 * more values than allowed, the rest is read and dropped without being kept (the client is still sending it,
 * and stopping would break the connection under its answer), and an empty array comes back: the caller
 * refuses the body by its count.
 *
 * Every chunk waits for an event-loop turn of its own (see `nextTurn`), so bodies streaming at once take
 * turns: a flood of large bodies would otherwise have every turn scan a chunk of each, and small requests
 * (health checks, response creates) wait behind all of them.
 */
async function readScanned(request: Request, limit: number, shape: JsonShape): Promise<Uint8Array> {
  const chunks: Uint8Array[] = []
  const within = await readWithin(request, limit, async (chunk) => {
    await nextTurn()
    if (shape.values > MAX_JSON_VALUES) return
    shape.scan(chunk)
    if (shape.values > MAX_JSON_VALUES) chunks.length = 0
    else chunks.push(chunk)
  })
  if (!within) throw shape.values > MAX_JSON_VALUES ? tooManyValues() : tooLarge(limit)
  if (shape.values > MAX_JSON_VALUES) return new Uint8Array(0)
  return concatBytes(chunks)
}

/**
 * A request's body, whole, or undefined once it passes `limit` bytes (the rest is not read). For a body that is
 * not parsed by `readJsonBody` (the MCP route's JSON-RPC message).
 */
export async function readBoundedBytes(request: Request, limit: number): Promise<Uint8Array | undefined> {
  const chunks: Uint8Array[] = []
  const within = await readWithin(request, limit, (chunk) => {
    chunks.push(chunk)
  })
  return within ? concatBytes(chunks) : undefined
}

/**
 * Reads the request's body chunk by chunk, handing each to `take` in order (awaited before the next is read):
 * true once it ended within `limit` bytes, false as soon as it passes them (the reader is cancelled, the
 * chunk that passed them is not handed on, and the rest is not read).
 */
async function readWithin(request: Request, limit: number, take: (chunk: Uint8Array) => void | Promise<void>): Promise<boolean> {
  if (!request.body) return true
  const reader = request.body.getReader()
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return true
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => {})
      return false
    }
    await take(value)
  }
}

const yieldToLoop: (resume: () => void) => void =
  typeof (globalThis as { setImmediate?: unknown }).setImmediate === 'function'
    ? (resume) => (globalThis as unknown as { setImmediate(run: () => void): void }).setImmediate(resume)
    : (resume) => setTimeout(resume, 0)

// Process-wide on purpose, as `lastInLine` is: one event loop.
let lastTurn: Promise<void> = Promise.resolve()

/**
 * Resolves in an event-loop turn of its own, after every turn asked for before it (`setImmediate`, where the
 * runtime has it, runs after the turn's I/O callbacks).
 */
function nextTurn(): Promise<void> {
  const turn = lastTurn.then(() => new Promise<void>((resolve) => yieldToLoop(resolve)))
  lastTurn = turn
  return turn
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** `String.prototype.isWellFormed` (ES2024) where the runtime has it, a regular expression elsewhere. */
const isWellFormed: (text: string) => boolean =
  typeof (String.prototype as { isWellFormed?: unknown }).isWellFormed === 'function'
    ? (text) => (text as unknown as { isWellFormed(): boolean }).isWellFormed()
    : (text) => !LONE_SURROGATE.test(text)
