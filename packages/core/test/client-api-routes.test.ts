/**
 * The client API over HTTP: displays, environment state, contacts, single-use ids, CORS, with the real
 * `@formbricks/api` client (on the bed's loopback listener), on the test bed's database.
 */
import { FormbricksAPI } from '@formbricks/api'
import * as assert from 'uvu/assert'
import { HOSTILE_BODIES, HOSTILE_IDS, assertEachAnswersContract } from './helpers'
import {
  UNAUTHORIZED,
  createResponse,
  createSurvey,
  defaultBackend,
  errorOf,
  notFoundBody,
  suitesWithBed,
  ENVIRONMENT_STATE_ACTION_CLASS_FIELDS,
  ENVIRONMENT_STATE_DATA_FIELDS,
  ENVIRONMENT_STATE_FIELDS,
  ENVIRONMENT_STATE_PROJECT_FIELDS,
  ENVIRONMENT_STATE_SURVEY_FIELDS,
  USER_STATE_DATA_FIELDS,
  USER_STATE_DISPLAY_FIELDS,
  USER_STATE_FIELDS,
} from '@canvass/test-bed'

function hasFields(object: unknown, fields: readonly string[], what: string) {
  assert.type(object, 'object', what)
  const missing = fields.filter((field) => !Object.hasOwn(object as object, field))
  assert.equal(missing, [], `${what} lacks fields the reference SDK reads`)
}

