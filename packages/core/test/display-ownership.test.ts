/**
 * Issue 58, item 4: a display made for a contact takes only that contact's response, or an anonymous one no
 * other display names; erasing the contact then takes only what is the contact's. Before, a display for A could
 * name B's response (or any anonymous one) and A's erasure deleted it. Concurrent claims of one anonymous
 * response: at most one wins. On PGlite, and on the Postgres server when TEST_DATABASE_URL is set.
 */
import * as assert from 'uvu/assert'
import { availableBackends, badRequest, createResponse, createSurvey, errorOf, suiteWithBed } from '@canvass/test-bed'
import type { TestCanvass } from '@canvass/test-bed'

const NOT_THEIRS = badRequest("Response is not this respondent's", {
  responseId: "Names another respondent's response, or an anonymous one another display names",
})

for (const backend of availableBackends()) {
  const { test, bed } = suiteWithBed(`display ownership (${backend})`, { backend })

  const display = (x: TestCanvass, body: Record<string, unknown>) => x.call('POST', `/api/v1/client/${x.envA}/displays`, { body })

  async function contactOf(x: TestCanvass, userId: string): Promise<string> {
    const res = await x.call('GET', `/api/v1/management/contacts?userId=${encodeURIComponent(userId)}`, { key: x.keyA })
    const id = res.body.data[0]?.id as string | undefined
    assert.ok(id, `contact ${userId}`)
    return id
  }

  const exists = async (x: TestCanvass, responseId: string) =>
    (await x.call('GET', `/api/v1/management/responses/${responseId}`, { key: x.keyA })).status === 200

  test("a display for A may not name B's response nor an anonymous one another display names; A's erasure leaves them", async () => {
    const x = bed()
    const survey = await createSurvey(x, { status: 'inProgress', type: 'app' })
    const ofAda = await createResponse(x, survey.id, { userId: 'ada' })
    const ofBob = await createResponse(x, survey.id, { userId: 'bob' })
    const anonymous = await createResponse(x, survey.id)
    const namedAnonymous = await createResponse(x, survey.id)
    const byDisplay = await display(x, { surveyId: survey.id })
    const madeFromDisplay = await createResponse(x, survey.id, { displayId: byDisplay.body.data.id })
    assert.is((await display(x, { surveyId: survey.id, userId: 'carol', responseId: namedAnonymous })).status, 200)

    for (const [what, responseId] of Object.entries({
      "Bob's": ofBob,
      'named by another display': namedAnonymous,
      'made from a display': madeFromDisplay,
    })) {
      const refused = await display(x, { surveyId: survey.id, userId: 'ada', responseId })
      assert.equal(errorOf(refused), NOT_THEIRS, what)
      assert.is(refused.headers.get('access-control-allow-origin'), '*', `${what}: CORS on the error`)
    }
    // The reference's v2 route, naming the contact by id, is held to the same rule.
    const ada = await contactOf(x, 'ada')
    const v2 = await x.call('POST', `/api/v2/client/${x.envA}/displays`, {
      body: { surveyId: survey.id, contactId: ada, responseId: ofBob },
    })
    assert.equal(errorOf(v2), NOT_THEIRS, 'v2')

    assert.is((await display(x, { surveyId: survey.id, userId: 'ada', responseId: ofAda })).status, 200, 'her own')
    assert.is((await display(x, { surveyId: survey.id, userId: 'ada', responseId: ofAda })).status, 200, 'her own, again')
    assert.is((await display(x, { surveyId: survey.id, userId: 'ada', responseId: anonymous })).status, 200, 'an unclaimed anonymous one')
    const claimedAgain = await display(x, { surveyId: survey.id, userId: 'dan', responseId: anonymous })
    assert.equal(errorOf(claimedAgain), NOT_THEIRS, 'claimed by Ada now')

    const erased = await x.call('DELETE', `/api/v1/management/contacts/${ada}?erase=true`, { key: x.keyA })
    assert.is(erased.status, 200, erased.text)
    assert.is(erased.body.data.responses, 2, 'her response and the anonymous one her display took')
    assert.is(await exists(x, ofAda), false)
    assert.is(await exists(x, anonymous), false)
    for (const [what, id] of Object.entries({ "Bob's": ofBob, 'named by Carol': namedAnonymous, 'made from a display': madeFromDisplay })) {
      assert.ok(await exists(x, id), `${what} stays`)
    }
  })

  test('concurrent displays of different contacts claiming one anonymous response: exactly one wins', async () => {
    const x = bed()
    const survey = await createSurvey(x, { status: 'inProgress', type: 'app' })
    for (let round = 0; round < 3; round++) {
      const anonymous = await createResponse(x, survey.id)
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => display(x, { surveyId: survey.id, userId: `claimer-${round}-${i}`, responseId: anonymous })),
      )
      const won = answers.filter((answer) => answer.status === 200)
      assert.is(won.length, 1, `round ${round}: ${answers.map((answer) => answer.status).join(' ')}`)
      for (const answer of answers) if (answer.status !== 200) assert.equal(errorOf(answer), NOT_THEIRS)
      const linked = await x.call('GET', `/api/v1/client/${x.envA}/displays/${won[0]!.body.data.id}/response`)
      assert.equal(linked.body, { data: { responseId: anonymous } })
    }
  })

  test('an anonymous display may still name a response of its survey, as before', async () => {
    const x = bed()
    const survey = await createSurvey(x, { status: 'inProgress', type: 'app' })
    const ofBea = await createResponse(x, survey.id, { userId: 'bea' })
    assert.is((await display(x, { surveyId: survey.id, responseId: ofBea })).status, 200)
    const bea = await contactOf(x, 'bea')
    const erased = await x.call('DELETE', `/api/v1/management/contacts/${bea}?erase=true`, { key: x.keyA })
    assert.is(erased.body.data.responses, 1)
    assert.is(await exists(x, ofBea), false)
  })

  test.run()
}
