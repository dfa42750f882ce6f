import { useMemo } from 'preact/hooks'
import { matrixLabel, shuffled } from '../answers'
import type { MatrixQuestion } from '../types'
import type { QuestionProps, QuestionView } from './question-props'

/**
 * A grid: one radio button per column in each row; the answer maps each row's label to its column's label. Where
 * the card is narrower than the grid needs (a phone), each row stacks: its label, then its choices named.
 */
function Matrix({ question, value, onChange, lang, ids, describedBy }: QuestionProps<MatrixQuestion>) {
  const answer = value && typeof value === 'object' && !Array.isArray(value) ? value : {}
  const rows = useMemo(
    () =>
      shuffled(
        question.rows.map((row, index) => ({ row, index })),
        question.shuffleOption,
        Math.random,
      ),
    [question],
  )
  const columns = question.columns.map((column) => matrixLabel(column, lang))
  return (
    <div class="cv-matrix-wrap">
      <table class="cv-matrix" aria-labelledby={ids.headline} aria-describedby={describedBy}>
        <thead>
          <tr>
            <td />
            {columns.map((column, c) => (
              <th scope="col" key={c}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ row, index }) => {
            const rowText = matrixLabel(row, lang)
            return (
              <tr key={index}>
                <th scope="row">{rowText}</th>
                {columns.map((column, c) => (
                  <td key={c}>
                    <label>
                      <input
                        type="radio"
                        name={`${ids.input}-${index}`}
                        id={index === rows[0]?.index && c === 0 ? ids.input : undefined}
                        checked={answer[rowText] === column}
                        aria-label={`${rowText}: ${column}`}
                        onChange={() => onChange({ ...answer, [rowText]: column })}
                      />
                      {/* Shown where the grid is too narrow for its columns and each row stacks its choices. */}
                      <span class="cv-matrix-choice" aria-hidden="true">
                        {column}
                      </span>
                    </label>
                  </td>
                ))}
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}

export const matrix: QuestionView<MatrixQuestion> = { view: Matrix }
