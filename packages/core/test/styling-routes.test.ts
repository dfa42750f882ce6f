/**
 * The workspace's theme (docs/api.md, "Workspace styling"): `GET, PUT /api/v1/management/styling` keeps the
 * project's `styling` and `logo` for every environment of the key's project and no other, refuses what is not a
 * hex colour, an https or own-storage image, or a known field with a 400 naming it, lets a console editor write
 * it and not a viewer, is audited, and reaches the widget's environment state and the link page. On PGlite, and
 * on the Postgres server when TEST_DATABASE_URL is set.
 */
import { availableBackends, createSurvey, suiteWithBed } from '@canvass/test-bed'
import * as assert from 'uvu/assert'
import { signedIn } from './console-sessions'

const STYLING = '/api/v1/management/styling'
const THEME = {
  brandColor: { light: '#0f766e' },
  questionColor: { light: '#1e293b', dark: '#f8fafc' },
  cardBackgroundColor: { light: '#fffbeb' },
  roundness: 16,
  isDarkModeEnabled: true,
  background: { bgType: 'image', bg: 'https://images.example.com/sea.jpg', brightness: 80 },
  cardArrangement: { linkSurveys: 'casual', appSurveys: 'simple' },
}
const LOGO = { url: '/storage/env1/public/logo.png', bgColor: '#ffffff' }

