import type { StoredCustomCss } from '@canvass/core'
import * as assert from 'uvu/assert'
import { freshId } from './fresh-id'
import { seedProject } from './seed'
import type { StorageTest } from './storage-test'

const css = (light: string): StoredCustomCss => ({
  source: { light, dark: null },
  compiled: { light: `#fbjs ${light}`, dark: null },
  processorVersion: 1,
})

/** A project's custom CSS (docs/api.md, "Workspace custom CSS in v3"): stored as given, one previous value, no lost update. */
export const customCssTests: StorageTest[] = [
  {
    name: 'custom CSS: stored as given, the replaced value kept as previous, cleared with null',
    async run({ storage }) {
      const { projectId } = await seedProject(storage)
      const now = new Date('2026-09-01T10:00:00.000Z')
      assert.equal(await storage.projects.getCustomCss(projectId), { current: null, previous: null })
      assert.equal(await storage.projects.setCustomCss(projectId, css('.a{}'), now), {
        changed: true,
        replaced: null,
        current: css('.a{}'),
      })
      assert.equal(await storage.projects.setCustomCss(projectId, css('.b{}'), now), {
        changed: true,
        replaced: css('.a{}'),
        current: css('.b{}'),
      })
      assert.equal(await storage.projects.getCustomCss(projectId), { current: css('.b{}'), previous: css('.a{}') })
      assert.equal(await storage.projects.setCustomCss(projectId, null, now), { changed: true, replaced: css('.b{}'), current: null })
      assert.equal(await storage.projects.getCustomCss(projectId), { current: null, previous: css('.b{}') })
    },
  },
  {
    name: 'custom CSS: the same source writes nothing, whatever its compiled form',
    async run({ storage }) {
      const { projectId } = await seedProject(storage)
      const now = new Date('2026-09-01T10:00:00.000Z')
      await storage.projects.setCustomCss(projectId, css('.a{}'), now)
      const recompiled = { ...css('.a{}'), compiled: { light: 'other', dark: null }, processorVersion: 2 }
      assert.equal(await storage.projects.setCustomCss(projectId, recompiled, now), {
        changed: false,
        current: css('.a{}'),
        previous: null,
      })
      assert.equal((await storage.projects.setCustomCss(projectId, null, now))?.changed, true)
      assert.equal((await storage.projects.setCustomCss(projectId, null, now))?.changed, false)
    },
  },
  {
    name: 'custom CSS: an unknown project is null, another project is untouched',
    async run({ storage }) {
      const { projectId } = await seedProject(storage)
      const other = await seedProject(storage)
      const now = new Date('2026-09-01T10:00:00.000Z')
      assert.is(await storage.projects.getCustomCss(freshId()), null)
      assert.is(await storage.projects.setCustomCss(freshId(), css('.a{}'), now), null)
      await storage.projects.setCustomCss(projectId, css('.a{}'), now)
      assert.equal(await storage.projects.getCustomCss(other.projectId), { current: null, previous: null })
    },
  },
  {
    name: 'custom CSS: concurrent writes each replace a different value (no lost update)',
    async run({ storage }) {
      const { projectId } = await seedProject(storage)
      const now = new Date('2026-09-01T10:00:00.000Z')
      const writes = await Promise.all(Array.from({ length: 8 }, (_, i) => storage.projects.setCustomCss(projectId, css(`.w${i}{}`), now)))
      const replaced = writes.map((write) => (write?.changed ? (write.replaced?.source.light ?? 'none') : 'unchanged'))
      assert.is(new Set(replaced).size, 8, replaced.join(' '))
      assert.ok(replaced.includes('none'))
      const final = await storage.projects.getCustomCss(projectId)
      // The last writer's value is current; every other value was replaced exactly once.
      assert.not.ok(replaced.includes(final?.current?.source.light ?? ''))
    },
  },
]
