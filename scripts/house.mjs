/**
 * Reads the house's shape from its sources: the import graph of every package's `src/` (type-only imports
 * included), its circles, the imports that cross from one route file to another, and the length of every
 * function. docs/architecture.md states these; `packages/core/test/house.test.ts` holds it to them, and
 * `node scripts/house.mjs` prints them.
 */
import { readFile, readdir, stat } from 'node:fs/promises'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const SOURCE = /\.(?:ts|tsx|mts)$/
const SKIPPED = new Set(['node_modules', 'dist', 'coverage', 'test', 'fixtures'])

/**
 * Every source file under `folder` (relative to the repository), generated folders left out; tests and their
 * fixtures too unless `tests` is set.
 */
export async function sourceFiles(folder, { tests = false } = {}) {
  const out = []
  async function walk(dir) {
    let entries
    try {
      entries = await readdir(join(ROOT, dir), { withFileTypes: true })
    } catch {
      return
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue
      const child = `${dir}/${entry.name}`
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name) || (tests && entry.name !== 'node_modules' && entry.name !== 'dist')) await walk(child)
      } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') && (tests || !/\.test\.tsx?$/.test(entry.name))) out.push(child)
    }
  }
  await walk(folder)
  return out.sort()
}

/** The `src/` files of every package. */
export async function productFiles() {
  const packages = await readdir(join(ROOT, 'packages'))
  const files = await Promise.all(packages.map((name) => sourceFiles(`packages/${name}/src`)))
  return files.flat()
}

/** Every TypeScript file of the repository: the packages with their tests, the examples, the bench. */
export async function repositoryFiles() {
  const folders = [
    ...(await readdir(join(ROOT, 'packages'))).map((name) => `packages/${name}`),
    ...(await readdir(join(ROOT, 'examples'))).map((name) => `examples/${name}`),
    'bench',
  ]
  const files = await Promise.all(folders.map((folder) => sourceFiles(folder, { tests: true })))
  return files.flat()
}

async function exists(path) {
  try {
    return (await stat(join(ROOT, path))).isFile()
  } catch {
    return false
  }
}

