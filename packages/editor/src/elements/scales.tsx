import type { ElementAt } from '../doc-field'
import { elementField } from '../doc-field'
import { useEditor } from '../ui/context'
import { CheckboxField, LocalizedTextField, SelectField, numberAsText } from '../ui/fields'

/** The points each scale type offers (packages/core/src/schemas/survey.ts). */
const RANGES: Record<string, number[]> = { rating: [3, 4, 5, 6, 7, 10], csat: [5], ces: [5, 7] }

function Labels({ at }: { at: ElementAt }) {
  const { texts } = useEditor()
  return (
    <>
      <LocalizedTextField field={elementField(at, 'lowerLabel')} label={texts.lowerLabel} />
      <LocalizedTextField field={elementField(at, 'upperLabel')} label={texts.upperLabel} />
      <CheckboxField field={elementField(at, 'isColorCodingEnabled')} label={texts.colorCoding} />
    </>
  )
}

/** NPS: the labels of 0 and 10, colour coding. */
export function NpsForm({ at }: { at: ElementAt }) {
  return <Labels at={at} />
}

/** Rating, CSAT and CES: the scale (numbers, stars, faces), the points the type allows, labels, colour coding. */
export function ScaleForm({ at }: { at: ElementAt }) {
  const { doc, texts } = useEditor()
  const type = String(elementField(at, 'type').get(doc))
  const ranges = RANGES[type] ?? [5]
  return (
    <>
      <SelectField
        field={elementField(at, 'scale')}
        label={texts.scale}
        options={[
          { value: 'number', label: texts.scaleNumber },
          { value: 'star', label: texts.scaleStar },
          { value: 'smiley', label: texts.scaleSmiley },
        ]}
      />
      {ranges.length > 1 && (
        <SelectField
          field={numberAsText(elementField(at, 'range'))}
          label={texts.range}
          options={ranges.map((range) => ({ value: String(range), label: String(range) }))}
        />
      )}
      <Labels at={at} />
    </>
  )
}
