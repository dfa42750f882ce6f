/**
 * The contact attributes the results' filters may test (`filter[contactAttributes.<key>]…`): the environment's
 * attribute keys, offered to an owner only, as the server allows that filter to an owner only
 * (docs/console.md#roles). The summary, the chart and the table then follow it as they follow any filter.
 */
import { atLeast } from './boot'
import { useConsole } from './context'
import { useLoad } from './ui'

/** At most this many attribute keys are offered (an environment rarely has more). */
const MOST_KEYS = 100

/** The filter fields of the environment's contact attributes, each with its name, for an owner; none otherwise. */
export function useAttributeFilterFields(): Array<{ field: string; label: string }> {
  const { api, boot } = useConsole()
  const owner = atLeast(boot.role, 'owner')
  const keys = useLoad(
    (signal) =>
      owner
        ? api.page<{ key: string; name: string | null }>('/api/v1/management/contact-attribute-keys', {
            signal,
            query: { limit: MOST_KEYS },
          })
        : Promise.resolve(null),
    [owner],
  )
  return (keys.data?.items ?? []).map((key) => ({ field: `contactAttributes.${key.key}`, label: key.name || key.key }))
}