/** A relative specifier resolved to a source file, or undefined when it names none (an asset, a package). */
async function resolveRelative(from, specifier) {
  const base = join(dirname(from), specifier)
  const stem = base.replace(/\.(?:m?js|jsx)$/, '')
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${stem}/index.ts`, `${stem}/index.tsx`]) {
    if (SOURCE.test(candidate) && (await exists(candidate))) return candidate
  }
  return undefined
}

/** Every import of a file: its specifier, whether it is type-only, and what it names. */
export function importsOf(text, fileName = 'file.ts') {
  const source = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    false,
    fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  )
  const found = []
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const clause = ts.isImportDeclaration(node) ? node.importClause : undefined
      let typeOnly = ts.isImportDeclaration(node) ? Boolean(clause?.isTypeOnly) : node.isTypeOnly
      const names = []
      if (clause) {
        if (clause.name) names.push({ name: 'default', typeOnly })
        const bindings = clause.namedBindings
        if (bindings && ts.isNamedImports(bindings)) {
          for (const element of bindings.elements)
            names.push({ name: (element.propertyName ?? element.name).text, typeOnly: typeOnly || element.isTypeOnly })
        } else if (bindings) names.push({ name: '*', typeOnly })
        if (names.length > 0 && names.every((entry) => entry.typeOnly)) typeOnly = true
      } else if (ts.isImportDeclaration(node)) {
        names.push({ name: '(side effect)', typeOnly: false })
      } else if (node.exportClause && ts.isNamedExports(node.exportClause)) {
        for (const element of node.exportClause.elements)
          names.push({ name: (element.propertyName ?? element.name).text, typeOnly: typeOnly || element.isTypeOnly })
      } else names.push({ name: '*', typeOnly })
      found.push({ specifier: node.moduleSpecifier.text, typeOnly, names })
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false, names: [{ name: '*', typeOnly: false }], dynamic: true })
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true, names: [{ name: '*', typeOnly: true }] })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

/** The graph of relative imports between product files: file → the files it imports (type-only too). */
export async function importGraph(files) {
  const graph = new Map()
  for (const file of files) {
    const text = await readFile(join(ROOT, file), 'utf8')
    const targets = new Set()
    for (const entry of importsOf(text, file)) {
      if (!entry.specifier.startsWith('.')) continue
      const target = await resolveRelative(file, entry.specifier)
      if (target) targets.add(target)
    }
    graph.set(file, [...targets].sort())
  }
  return graph
}

/** The strongly connected groups of more than one file, or one file importing itself (Tarjan's algorithm). */
export function circles(graph) {
  let index = 0
  const indexes = new Map()
  const lows = new Map()
  const stack = []
  const onStack = new Set()
  const groups = []
  const connect = (node) => {
    indexes.set(node, index)
    lows.set(node, index)
    index += 1
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!indexes.has(next)) {
        connect(next)
        lows.set(node, Math.min(lows.get(node), lows.get(next)))
      } else if (onStack.has(next)) lows.set(node, Math.min(lows.get(node), indexes.get(next)))
    }
    if (lows.get(node) === indexes.get(node)) {
      const group = []
      let member
      do {
        member = stack.pop()
        onStack.delete(member)
        group.push(member)
      } while (member !== node)
      if (group.length > 1 || (graph.get(node) ?? []).includes(node)) groups.push(group.sort())
    }
  }
  for (const node of graph.keys()) if (!indexes.has(node)) connect(node)
  return groups
}

/** A file of a route folder: `packages/core/src/routes/**`. */
export const isRouteFile = (file) => file.startsWith('packages/core/src/routes/')

/** Imports from one route file to another. */
export function routeCrossings(graph) {
  const crossings = []
  for (const [file, targets] of graph) {
    if (!isRouteFile(file)) continue
    for (const target of targets) if (isRouteFile(target)) crossings.push(`${file} → ${relative(dirname(file), target)}`)
  }
  return crossings
}

/** Every function-like node of a file longer than `limit` lines: its name, where it starts and its length. */
export function longFunctions(text, file, limit) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
  const long = []
  const nameOf = (node) => {
    if (node.name && ts.isIdentifier(node.name)) return node.name.text
    if (node.name) return node.name.getText(source)
    const parent = node.parent
    if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text
    if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText(source)
    if (parent && ts.isCallExpression(parent)) return `(callback of ${parent.expression.getText(source).slice(0, 40)})`
    return '(anonymous)'
  }
  const visit = (node) => {
    if (
      ts.isFunctionDeclaration(node) ||
      ts.isFunctionExpression(node) ||
      ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node) ||
      ts.isConstructorDeclaration(node) ||
      ts.isGetAccessor(node) ||
      ts.isSetAccessor(node)
    ) {
      if (node.body) {
        const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line
        const end = source.getLineAndCharacterOfPosition(node.end).line
        const lines = end - start + 1
        if (lines > limit) long.push({ file, name: nameOf(node), line: start + 1, lines })
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return long
}

/** The folders whose functions are held to the length rule: migrations are data, kept as written. */
export const isMeasuredFile = (file) => !/\/migrations\//.test(file) && !file.endsWith('openapi-types.ts')

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const files = await productFiles()
  const everything = await repositoryFiles()
  const groups = circles(await importGraph(everything))
  const graph = await importGraph(files)
  console.log(`${files.length} product files, ${everything.length} in all; ${groups.length} import circles`)
  for (const group of groups) console.log(`  circle: ${group.map((file) => file.replace('packages/', '')).join(' ⇄ ')}`)
  const crossings = routeCrossings(graph)
  console.log(`${crossings.length} route files importing route files`)
  for (const crossing of crossings) console.log(`  ${crossing}`)
  const limit = Number(process.argv[2] ?? 120)
  const long = []
  for (const file of files.filter(isMeasuredFile)) long.push(...longFunctions(await readFile(join(ROOT, file), 'utf8'), file, limit))
  long.sort((a, b) => b.lines - a.lines)
  console.log(`${long.length} functions longer than ${limit} lines`)
  for (const entry of long) console.log(`  ${entry.lines}\t${entry.file}:${entry.line} ${entry.name}`)
}