function defineSuites(label: string) {
  const beds = suitesWithBed()
  const b = beds.bed

  const sdk = beds.suite(`${label}: @formbricks/api client`)
  sdk('display, response with that display, update and attributes all succeed; an unknown survey is an error result', async () => {
    const x = await b()
    const survey = await createSurvey(x, { status: 'inProgress', type: 'app' })
    const api = new FormbricksAPI({ apiHost: await x.listen(), environmentId: x.envA })
    const display: any = await api.client.display.create({ surveyId: survey.id, userId: 'sdk-user' } as any)
    assert.ok(display.ok, JSON.stringify(display))
    assert.type(display.data.id, 'string')
    const created: any = await api.client.response.create({
      surveyId: survey.id,
      finished: false,
      data: { q1: 'from sdk' },
      displayId: display.data.id,
      userId: 'sdk-user',
    } as any)
    assert.ok(created.ok, JSON.stringify(created))
    const updated: any = await api.client.response.update({ responseId: created.data.id, finished: true, data: { q1: 'done' } } as any)
    assert.ok(updated.ok, JSON.stringify(updated))
    const attributes: any = await api.client.attribute.update({ userId: 'sdk-user', attributes: { plan: 'pro', seats: 3 } } as any)
    assert.ok(attributes.ok, JSON.stringify(attributes))
    assert.is(attributes.data.changed, true)
    assert.type(attributes.data.message, 'string')

    const stored = await x.call('GET', `/api/v1/management/responses/${created.data.id}`, { key: x.keyA })
    assert.is(stored.body.data.displayId, display.data.id)
    assert.is(stored.body.data.finished, true)
    assert.is(stored.body.data.person.userId, 'sdk-user')
    const identify = await x.call('GET', `/api/v1/client/${x.envA}/identify/contacts/sdk-user`)
    assert.equal(
      identify.body.data.displays.map((d: any) => d.surveyId),
      [survey.id],
    )
    assert.equal(identify.body.data.responses, [survey.id])

    const unknown: any = await api.client.display.create({ surveyId: 'nosuchsurvey' } as any)
    assert.is(unknown.ok, false)
    assert.equal([unknown.error.status, unknown.error.message], [404, 'Survey not found'])
    const unknownResponse: any = await api.client.response.create({ surveyId: 'nosuchsurvey', finished: false, data: {} } as any)
    assert.is(unknownResponse.ok, false)
    assert.is(unknownResponse.error.status, 404)
  })

  const displays = beds.suite(`${label}: displays`)
  displays('create answers {data:{id}} with CORS; unknown environment or survey 404; another environment 400', async () => {
    const x = await b()
    const survey = await createSurvey(x)
    const ok = await x.call('POST', `/api/v1/client/${x.envA}/displays`, { body: { surveyId: survey.id } })
    assert.is(ok.status, 200)
    assert.equal(Object.keys(ok.body.data), ['id'])
    assert.is(ok.headers.get('access-control-allow-origin'), '*')
    assert.equal(errorOf(await x.call('POST', '/api/v1/client/nosuchenv/displays', { body: { surveyId: survey.id } })), {
      status: 404,
      body: notFoundBody('Environment', 'nosuchenv'),
    })
    const other = await x.call('POST', `/api/v1/client/${x.envB}/displays`, { body: { surveyId: survey.id } })
    assert.equal([other.status, other.body.message], [400, 'Survey is part of another environment'])
    const bad = await x.call('POST', `/api/v1/client/${x.envA}/displays`, { body: { surveyId: 5 } })
    assert.equal([bad.status, Object.keys(bad.body.details)], [400, ['surveyId']])
  })
  displays('a response with the displayId of another survey is refused; its own display is linked', async () => {
    const x = await b()
    const survey = await createSurvey(x)
    const other = await createSurvey(x)
    const foreign = (await x.call('POST', `/api/v1/client/${x.envA}/displays`, { body: { surveyId: other.id } })).body.data.id
    const refused = await x.call('POST', `/api/v1/client/${x.envA}/responses`, {
      body: { surveyId: survey.id, finished: false, data: {}, displayId: foreign },
    })
    assert.equal([refused.status, refused.body.code], [400, 'bad_request'])
    const own = (await x.call('POST', `/api/v1/client/${x.envA}/displays`, { body: { surveyId: survey.id } })).body.data.id
    const id = await createResponse(x, survey.id, { displayId: own })
    const stored = await x.call('GET', `/api/v1/management/responses/${id}`, { key: x.keyA })
    assert.is(stored.body.data.displayId, own)
  })

  const state = beds.suite(`${label}: environment state`)
  state('carries every field the reference SDK reads; only inProgress app/website surveys; ETag and 304; marks setup', async () => {
    const x = await b()
    const before = await x.call('GET', '/api/v1/me', { key: x.keyB })
    assert.equal([before.body.appSetupCompleted, before.body.widgetSetupCompleted], [false, false])
    const app = await createSurvey(x, { type: 'app', status: 'inProgress' }, 'B')
    const website = await createSurvey(x, { type: 'website', status: 'inProgress' }, 'B')
    await createSurvey(x, { type: 'link', status: 'inProgress' }, 'B')
    await createSurvey(x, { type: 'app', status: 'paused' }, 'B')
    const res = await x.call('GET', `/api/v1/client/${x.envB}/environment`)
    assert.is(res.status, 200)
    assert.is(res.headers.get('access-control-allow-origin'), '*')
    assert.match(res.headers.get('cache-control') ?? '', /max-age=\d+/)
    hasFields(res.body.data, ENVIRONMENT_STATE_FIELDS, 'environment state')
    assert.ok(new Date(res.body.data.expiresAt).getTime() > Date.now())
    const data = res.body.data.data
    hasFields(data, ENVIRONMENT_STATE_DATA_FIELDS, 'environment state data')
    assert.equal(data.surveys.map((s: any) => s.id).sort(), [app.id, website.id].sort())
    for (const survey of data.surveys) hasFields(survey, ENVIRONMENT_STATE_SURVEY_FIELDS, 'state survey')
    assert.ok(data.actionClasses.length >= 1)
    for (const action of data.actionClasses) hasFields(action, ENVIRONMENT_STATE_ACTION_CLASS_FIELDS, 'state action class')
    hasFields(data.project, ENVIRONMENT_STATE_PROJECT_FIELDS, 'state project')

    const etag = res.headers.get('etag')
    assert.ok(etag)
    assert.is(
      res.headers.get('access-control-expose-headers'),
      'ETag, x-request-id',
      'a widget on another origin reads the tag (and the request id)',
    )
    const cached = await x.call('GET', `/api/v1/client/${x.envB}/environment`, { headers: { 'if-none-match': etag! } })
    assert.equal([cached.status, cached.text], [304, ''])
    assert.is(cached.headers.get('etag'), etag)
    await createSurvey(x, { type: 'app', status: 'inProgress' }, 'B')
    const changed = await x.call('GET', `/api/v1/client/${x.envB}/environment`, { headers: { 'if-none-match': etag! } })
    assert.is(changed.status, 200, 'a new survey changes the ETag')
    assert.is.not(changed.headers.get('etag'), etag)

    const after = await x.call('GET', '/api/v1/me', { key: x.keyB })
    assert.equal([after.body.appSetupCompleted, after.body.websiteSetupCompleted, after.body.widgetSetupCompleted], [true, true, true])
    assert.equal(errorOf(await x.call('GET', '/api/v1/client/nosuchenv/environment')), {
      status: 404,
      body: notFoundBody('Environment', 'nosuchenv'),
    })
  })

  state('carries exactly what the widget reads (an allowlist), on v1 and v2: no manager-only field of a survey', async () => {
    const x = await b()
    const segment = await x.call('POST', '/api/v1/management/segments', {
      key: x.keyA,
      body: {
        title: 'Secret segment title',
        filters: [
          {
            id: 'f',
            connector: null,
            resource: { id: 'f', root: { type: 'device', deviceType: 'phone' }, value: 'phone', qualifier: { operator: 'equals' } },
          },
        ],
      },
    })
    assert.is(segment.status, 200, segment.text)
    const survey = await createSurvey(x, {
      type: 'app',
      status: 'inProgress',
      name: 'Internal survey name',
      pin: '4711',
      createdBy: 'secret-creator',
      autoComplete: 50,
      segmentId: segment.body.data.id,
      isVerifyEmailEnabled: true,
      singleUse: { enabled: true, isEncrypted: true },
      surveyClosedMessage: { heading: 'Secret closed heading' },
      runOnDate: '2020-01-01T00:00:00.000Z',
      closeOnDate: '2999-01-01T00:00:00.000Z',
      triggers: ['New Session'],
      languages: [{ default: true, enabled: true, language: { code: 'en', alias: null, note: 'secret-language-note' } }],
    })
    const shared = await x.call('POST', `/api/v1/management/surveys/${survey.id}/share`, { key: x.keyA })
    assert.is(shared.status, 200, shared.text)
    const shareKey = shared.body.data.resultShareKey as string
    for (const version of ['v1', 'v2']) {
      const res = await x.call('GET', `/api/${version}/client/${x.envA}/environment`)
      assert.is(res.status, 200)
      const data = res.body.data.data
      assert.equal(Object.keys(data).sort(), ['actionClasses', 'product', 'project', 'surveys', 'workspace'], version)
      const shown = data.surveys.find((s: any) => s.id === survey.id)
      assert.ok(shown, `${version} shows the survey`)
      assert.equal(
        Object.keys(shown).sort(),
        [
          'autoClose',
          'blocks',
          'delay',
          'displayLimit',
          'displayOption',
          'displayPercentage',
          'endings',
          'hiddenFields',
          'id',
          'isAutoProgressingEnabled',
          'isBackButtonHidden',
          'languages',
          'productOverwrites',
          'projectOverwrites',
          'questions',
          'recaptcha',
          'recontactDays',
          'redirectUrl',
          'segment',
          'showLanguageSwitch',
          'status',
          'styling',
          'triggers',
          'type',
          'variables',
          'welcomeCard',
          'workspaceOverwrites',
        ],
        `${version} survey keys`,
      )
      assert.equal(Object.keys(shown.languages[0]).sort(), ['default', 'enabled', 'language'])
      assert.equal(Object.keys(shown.languages[0].language).sort(), ['alias', 'code'])
      assert.equal(Object.keys(shown.triggers[0].actionClass).sort(), ['id', 'key', 'name', 'noCodeConfig', 'type'])
      // The reference's legacy placeholder shape: which segment and whether it has filters, not the filters.
      assert.equal(Object.keys(shown.segment).sort(), [
        'createdAt',
        'description',
        'environmentId',
        'filters',
        'hasFilters',
        'id',
        'isPrivate',
        'surveys',
        'title',
        'updatedAt',
      ])
      for (const action of data.actionClasses) assert.equal(Object.keys(action).sort(), ['id', 'key', 'name', 'noCodeConfig', 'type'])
      assert.equal(Object.keys(data.project).sort(), [
        'clickOutsideClose',
        'darkOverlay',
        'id',
        'inAppSurveyBranding',
        'overlay',
        'placement',
        'recontactDays',
        'styling',
      ])
      assert.equal(data.product, data.project)
      assert.equal(data.workspace, data.project)
      for (const secret of [
        'Internal survey name',
        '4711',
        shareKey,
        'secret-creator',
        'secret-language-note',
        'Secret segment title',
        'Secret closed heading',
      ]) {
        assert.not.ok(res.text.includes(secret), `${version} does not carry ${secret}`)
      }
    }
  })

  state('triggers and languages come in the shapes the widget reads: {actionClass} resolved by id, name, key or object', async () => {
    const x = await b()
    const actions = await x.call('GET', '/api/v1/management/action-classes', { key: x.keyA })
    const newSession = actions.body.data.find((a: any) => a.type === 'automatic' && a.name === 'New Session')
    assert.ok(newSession, 'the automatic New Session class')
    const code = await x.call('POST', '/api/v1/management/action-classes', {
      key: x.keyA,
      body: { name: 'Checked out', type: 'code', key: 'checked-out' },
    })
    assert.is(code.status, 200)
    const byName = await createSurvey(x, { type: 'app', status: 'inProgress', triggers: ['New Session', code.body.data.id] })
    const byObject = await createSurvey(x, {
      type: 'app',
      status: 'inProgress',
      triggers: [{ actionClass: { id: newSession.id } }, { actionClass: { key: 'checked-out' } }],
      languages: [
        { default: true, enabled: true, language: { code: 'en', alias: null } },
        { code: 'de', enabled: false },
        { nothing: true },
      ],
    })
    const res = await x.call('GET', `/api/v1/client/${x.envA}/environment`)
    assert.is(res.status, 200)
    const surveys = new Map(res.body.data.data.surveys.map((s: any) => [s.id, s]))
    const expected = [
      { id: newSession.id, name: 'New Session', type: 'automatic', key: null, noCodeConfig: null },
      { id: code.body.data.id, name: 'Checked out', type: 'code', key: 'checked-out', noCodeConfig: null },
    ]
    for (const survey of [byName, byObject]) {
      const triggers = (surveys.get(survey.id) as any)?.triggers
      assert.equal(
        triggers.map((t: any) => t.actionClass),
        expected,
        survey.id,
      )
      for (const trigger of triggers) hasFields(trigger.actionClass, ENVIRONMENT_STATE_ACTION_CLASS_FIELDS, 'trigger action class')
    }
    assert.equal((surveys.get(byObject.id) as any).languages, [
      { default: true, enabled: true, language: { code: 'en', alias: null } },
      { default: false, enabled: false, language: { code: 'de', alias: null } },
    ])
    assert.equal((surveys.get(byName.id) as any).languages, [])
  })

  const contacts = beds.suite(`${label}: contacts from the client`)
  contacts('user, attributes and identify answer the reference shapes; unknown keys become custom; userId and id are ignored', async () => {
    const x = await b()
    const user = await x.call('POST', `/api/v1/client/${x.envA}/user`, {
      body: { userId: 'c-1', attributes: { email: 'c1@example.com', language: 'de', userId: 'evil', id: 'evil', score: 7 } },
    })
    assert.is(user.status, 200)
    hasFields(user.body.data.state, USER_STATE_FIELDS, 'user state')
    hasFields(user.body.data.state.data, USER_STATE_DATA_FIELDS, 'user state data')
    assert.equal([user.body.data.state.data.userId, user.body.data.state.data.language], ['c-1', 'de'])
    const put = await x.call('PUT', `/api/v1/client/${x.envA}/contacts/c-1/attributes`, { body: { attributes: { plan: 'team' } } })
    assert.equal([put.status, put.body.data.changed], [200, true])
    const same = await x.call('PUT', `/api/v1/client/${x.envA}/contacts/c-1/attributes`, { body: { attributes: { plan: 'team' } } })
    assert.is(same.body.data.changed, false)
    const survey = await createSurvey(x)
    await x.call('POST', `/api/v1/client/${x.envA}/displays`, { body: { surveyId: survey.id, userId: 'c-1' } })
    const identify = await x.call('GET', `/api/v1/client/${x.envA}/identify/contacts/c-1`)
    assert.is(identify.status, 200)
    hasFields(identify.body.data, USER_STATE_DATA_FIELDS, 'identify')
    for (const display of identify.body.data.displays) hasFields(display, USER_STATE_DISPLAY_FIELDS, 'user state display')
    assert.is(identify.body.data.contactId, user.body.data.state.data.contactId)
    assert.is(identify.body.data.lastDisplayAt, identify.body.data.displays[0].createdAt)
    const keys = await x.call('GET', '/api/v1/management/contact-attribute-keys', { key: x.keyA })
    assert.is(keys.status, 200)
    const byKey = new Map(keys.body.data.map((k: any) => [k.key, k.type]))
    assert.equal([byKey.get('plan'), byKey.get('score'), byKey.get('email')], ['custom', 'custom', 'default'])
    assert.is(byKey.has('id'), false)
    const taken = await x.call('POST', `/api/v1/client/${x.envA}/user`, {
      body: { userId: 'c-2', attributes: { email: 'c1@example.com' } },
    })
    assert.is(taken.status, 200)
    assert.is(taken.body.data.messages.length, 1, 'a unique value of another contact is skipped with a message')
    assert.equal(errorOf(await x.call('GET', '/api/v1/client/nosuchenv/identify/contacts/c-1')), {
      status: 404,
      body: notFoundBody('Environment', 'nosuchenv'),
    })
    const invalid = await x.call('PUT', `/api/v1/client/${x.envA}/contacts/c-1/attributes`, { body: { attributes: { 'bad key': 'x' } } })
    assert.is(invalid.status, 400)
  })

  const singleUse = beds.suite(`${label}: single-use ids`)
  singleUse('generated ids are accepted once; encrypted ones only when sealed for the survey', async () => {
    const x = await b()
    const plain = await createSurvey(x, { singleUse: { enabled: true, isEncrypted: false } })
    const sealed = await createSurvey(x, { singleUse: { enabled: true, isEncrypted: true } })
    const ids = await x.call('GET', `/api/v1/management/surveys/${plain.id}/singleUseIds`, { key: x.keyA })
    assert.is(ids.status, 200)
    assert.is(ids.body.data.length, 10)
    assert.is(new Set(ids.body.data).size, 10)
    const many = await x.call('GET', `/api/v1/management/surveys/${plain.id}/singleUseIds?limit=5000`, { key: x.keyA })
    assert.is(many.body.data.length, 5000)
    for (const limit of ['0', '5001', 'x', '1.5', '-1']) {
      const bad = await x.call('GET', `/api/v1/management/surveys/${plain.id}/singleUseIds?limit=${limit}`, { key: x.keyA })
      assert.equal([bad.status, Object.keys(bad.body.details)], [400, ['limit']], limit)
    }
    assert.equal(errorOf(await x.call('GET', `/api/v1/management/surveys/${plain.id}/singleUseIds`, { key: x.keyB })), {
      status: 401,
      body: UNAUTHORIZED,
    })
    assert.equal(errorOf(await x.call('GET', '/api/v1/management/surveys/nosuch/singleUseIds', { key: x.keyA })), {
      status: 404,
      body: notFoundBody('Survey', 'nosuch'),
    })

    const post = (surveyId: string, singleUseId: string) =>
      x.call('POST', `/api/v1/client/${x.envA}/responses`, { body: { surveyId, finished: true, data: {}, singleUseId } })
    const [first] = ids.body.data
    assert.is((await post(plain.id, first)).status, 200)
    const again = await post(plain.id, first)
    assert.equal([again.status, again.body.code], [400, 'bad_request'])

    const tokens = (await x.call('GET', `/api/v1/management/surveys/${sealed.id}/singleUseIds?limit=2`, { key: x.keyA })).body.data
    assert.match(tokens[0], /^[a-z0-9]+\.[A-Za-z0-9_-]{43}$/)
    const accepted = await post(sealed.id, tokens[0])
    assert.is(accepted.status, 200)
    const stored = await x.call('GET', `/api/v1/management/responses/${accepted.body.data.id}`, { key: x.keyA })
    assert.is(stored.body.data.singleUseId, tokens[0].split('.')[0], 'the id inside the token is stored')
    assert.is((await post(sealed.id, tokens[0])).status, 400, 'a sealed id is single-use too')
    // The last character of the seal is changed to one it is not (a fixed 'A' would leave one token in 16 as it was).
    const lastChanged = `${tokens[1].slice(0, -1)}${tokens[1].endsWith('A') ? 'Q' : 'A'}`
    assert.is.not(lastChanged, tokens[1])
    for (const forged of ['made-up', lastChanged, ids.body.data[1], tokens[1].replace(/^[a-z0-9]+/, 'abc')]) {
      const res = await post(sealed.id, forged)
      assert.equal([res.status, res.body.message], [400, 'Invalid single use id'], forged)
    }
    const concurrent = await Promise.all(Array.from({ length: 8 }, () => post(sealed.id, tokens[1])))
    assert.equal(concurrent.map((r) => r.status).sort(), [200, 400, 400, 400, 400, 400, 400, 400])
  })

  singleUse('a v1 response to a single-use link survey without singleUseId is a 400 naming it, as the reference answers', async () => {
    const x = await b()
    for (const isEncrypted of [false, true]) {
      const survey = await createSurvey(x, { status: 'inProgress', type: 'link', singleUse: { enabled: true, isEncrypted } })
      for (const body of [
        { surveyId: survey.id, finished: true, data: {} },
        { surveyId: survey.id, finished: true, data: {}, singleUseId: null },
      ]) {
        const res = await x.call('POST', `/api/v1/client/${x.envA}/responses`, { body })
        assert.is(res.status, 400, `isEncrypted ${isEncrypted}: ${res.text}`)
        assert.equal(res.body, {
          code: 'bad_request',
          message: 'Missing single use id',
          details: { singleUseId: 'Required: this survey takes one response per single-use link' },
        })
      }
      const listed = await x.call('GET', `/api/v1/management/responses?surveyId=${survey.id}`, { key: x.keyA })
      assert.equal(listed.body.data, [], 'nothing written')
      // The reference's v2 route and the management create do not ask for one.
      const v2 = await x.call('POST', `/api/v2/client/${x.envA}/responses`, { body: { surveyId: survey.id, finished: true, data: {} } })
      assert.is(v2.status, 200, v2.text)
      const managed = await x.call('POST', '/api/v1/management/responses', {
        key: x.keyA,
        body: { surveyId: survey.id, finished: true, data: {} },
      })
      assert.is(managed.status, 200, managed.text)
    }
    // Single use turned off, or an app survey (the reference asks only of link surveys): no id needed.
    for (const overrides of [
      { type: 'link', singleUse: { enabled: false, isEncrypted: false } },
      { type: 'app', singleUse: { enabled: true, isEncrypted: false } },
    ]) {
      const survey = await createSurvey(x, { status: 'inProgress', ...overrides })
      const res = await x.call('POST', `/api/v1/client/${x.envA}/responses`, { body: { surveyId: survey.id, finished: true, data: {} } })
      assert.is(res.status, 200, `${JSON.stringify(overrides)}: ${res.text}`)
    }
    // Another environment's survey is refused as before, not told apart by this rule.
    const theirs = await createSurvey(x, { status: 'inProgress', type: 'link', singleUse: { enabled: true, isEncrypted: false } }, 'B')
    const other = await x.call('POST', `/api/v1/client/${x.envA}/responses`, { body: { surveyId: theirs.id, finished: true, data: {} } })
    assert.equal([other.status, other.body.message], [400, 'Survey is part of another environment'])
  })

  const cors = beds.suite(`${label}: CORS on the new client routes`)
  cors('preflights pass with the headers the SDKs send, and every answer carries CORS', async () => {
    const x = await b()
    for (const path of [
      `/api/v1/client/${x.envA}/displays`,
      `/api/v1/client/${x.envA}/environment`,
      `/api/v1/client/${x.envA}/user`,
      `/api/v1/client/${x.envA}/contacts/u/attributes`,
      `/api/v1/client/${x.envA}/identify/contacts/u`,
    ]) {
      const res = await x.call('OPTIONS', path, {
        headers: {
          origin: 'http://127.0.0.1:1',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      })
      assert.is(res.status, 204, path)
      assert.is(res.headers.get('access-control-allow-origin'), '*')
      assert.is(res.headers.get('access-control-allow-headers'), 'content-type')
      assert.is(res.headers.get('access-control-allow-methods'), 'GET, POST, PUT, OPTIONS')
    }
    const error = await x.call('POST', `/api/v1/client/${x.envA}/displays`, { body: {} })
    assert.equal([error.status, error.headers.get('access-control-allow-origin')], [400, '*'])
    const management = await x.call('GET', `/api/v1/management/surveys/x/singleUseIds`, { key: x.keyA })
    assert.is(management.headers.get('access-control-allow-origin'), null)
  })

  const hostile = beds.suite(`${label}: hostile input on the new routes`)
  hostile('no body, path or query produces a 5xx', async () => {
    const x = await b()
    const s = await createSurvey(x, { status: 'inProgress', type: 'app', singleUse: { enabled: true, isEncrypted: true } })
    const ids = [s.id, ...HOSTILE_IDS, x.envA]
    const bodies: unknown[] = [
      ...HOSTILE_BODIES,
      { surveyId: s.id, userId: '\u0000' },
      { surveyId: s.id, responseId: 'x'.repeat(300) },
      { userId: 'u', attributes: { a: '\u0000' } },
      { userId: 'u', attributes: { ['k'.repeat(300)]: 'v' } },
      { attributes: [] },
      { attributes: { email: { nested: true } } },
      { userId: 'x'.repeat(256) },
      { attributes: Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`k${i}`, 'v'])) },
      { surveyId: s.id, finished: true, data: {}, singleUseId: '\u0000.x' },
      { surveyId: s.id, finished: true, data: {}, displayId: '\u0000' },
      { __proto__: { admin: true }, constructor: { prototype: {} }, userId: 'p', attributes: { __proto__: 'x' } },
    ]
    const routes: [string, string][] = []
    for (const id of ids) {
      routes.push(
        ['POST', `/api/v1/client/${id}/displays`],
        ['GET', `/api/v1/client/${id}/environment`],
        ['POST', `/api/v1/client/${id}/user`],
      )
      routes.push(
        ['PUT', `/api/v1/client/${x.envA}/contacts/${id}/attributes`],
        ['GET', `/api/v1/client/${x.envA}/identify/contacts/${id}`],
      )
      routes.push(['PUT', `/api/v1/client/${id}/contacts/u/attributes`], ['GET', `/api/v1/client/${id}/identify/contacts/u`])
      routes.push(['GET', `/api/v1/management/surveys/${id}/singleUseIds?limit=${id}`])
    }
    routes.push(['POST', `/api/v1/client/${x.envA}/responses`])
    await assertEachAnswersContract(x, routes, bodies)
  })

  for (const s of [sdk, displays, state, contacts, singleUse, cors, hostile]) s.run()
}

defineSuites(defaultBackend())
