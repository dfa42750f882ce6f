import { randomBytes } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * The server secret (signs uploads): `CANVASS_SECRET`, or one generated on first start and kept in
 * `dataDir/secret` so that restarts keep signatures valid.
 */
export async function loadSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured
  const file = join(dataDir, 'secret')
  try {
    const stored = (await readFile(file, 'utf8')).trim()
    if (stored) return stored
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  const secret = randomBytes(32).toString('base64url')
  await writeFile(file, `${secret}\n`, { mode: 0o600 })
  return secret
}
