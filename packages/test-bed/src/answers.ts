import { ERROR_STATUS } from '@canvass/core'
import type { ErrorCode } from '@canvass/core'
import * as assert from 'uvu/assert'
import type { ApiResult } from './test-canvass'

/**
 * For sweeps of hostile input, whose every answer is not written out one by one: `res` is a 2xx, or an error
 * in the API's shape (`{ code, message, details }`) whose code is the one of its status. (`client`
 * already fails the test on any 5xx.)
 */
export function assertSuccessOrContractError(res: ApiResult, what: string): void {
  if (res.status >= 200 && res.status < 300) return
  if (res.headers.get('content-type') === 'application/problem+json') {
    // The reference's v3 routes answer RFC 9457 problems instead (docs/surveys.md#validating-a-survey).
    const problem = res.body as { status?: unknown; title?: unknown; detail?: unknown; code?: unknown } | undefined
    assert.is(problem?.status, res.status, `${what}: a problem's status`)
    assert.type(problem?.title, 'string', `${what}: a problem's title`)
    assert.type(problem?.detail, 'string', `${what}: a problem's detail`)
    assert.type(problem?.code, 'string', `${what}: a problem's code`)
    return
  }
  const body = res.body as { code?: unknown; message?: unknown; details?: unknown } | undefined
  assert.type(body?.code, 'string', `${what}: ${res.status} without the API's error body: ${res.text.slice(0, 200)}`)
  assert.is(ERROR_STATUS[body?.code as ErrorCode], res.status, `${what}: code ${String(body?.code)} answered with ${res.status}`)
  assert.type(body?.message, 'string', `${what}: a message`)
  assert.type(body?.details, 'object', `${what}: details`)
}
