/**
 * The reference's `renderSurvey` props turned into Canvass's options (renderer/reference-props.ts): what is
 * drawn where, who the answers belong to, and when each of the props' callbacks is called. The browser test
 * (packages/server/test/react-native-browser.test.ts) proves the wiring with the React Native SDK.
 */
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { ReferenceSurveyProps } from '../src/renderer/reference-props'
import { isReferenceProps, referenceOptions, renderReferenceSurvey } from '../src/renderer/reference-props'
import type { RenderSurveyOptions } from '../src/shared/protocol'
import type { WidgetSurvey } from '../src/shared/survey'

const survey = (endings: unknown[] = [{ id: 'end', type: 'endScreen' }]) => ({ id: 's1', endings }) as unknown as WidgetSurvey

function props(extra: Partial<ReferenceSurveyProps> = {}) {
  const calls: string[] = []
  const call = (name: string) => () => void calls.push(name)
  const base: ReferenceSurveyProps = {
    survey: survey(),
    styling: { brandColor: { light: '#0e7490' } },
    isBrandingEnabled: true,
    appUrl: 'http://127.0.0.1:3000/',
    workspaceId: 'ws1',
    contactId: 'c1',
    languageCode: 'de',
    placement: 'center',
    overlay: 'dark',
    clickOutside: true,
    isWebEnvironment: false,
    hiddenFieldsRecord: { plan: 'pro' },
    onDisplayCreated: call('onDisplayCreated'),
    onResponseCreated: call('onResponseCreated'),
    onFinished: call('onFinished'),
    onRetry: call('onRetry'),
    onClose: call('onClose'),
    ...extra,
  }
  return { props: base, calls }
}
const noElement = () => null

const test = suite("the reference's renderSurvey props")

test('tell themselves apart from Canvass’s own options by the project those always carry', () => {
  assert.ok(isReferenceProps(props().props))
  assert.not.ok(isReferenceProps({ project: {} } as RenderSurveyOptions))
})

test('become a modal survey saved against appUrl for the contact, drawn with the props’ styling and placement', () => {
  const options = referenceOptions(props().props, noElement)
  const { callbacks, ...rest } = options
  assert.equal(rest, {
    appUrl: 'http://127.0.0.1:3000',
    environmentId: 'ws1',
    survey: survey(),
    project: {
      id: 'ws1',
      recontactDays: 0,
      clickOutsideClose: true,
      darkOverlay: true,
      overlay: 'dark',
      placement: 'center',
      inAppSurveyBranding: true,
      styling: { brandColor: { light: '#0e7490' } },
    },
    mode: 'modal',
    languageCode: 'de',
    contactId: 'c1',
    hiddenFields: { plan: 'pro' },
  })
  assert.type(callbacks?.onDisplay, 'function')
  const withUser = referenceOptions(
    props({ userId: 'u1', environmentId: 'env1', workspaceId: undefined, action: 'Checkout' }).props,
    noElement,
  )
  assert.equal(
    [withUser.userId, withUser.contactId, withUser.environmentId, withUser.meta],
    ['u1', undefined, 'env1', { action: 'Checkout' }],
  )
})

test('inline needs its container, as the reference’s does; a survey without a server to save to is refused', () => {
  const container = { id: 'box' } as unknown as HTMLElement
  const inline = referenceOptions(props({ mode: 'inline', containerId: 'box' }).props, (id) => (id === 'box' ? container : null))
  assert.equal([inline.mode, inline.container], ['page', container])
  assert.throws(() => referenceOptions(props({ mode: 'inline' }).props, noElement), /containerId is required for inline mode/)
  assert.throws(() => referenceOptions(props({ mode: 'inline', containerId: 'gone' }).props, noElement), /Element with id gone not found/)
  assert.throws(() => referenceOptions(props({ appUrl: undefined }).props, noElement), /appUrl and workspaceId are required/)
  assert.throws(() => referenceOptions(props({ workspaceId: undefined }).props, noElement), /appUrl and workspaceId are required/)
})

test('callbacks at the reference’s moments: display recorded, response created once, finished once saved', () => {
  const { props: p, calls } = props()
  const cb = referenceOptions(p, noElement).callbacks ?? {}
  cb.onDisplay?.(undefined)
  assert.equal(calls, [], 'no onDisplayCreated when the display was not recorded')
  cb.onDisplay?.('d1')
  cb.onResponse?.({ responseId: 'r1', finished: false })
  cb.onResponse?.({ responseId: 'r1', finished: false })
  cb.onRetry?.()
  assert.equal(calls, ['onDisplayCreated', 'onResponseCreated', 'onRetry'])
  cb.onResponse?.({ responseId: 'r1', finished: true })
  cb.onResponse?.({ responseId: 'r1', finished: true })
  assert.equal(calls, ['onDisplayCreated', 'onResponseCreated', 'onRetry', 'onFinished'])
  cb.onClose?.()
  assert.equal(calls.at(-1), 'onClose')
})

test('a one-page survey: its only save both creates and finishes the response', () => {
  const { props: p, calls } = props()
  referenceOptions(p, noElement).callbacks?.onResponse?.({ responseId: 'r1', finished: true })
  assert.equal(calls, ['onResponseCreated', 'onFinished'])
})

test('the handle: close() closes the survey that render showed', () => {
  let closes = 0
  const handle = renderReferenceSurvey(props().props, () => ({ close: () => closes++ }), noElement)
  handle.close()
  assert.is(closes, 1)
})

test.run()
