import { createFetchWebhookTransport } from '@canvass/core'
import { testWebhookTransport } from '../src'

// The portable transport of core, run here because core cannot depend on its own test kit.
testWebhookTransport({
  name: 'fetch transport',
  create: () => createFetchWebhookTransport({ allowPrivateAddresses: true }),
  createGuarded: () => createFetchWebhookTransport(),
})
