import { sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { migrate } from '../src'
import { initial } from '../src/migrations/0001-initial'
import { backends } from './backends'
import type { OpenBackend } from './backends'

// A database made by a Canvass that had only the first migration, with an environment that lacks its
// default rows (and one that has a user row named like a default): `0003-management` fills in what is missing.
for (const backend of backends()) {
  const test = suite(`0003-management on ${backend.name}`)
  let open: OpenBackend | undefined

  test.after.each(async () => {
    await open?.close()
    open = undefined
  })

  test('adds the missing default rows of every environment and the API key columns, keeping existing rows', async () => {
    open = await backend.open()
    const db = open.db
    await sql`create schema canvass`.execute(db)
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => ({ '0001-initial': initial('canvass') }) },
      migrationTableSchema: 'canvass',
      migrationTableName: 'canvass_migration',
      migrationLockTableName: 'canvass_migration_lock',
    })
    const first = await migrator.migrateToLatest()
    assert.is(first.error, undefined)
    await sql`insert into canvass.organizations (id, name) values ('org', 'Org')`.execute(db)
    await sql`insert into canvass.projects (id, organization_id, name) values ('proj', 'org', 'Project')`.execute(db)
    await sql`insert into canvass.environments (id, project_id, type) values ('env-p', 'proj', 'production'), ('env-d', 'proj', 'development')`.execute(
      db,
    )
    await sql`insert into canvass.attribute_classes (id, environment_id, name, type, description) values ('mine', 'env-p', 'email', 'code', 'my own')`.execute(
      db,
    )
    await sql`insert into canvass.api_keys (id, environment_id, hash) values ('key', 'env-p', 'abc')`.execute(db)

    assert.equal((await migrate(db))[0], '0003-management')

    for (const environment of ['env-p', 'env-d']) {
      const attributeClasses = await sql<{ name: string; type: string }>`
        select name, type from canvass.attribute_classes where environment_id = ${environment} order by name`.execute(db)
      assert.equal(
        attributeClasses.rows,
        [
          { name: 'email', type: environment === 'env-p' ? 'code' : 'automatic' },
          { name: 'language', type: 'automatic' },
          { name: 'userId', type: 'automatic' },
        ],
        environment,
      )
      const actionClasses = await sql<{ name: string; type: string }>`
        select name, type from canvass.action_classes where environment_id = ${environment}`.execute(db)
      assert.equal(actionClasses.rows, [{ name: 'New Session', type: 'automatic' }])
      const keys = await sql<{ key: string; name: string; description: string; type: string; is_unique: boolean }>`
        select key, name, description, type, is_unique from canvass.contact_attribute_keys
        where environment_id = ${environment} order by key`.execute(db)
      assert.equal(keys.rows, [
        { key: 'email', name: 'Email', description: '', type: 'default', is_unique: true },
        { key: 'firstName', name: 'First Name', description: '', type: 'default', is_unique: false },
        { key: 'lastName', name: 'Last Name', description: '', type: 'default', is_unique: false },
        { key: 'userId', name: 'User Id', description: '', type: 'default', is_unique: true },
      ])
    }
    const ids = await sql<{ id: string }>`
      select id from canvass.contact_attribute_keys union all select id from canvass.action_classes
      union all select id from canvass.attribute_classes where id <> 'mine'`.execute(db)
    for (const { id } of ids.rows) assert.match(id, /^[a-z][a-z0-9]{23}$/)
    assert.is(new Set(ids.rows.map((row) => row.id)).size, ids.rows.length, 'ids are distinct')
    const mine = await sql<{ description: string }>`select description from canvass.attribute_classes where id = 'mine'`.execute(db)
    assert.equal(mine.rows, [{ description: 'my own' }], 'an existing row of the same name stays as it was')
    const key = await sql<{ prefix: string | null; last_used_at: Date | null }>`
      select prefix, last_used_at from canvass.api_keys where id = 'key'`.execute(db)
    assert.equal(key.rows, [{ prefix: null, last_used_at: null }])
  })

  test.run()
}
