import { generateApiKey, hashApiKey } from '@canvass/core'
import type { ApiKeyRecord } from '@canvass/core'
import { freshId } from './fresh-id'
import * as assert from 'uvu/assert'
import { rejection, seedProject } from './seed'
import type { EnvironmentDefaultsSnapshot, StorageTest } from './storage-test'

/** Organizations, projects, environments and their defaults (docs/design.md, "Data and ids"). */
export const projectTests: StorageTest[] = [
  {
    name: 'createProject creates a production and a development environment',
    async run({ storage }) {
      const seeded = await seedProject(storage)
      for (const type of ['production', 'development'] as const) {
        assert.equal(await storage.environments.get(seeded[type]), {
          id: seeded[type],
          type,
          projectId: seeded.projectId,
          projectName: 'Conformance project',
          appSetupCompleted: false,
          websiteSetupCompleted: false,
          responseRetentionDays: null,
          createdAt: seeded.createdAt,
          updatedAt: seeded.createdAt,
        })
      }
    },
  },
  {
    name: "environments.resolve: an environment's id names it, a project's id its production environment",
    async run({ storage }) {
      const seeded = await seedProject(storage)
      assert.is(await storage.environments.resolve(seeded.production), seeded.production)
      assert.is(await storage.environments.resolve(seeded.development), seeded.development)
      assert.is(await storage.environments.resolve(seeded.projectId), seeded.production)
      assert.is(await storage.environments.resolve(freshId()), null)
      assert.is(await storage.environments.resolve(''), null)
      assert.is(await storage.environments.resolve('\u0000'), null)
    },
  },
  {
    name: "createProject creates each environment's default rows",
    needsFixtures: true,
    async run({ storage, fixtures }) {
      const seeded = await seedProject(storage)
      for (const environmentId of [seeded.production, seeded.development]) {
        assert.equal(sorted(await fixtures.environmentDefaults(environmentId)), EXPECTED_DEFAULTS)
      }
    },
  },
  {
    name: 'createProject writes nothing when one of its rows fails',
    async run({ storage }) {
      const existing = await seedProject(storage)
      const projectId = freshId()
      const development = freshId()
      // The production environment id is taken, so the project cannot be created whole.
      const error = await rejection(
        storage.projects.create({
          id: projectId,
          organizationId: existing.organizationId,
          name: 'Half a project',
          createdAt: new Date(),
          environments: { production: existing.production, development },
          newId: freshId,
        }),
      )
      assert.ok(error, 'createProject rejects')
      assert.is(await storage.environments.get(development), null)
      const projects = await storage.projects.list()
      assert.not.ok(
        projects.some((project) => project.projectId === projectId),
        'the project was not created',
      )
      assert.is((await storage.environments.get(existing.production))?.projectId, existing.projectId)
    },
  },
  {
    name: 'listProjects lists each project with its environment ids',
    async run({ storage }) {
      const first = await seedProject(storage)
      const second = await seedProject(storage)
      const projects = await storage.projects.list()
      for (const seeded of [first, second]) {
        assert.equal(
          projects.find((project) => project.projectId === seeded.projectId),
          {
            organizationId: seeded.organizationId,
            projectId: seeded.projectId,
            projectName: 'Conformance project',
            environments: { production: seeded.production, development: seeded.development },
          },
        )
      }
    },
  },
  {
    name: 'createProject with an organization and API keys creates them all',
    async run({ storage }) {
      const { organizationId, projectId, environments, keys } = await newProjectWithKeys()
      await storage.projects.create({
        id: projectId,
        organizationId,
        name: 'Keyed project',
        createdAt: new Date(),
        environments,
        newId: freshId,
        organization: { id: organizationId, name: 'Keyed org', createdAt: new Date() },
        apiKeys: keys,
      })
      const listed = (await storage.projects.list()).find((project) => project.projectId === projectId)
      assert.equal(listed, { organizationId, projectId, projectName: 'Keyed project', environments })
      for (const key of keys) assert.equal(await storage.apiKeys.findByHash(key.hash), key)
    },
  },
  {
    name: 'createProject with a taken key writes nothing, not even its organization',
    async run({ storage }) {
      const existing = await seedProject(storage)
      const taken = { ...(await newProjectWithKeys()).keys[0]!, environmentId: existing.production }
      await storage.apiKeys.insert(taken)
      const { organizationId, projectId, environments, keys } = await newProjectWithKeys()
      const attempt = (apiKeys: ApiKeyRecord[]) =>
        storage.projects.create({
          id: projectId,
          organizationId,
          name: 'Keyed project',
          createdAt: new Date(),
          environments,
          newId: freshId,
          organization: { id: organizationId, name: 'Keyed org', createdAt: new Date() },
          apiKeys,
        })
      // The last key's hash is taken: the organization, project, environments and first key were written
      // before it in the same transaction and must all be gone.
      assert.ok(await rejection(attempt([keys[0]!, { ...keys[1]!, hash: taken.hash }])), 'createProject rejects')
      assert.not.ok((await storage.projects.list()).some((project) => project.projectId === projectId))
      assert.is(await storage.environments.get(environments.production), null)
      assert.is(await storage.apiKeys.findByHash(keys[0]!.hash), null)
      // Had the organization stayed, its id would be taken now.
      await attempt(keys)
      assert.equal(await storage.apiKeys.findByHash(keys[1]!.hash), keys[1])
    },
  },
  {
    name: 'ping answers true',
    async run({ storage }) {
      assert.is(await storage.ping(), true)
    },
  },
]

const EXPECTED_DEFAULTS: EnvironmentDefaultsSnapshot = {
  actionClasses: [{ name: 'New Session', type: 'automatic' }],
  attributeClasses: [
    { name: 'email', type: 'automatic' },
    { name: 'language', type: 'automatic' },
    { name: 'userId', type: 'automatic' },
  ],
  contactAttributeKeys: [
    { key: 'email', name: 'Email', description: '', type: 'default', isUnique: true },
    { key: 'firstName', name: 'First Name', description: '', type: 'default', isUnique: false },
    { key: 'lastName', name: 'Last Name', description: '', type: 'default', isUnique: false },
    { key: 'userId', name: 'User Id', description: '', type: 'default', isUnique: true },
  ],
}

function sorted(defaults: EnvironmentDefaultsSnapshot): EnvironmentDefaultsSnapshot {
  const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
  return {
    actionClasses: defaults.actionClasses.map(({ name, type }) => ({ name, type })).sort(byName),
    attributeClasses: defaults.attributeClasses.map(({ name, type }) => ({ name, type })).sort(byName),
    contactAttributeKeys: defaults.contactAttributeKeys
      .map(({ key, name, description, type, isUnique }) => ({ key, name, description, type, isUnique }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)),
  }
}

/** Ids for a new organization and project, and a fresh key for each of its environments. */
async function newProjectWithKeys() {
  const environments = { production: freshId(), development: freshId() }
  const createdAt = new Date(Math.floor(Date.now() / 1000) * 1000)
  const keys: ApiKeyRecord[] = []
  for (const environmentId of [environments.production, environments.development]) {
    const key = generateApiKey()
    keys.push({
      id: freshId(),
      environmentId,
      hash: await hashApiKey(key),
      label: 'conformance',
      createdAt,
      revokedAt: null,
      prefix: key.slice(0, 8),
      lastUsedAt: null,
    })
  }
  return { organizationId: freshId(), projectId: freshId(), environments, keys }
}
