/**
 * The storage port stays small enough for a second adapter to be written in days: `Storage` keeps at
 * most `MOST_METHODS` methods, counted across its required groups (the optional ports, reporting and the
 * console's accounts, have their own kits and are not counted), and every file under `src/ports/` can be read at
 * once.
 */
import { readFile, readdir } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'

const PORTS = new URL('../src/ports/', import.meta.url)
const STORAGE_INDEX = fileURLToPath(new URL('storage/index.ts', PORTS))
/**
 * At most 90 methods: a feature a second adapter may add later is an optional port or group, not
 * counted here (reporting, the console's accounts, webhooks, quotas, imports, retention, blob deletions).
 */
const MOST_METHODS = 90
const MOST_LINES = 160

/** Whether a member's type can be called (a method or a function-typed property). */
function callable(checker: ts.TypeChecker, symbol: ts.Symbol, at: ts.Node): boolean {
  const type = checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(symbol, at))
  return type.getCallSignatures().length > 0
}

/** The names of the methods of `Storage`: each required group's callable members, and its own methods. */
function storageMethods(): string[] {
  const program = ts.createProgram([STORAGE_INDEX], { noEmit: true, strict: true, skipLibCheck: true })
  const checker = program.getTypeChecker()
  const source = program.getSourceFile(STORAGE_INDEX)
  assert.ok(source, `no source file ${STORAGE_INDEX}`)
  const declaration = source.statements.find(
    (statement): statement is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(statement) && statement.name.text === 'Storage',
  )
  assert.ok(declaration, 'ports/storage/index.ts declares no interface Storage')
  const methods: string[] = []
  for (const member of checker.getTypeAtLocation(declaration).getProperties()) {
    if (member.flags & ts.SymbolFlags.Optional) continue
    if (callable(checker, member, declaration)) {
      methods.push(member.name)
      continue
    }
    const group = checker.getTypeOfSymbolAtLocation(member, declaration)
    for (const inner of group.getProperties()) {
      if (callable(checker, inner, declaration)) methods.push(`${member.name}.${inner.name}`)
    }
  }
  return methods
}

/** Every `.ts` file under `src/ports/`, as paths relative to it. */
async function portFiles(folder = PORTS, prefix = ''): Promise<string[]> {
  const files: string[] = []
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    if (entry.isDirectory()) files.push(...(await portFiles(new URL(`${entry.name}/`, folder), `${prefix}${entry.name}/`)))
    else if (entry.name.endsWith('.ts')) files.push(`${prefix}${entry.name}`)
  }
  return files
}

const size = suite('the storage port’s size')

size(`Storage has at most ${MOST_METHODS} methods`, () => {
  const methods = storageMethods()
  assert.ok(methods.length > 40, `counted only ${methods.length} methods: is the count reading the port?`)
  assert.ok(
    methods.length <= MOST_METHODS,
    `Storage has ${methods.length} methods, more than ${MOST_METHODS}: move a feature’s methods to an optional port`,
  )
})

size(`every file under src/ports/ has at most ${MOST_LINES} lines`, async () => {
  const files = await portFiles()
  assert.ok(files.length > 10, `found only ${files.length} port files`)
  const long: string[] = []
  for (const file of files) {
    const lines = (await readFile(new URL(file, PORTS), 'utf8')).split('\n').length - 1
    if (lines > MOST_LINES) long.push(`${file}: ${lines} lines`)
  }
  assert.equal(long, [], 'port files too long to read at once')
})

size.run()
