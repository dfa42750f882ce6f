import { useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks'
import { choiceIdOfLabel, shuffled } from '../answers'
import { localize } from '../i18n'
import type { RankingQuestion } from '../types'
import type { QuestionProps, QuestionView } from './question-props'

/**
 * A ranking built with buttons: picking an item adds it to the ranking, ranked items move up and down or
 * leave it. Focus follows the item that moved. The answer is the ranked labels in order.
 */
function Ranking({ question, value, onChange, lang, ids, describedBy, t }: QuestionProps<RankingQuestion>) {
  const order = useMemo(() => shuffled(question.choices, question.shuffleOption, Math.random), [question])
  const ranked = (Array.isArray(value) ? value : [])
    .map((label) => choiceIdOfLabel(question.choices, label))
    .filter((id): id is string => id !== undefined)
  const unranked = order.filter((choice) => !ranked.includes(choice.id))
  const label = (id: string) => localize(question.choices.find((choice) => choice.id === id)?.label, lang)
  // The buttons to focus after a change, first one present wins: a moved item keeps focus on its arrows.
  const [focus, setFocus] = useState<string[]>([])
  const list = useRef<HTMLDivElement>(null)
  // Before the next key press: the button that had the focus may have just left the DOM.
  useLayoutEffect(() => {
    for (const key of focus) {
      const button = list.current?.querySelector<HTMLElement>(`[data-focus="${key}"]`)
      if (button) return button.focus()
    }
  }, [focus, value])

  const commit = (next: string[], focusKeys: string[]) => {
    onChange(next.map(label))
    setFocus(focusKeys)
  }
  const move = (index: number, by: number) => {
    const next = [...ranked]
    const [item] = next.splice(index, 1)
    next.splice(index + by, 0, item as string)
    commit(next, by < 0 ? [`${item}-up`, `${item}-down`] : [`${item}-down`, `${item}-up`])
  }

  return (
    <div ref={list} role="group" aria-labelledby={ids.headline} aria-describedby={describedBy} id={ids.input}>
      {ranked.length > 0 ? (
        <>
          <p class="cv-rank-title">{t('ranked')}</p>
          <ol class="cv-rank-list">
            {ranked.map((id, index) => {
              const name = label(id)
              return (
                <li class="cv-rank cv-rank-ranked" key={id}>
                  <span class="cv-rank-n" aria-hidden="true">
                    {index + 1}.
                  </span>
                  <span class="cv-rank-label">{name}</span>
                  {index > 0 ? (
                    <button
                      type="button"
                      class="cv-icon-btn"
                      data-focus={`${id}-up`}
                      aria-label={t('moveUp', { item: name })}
                      onClick={() => move(index, -1)}
                    >
                      ↑
                    </button>
                  ) : null}
                  {index < ranked.length - 1 ? (
                    <button
                      type="button"
                      class="cv-icon-btn"
                      data-focus={`${id}-down`}
                      aria-label={t('moveDown', { item: name })}
                      onClick={() => move(index, 1)}
                    >
                      ↓
                    </button>
                  ) : null}
                  <button
                    type="button"
                    class="cv-icon-btn"
                    aria-label={t('removeRank', { item: name })}
                    onClick={() =>
                      commit(
                        ranked.filter((other) => other !== id),
                        [`${id}-add`],
                      )
                    }
                  >
                    ×
                  </button>
                </li>
              )
            })}
          </ol>
        </>
      ) : null}
      {unranked.length > 0 ? (
        <>
          <p class="cv-rank-title">{t('unranked')}</p>
          <ul class="cv-rank-list">
            {unranked.map((choice, index) => {
              const name = localize(choice.label, lang)
              return (
                <li class="cv-rank" key={choice.id}>
                  <button
                    type="button"
                    class="cv-btn cv-btn-secondary cv-btn-small"
                    data-focus={`${choice.id}-add`}
                    aria-label={t('rankItem', { item: name })}
                    onClick={() =>
                      commit(
                        [...ranked, choice.id],
                        [`${unranked[index + 1]?.id}-add`, `${unranked[index - 1]?.id}-add`, `${choice.id}-up`],
                      )
                    }
                  >
                    +
                  </button>
                  <span class="cv-rank-label">{name}</span>
                </li>
              )
            })}
          </ul>
        </>
      ) : null}
    </div>
  )
}

export const ranking: QuestionView<RankingQuestion> = { view: Ranking }
