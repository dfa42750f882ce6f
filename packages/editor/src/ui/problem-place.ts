import type { EditorTexts } from '../i18n'

/**
 * Where a problem is, in words: `blocks.1.elements.0.headline` is "Block 2 › Question 1 › headline", so that the
 * list of problems reads as plain language rather than as paths.
 */
export function problemPlace(path: string, texts: EditorTexts): string {
  const parts = path.split('.').filter(Boolean)
  const words: string[] = []
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index] as string
    const next = parts[index + 1]
    const number = next !== undefined && /^\d+$/.test(next) ? Number(next) + 1 : undefined
    const noun =
      part === 'blocks'
        ? texts.block
        : part === 'elements'
          ? texts.question
          : part === 'endings'
            ? texts.ending
            : part === 'choices'
              ? texts.choice
              : part === 'rows'
                ? texts.row
                : part === 'columns'
                  ? texts.column
                  : undefined
    if (noun && number !== undefined) {
      words.push(`${noun} ${number}`)
      index++
    } else if (part === 'welcomeCard') words.push(texts.welcomeCard)
    else words.push(part)
  }
  return words.join(' › ')
}
