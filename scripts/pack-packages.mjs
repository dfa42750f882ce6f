// `pnpm pack:packages`: packs every published package (packages/*) into `packed/`, as `pnpm pack` does for
// a release (workspace ranges become versions), and prints the tarballs' paths. Build first (`pnpm build`).
import { execFileSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

/** Packs each package into `destination` (emptied first); returns package name → tarball path. */
export function packPackages(destination = join(root, 'packed')) {
  rmSync(destination, { recursive: true, force: true })
  mkdirSync(destination, { recursive: true })
  // Under `pnpm run`, npm_execpath is the pnpm that runs us; alone, the workspace's pnpm through npx.
  const execpath = process.env.npm_execpath
  const pnpm = execpath && /pnpm/.test(execpath) ? [execpath] : ['npx', '--yes', 'pnpm@12.21.0']
  const tarballs = new Map()
  for (const folder of readdirSync(join(root, 'packages')).sort()) {
    const dir = join(root, 'packages', folder)
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
    if (manifest.private) continue
    execFileSync(pnpm[0], [...pnpm.slice(1), 'pack', '--pack-destination', destination], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'inherit'],
    })
    const file = `${manifest.name.replace(/^@/, '').replace('/', '-')}-${manifest.version}.tgz`
    tarballs.set(manifest.name, join(destination, file))
  }
  return tarballs
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [name, file] of packPackages()) console.log(`${name}\t${file}`)
}