for (const backend of availableBackends()) {
  const { test, bed } = suiteWithBed(`workspace styling (${backend})`, { backend })

  test("PUT keeps the theme for the key's project, both environments, and no other project", async () => {
    const x = bed()
    const project = await x.newProject('Styled')
    const before = await x.call('GET', STYLING, { key: project.key })
    assert.is(before.status, 200, before.text)
    assert.equal(before.body.data, { id: project.projectId, projectId: project.projectId, styling: null, logo: null })

    const put = await x.call('PUT', STYLING, { key: project.key, body: { styling: THEME, logo: LOGO } })
    assert.is(put.status, 200, put.text)
    assert.equal(put.body.data.styling, THEME)
    assert.equal(put.body.data.logo, LOGO)
    assert.equal((await x.call('GET', STYLING, { key: project.devKey })).body.data.styling, THEME, 'the other environment of the project')
    assert.is((await x.call('GET', STYLING, { key: x.keyA })).body.data.styling, null, "another project's stays")

    const cleared = await x.call('PUT', STYLING, { key: project.key, body: { styling: null, logo: null } })
    assert.equal([cleared.body.data.styling, cleared.body.data.logo], [null, null])
  })

  test('PUT refuses colours, images and fields it does not know with a 400 naming them', async () => {
    const x = bed()
    const bad: Array<[unknown, string]> = [
      [{ styling: { brandColor: { light: 'red' } }, logo: null }, 'styling.brandColor.light'],
      [{ styling: { brandColor: { light: '#12345' } }, logo: null }, 'styling.brandColor.light'],
      [{ styling: { brandColor: { light: '#fff;background:url(x)' } }, logo: null }, 'styling.brandColor.light'],
      [{ styling: { brandColor: '#ffffff' }, logo: null }, 'styling.brandColor'],
      [{ styling: { roundness: 40 }, logo: null }, 'styling.roundness'],
      [{ styling: { background: { bgType: 'image', bg: 'http://plain.example.com/a.png' } }, logo: null }, 'styling.background.bg'],
      [{ styling: { background: { bgType: 'image', bg: 'javascript:alert(1)' } }, logo: null }, 'styling.background.bg'],
      [{ styling: { background: { bgType: 'color', bg: 'https://example.com/a.png' } }, logo: null }, 'styling.background.bg'],
      [{ styling: { background: { bgType: 'animation', bg: '/animated-bgs/1.mp4' } }, logo: null }, 'styling.background.bgType'],
      [{ styling: { brandColour: { light: '#ffffff' } }, logo: null }, 'styling.brandColour'],
      [{ styling: {}, logo: { url: 'data:image/png;base64,AAAA' } }, 'logo.url'],
      [{ styling: {}, logo: { url: 'https://example.com/logo.png', size: 3 } }, 'logo.size'],
      [{ styling: {}, logo: null, customCss: 'a{}' }, 'customCss'],
      [{ styling: {} }, 'logo'],
    ]
    for (const [body, field] of bad) {
      const res = await x.call('PUT', STYLING, { key: x.keyA, body })
      assert.is(res.status, 400, `${JSON.stringify(body)}: ${res.text}`)
      assert.ok(field in (res.body.details ?? {}), `${JSON.stringify(body)} names ${field}: ${res.text}`)
    }
    assert.is((await x.call('GET', STYLING, { key: x.keyA })).body.data.styling, null, 'nothing was kept')
  })

  test('a console editor may change the theme and a viewer may only read it; the change is audited', async () => {
    const x = bed()
    const [editor, viewer] = [await signedIn(x, 'editor'), await signedIn(x, 'viewer')]
    const asPerson = (person: typeof editor, method: string, body?: unknown) =>
      x.call(method, STYLING, {
        headers: { 'x-canvass-console': '1', 'sec-fetch-site': 'same-origin', cookie: person.session, 'x-canvass-csrf': person.csrf },
        ...(body === undefined ? {} : { body }),
      })
    const refused = await asPerson(viewer, 'PUT', { styling: THEME, logo: null })
    assert.is(refused.status, 403, refused.text)
    assert.is((await asPerson(viewer, 'GET')).status, 200)
    const written = await asPerson(editor, 'PUT', { styling: { roundness: 4 }, logo: null })
    assert.is(written.status, 200, written.text)
    const log = await x.call('GET', '/api/v1/management/audit-log?resourceType=project', { key: x.keyA })
    assert.is(log.status, 200, log.text)
    const entry = log.body.data.find((row: any) => row.resourceId === x.projectId && row.method === 'PUT' && row.status === 200)
    assert.ok(entry, `the editor's change is audited: ${log.text}`)
    assert.ok(
      log.body.data.every((row: any) => row.resourceType === 'project'),
      'the log is narrowed to the project',
    )
    await x.call('PUT', STYLING, { key: x.keyA, body: { styling: null, logo: null } })
  })

  test("a v3 survey document carries the survey's own styling, checked as the theme is", async () => {
    const x = bed()
    const survey = await createSurvey(x, { type: 'link' })
    const v3 = (method: string, body?: unknown) =>
      x.call(method, `/api/v3/surveys/${survey.id}`, { key: x.keyA, ...(body === undefined ? {} : { body }) })
    const own = { overwriteThemeStyling: true, brandColor: { light: '#b91c1c' }, isLogoHidden: true }
    const patched = await v3('PATCH', { styling: own })
    assert.is(patched.status, 200, patched.text)
    assert.equal((await v3('GET')).body.data.styling, own)
    for (const [styling, name] of [
      [{ brandColor: { light: 'tomato' } }, 'styling.brandColor.light'],
      [{ overwriteThemeStyling: true, brandColour: { light: '#ffffff' } }, 'styling.brandColour'],
    ] as const) {
      const refused = await v3('PATCH', { styling })
      assert.is(refused.status, 400, refused.text)
      assert.ok(
        refused.body.invalid_params.some((param: { name: string }) => param.name === name),
        `${name}: ${refused.text}`,
      )
    }
    assert.equal((await v3('GET')).body.data.styling, own, 'a refused patch keeps what was stored')
  })

  test('the environment state and the link page carry the theme and logo, survey styling beside it', async () => {
    const x = bed()
    await x.call('PUT', STYLING, { key: x.keyA, body: { styling: THEME, logo: LOGO } })
    const state = await x.call('GET', `/api/v1/client/${x.envA}/environment`)
    assert.is(state.status, 200, state.text)
    const project = state.body.data.data.project
    assert.equal(project.styling, { allowStyleOverwrite: true, ...THEME })
    assert.equal(project.logo, LOGO)
    assert.equal(state.body.data.data.workspace, project)

    const surveyStyling = { overwriteThemeStyling: true, brandColor: { light: '#b91c1c' } }
    const survey = await createSurvey(x, { type: 'link', status: 'inProgress', styling: surveyStyling })
    const page = await x.call('GET', `/s/${survey.id}`)
    assert.is(page.status, 200, page.text)
    const boot = JSON.parse(/<script id="canvass-boot" type="application\/json">([^<]*)<\/script>/.exec(page.text)?.[1] ?? 'null')
    assert.equal(boot.project.styling, { allowStyleOverwrite: true, ...THEME })
    assert.equal(boot.project.logo, LOGO)
    assert.equal(boot.survey.styling, surveyStyling)
    await x.call('PUT', STYLING, { key: x.keyA, body: { styling: null, logo: null } })
  })
  test.run()
}
