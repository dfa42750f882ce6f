/**
 * Responses over time: an SVG of a column per day whose numbers are also a table. The summary's own pictures
 * are core's results components (`@canvass/core/results`).
 */
/** Responses per day as columns in an SVG, with the same numbers in a table for reading. */
export function TimeChart({ days }: { days: Array<{ day: string; count: number }> }) {
  const first = days[0]
  const last = days[days.length - 1]
  if (!first || !last) return <p class="cv-muted">No responses yet.</p>
  const max = Math.max(1, ...days.map((entry) => entry.count))
  const width = 640
  const height = 140
  const step = width / days.length
  return (
    <figure class="cv-figure">
      <svg
        viewBox={`0 0 ${width} ${height + 20}`}
        role="img"
        aria-label={`Responses per day, from ${first.day} to ${last.day}, at most ${max} a day`}
      >
        <line x1="0" y1={height} x2={width} y2={height} stroke="#8a94a3" />
        {days.map((entry, index) => {
          const barHeight = (entry.count / max) * (height - 10)
          return (
            <rect
              key={entry.day}
              x={index * step + step * 0.15}
              y={height - barHeight}
              width={Math.max(1, step * 0.7)}
              height={barHeight}
              fill="#1f5fbf"
            >
              <title>{`${entry.day}: ${entry.count}`}</title>
            </rect>
          )
        })}
        <text x="0" y={height + 16} font-size="12" fill="#4f5b6b">
          {first.day}
        </text>
        <text x={width} y={height + 16} font-size="12" fill="#4f5b6b" text-anchor="end">
          {last.day}
        </text>
      </svg>
      <details>
        <summary>Responses per day as a table</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col" class="cv-num">
                Responses
              </th>
            </tr>
          </thead>
          <tbody>
            {days
              .filter((entry) => entry.count > 0)
              .map((entry) => (
                <tr key={entry.day}>
                  <td>{entry.day}</td>
                  <td class="cv-num">{entry.count}</td>
                </tr>
              ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}
