/**
 * The drop-off funnel: per block, the responses the survey's order and logic led to it (reached), and what they
 * did there: went on with an answer, went on without one (skipped), or stopped (left here). Drawn from the
 * summary's `dropOff.blocks` alone, so the console and the shared results page show the same figures. Each
 * block's bar is a share of the most reached block; its numbers are in words beside it and in a table.
 */
import type { BlockFunnel, Summary } from './model'
import { countText, percentText } from './model'
import { Count, Percent } from './parts'

/** A block's bar: its three parts as shares (0–100) of the widest block's reached. */
export interface FunnelRow extends BlockFunnel {
  width: { answered: number; skipped: number; leftHere: number }
}

const share = (count: number, whole: number) => (whole > 0 ? Math.round((count / whole) * 1000) / 10 : 0)

/** The funnel's rows, in the survey's block order. */
export function funnelRows(summary: Pick<Summary, 'dropOff'>): FunnelRow[] {
  const blocks = summary.dropOff.blocks ?? []
  const widest = Math.max(0, ...blocks.map((block) => block.reached))
  return blocks.map((block) => ({
    ...block,
    width: { answered: share(block.answered, widest), skipped: share(block.skipped, widest), leftHere: share(block.leftHere, widest) },
  }))
}

/** The funnel's card; nothing when the survey has no blocks or no response reached one. */
export function DropOffFunnel({ summary }: { summary: Pick<Summary, 'dropOff'> }) {
  const rows = funnelRows(summary)
  if (rows.every((row) => row.reached === 0)) return null
  const notWalked = summary.dropOff.notWalked ?? 0
  return (
    <section class="cv-section cv-card" aria-labelledby="cv-funnel">
      <h2 id="cv-funnel">Drop-off along the path</h2>
      <p class="cv-muted">
        Each block counts only the responses the survey's order and logic led to it: how many went on with an answer, went on without one
        (skipped), or stopped there.
      </p>
      <ul class="cv-bars" aria-label="Drop-off per block">
        {rows.map((row) => (
          <li key={row.blockId} data-block={row.blockId}>
            <div class="cv-bar-head">
              <span class="cv-bar-label">{row.name}</span>
              <span class="cv-funnel-nums">
                {countText(row.reached)} reached · {countText(row.answered)} answered · {countText(row.skipped)} skipped ·{' '}
                {countText(row.leftHere)} left here ({percentText(row.dropOffRate)})
              </span>
            </div>
            <FunnelBar width={row.width} />
          </li>
        ))}
      </ul>
      <ul class="cv-legend cv-funnel-legend" aria-hidden="true">
        <li>
          <span class="cv-dot cv-tone-good" />
          Answered
        </li>
        <li>
          <span class="cv-dot cv-tone-neutral" />
          Skipped
        </li>
        <li>
          <span class="cv-dot cv-tone-bad" />
          Left here
        </li>
      </ul>
      {notWalked > 0 ? (
        <p class="cv-muted">{countText(notWalked)} responses are in no block: too many different paths to follow each one.</p>
      ) : null}
      <details class="cv-details">
        <summary>The funnel as a table</summary>
        <div class="cv-scroll" tabindex={0} role="region" aria-label="Drop-off per block, table">
          <table class="cv-table">
            <thead>
              <tr>
                <th scope="col">Block</th>
                <th scope="col">Reached</th>
                <th scope="col">Answered</th>
                <th scope="col">Skipped</th>
                <th scope="col">Left here</th>
                <th scope="col">Drop-off</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const of = { block: row.blockId }
                return (
                  <tr key={row.blockId}>
                    <th scope="row">{row.name}</th>
                    <td>
                      <Count cv="funnel-reached" value={row.reached} of={of} />
                    </td>
                    <td>
                      <Count cv="funnel-answered" value={row.answered} of={of} />
                    </td>
                    <td>
                      <Count cv="funnel-skipped" value={row.skipped} of={of} />
                    </td>
                    <td>
                      <Count cv="funnel-left" value={row.leftHere} of={of} />
                    </td>
                    <td>
                      <Percent cv="funnel-rate" value={row.dropOffRate} of={of} />
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  )
}

/** A block's stacked bar, for the eye only: answered, skipped and left here side by side on the track. */
function FunnelBar({ width }: { width: FunnelRow['width'] }) {
  const parts: Array<[string, number]> = [
    ['good', width.answered],
    ['neutral', width.skipped],
    ['bad', width.leftHere],
  ]
  let x = 0
  return (
    <svg class="cv-bar" aria-hidden="true" focusable="false">
      <rect class="cv-bar-track" width="100%" height="100%" rx="4" />
      {parts.map(([tone, part]) => {
        const at = x
        x += part
        return part > 0 ? <rect key={tone} class={`cv-tone-${tone}`} x={`${at}%`} width={`${part}%`} height="100%" /> : null
      })}
    </svg>
  )
}
