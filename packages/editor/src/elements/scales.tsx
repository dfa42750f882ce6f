import type { Path } from '../doc'
import { getIn } from '../doc'
import { useEditor } from '../ui/context'
import { CheckboxField, LocalizedTextField, SelectField } from '../ui/fields'

/** The points each scale type offers (packages/core/src/schemas/survey.ts). */
const RANGES: Record<string, number[]> = { rating: [3, 4, 5, 6, 7, 10], csat: [5], ces: [5, 7] }

function Labels({ path }: { path: Path }) {
  const { texts } = useEditor()
  return (
    <>
      <LocalizedTextField path={[...path, 'lowerLabel']} label={texts.lowerLabel} />
      <LocalizedTextField path={[...path, 'upperLabel']} label={texts.upperLabel} />
      <CheckboxField path={[...path, 'isColorCodingEnabled']} label={texts.colorCoding} />
    </>
  )
}

/** NPS: the labels of 0 and 10, colour coding. */
export function NpsForm({ path }: { path: Path }) {
  return <Labels path={path} />
}

/** Rating, CSAT and CES: the scale (numbers, stars, faces), the points the type allows, labels, colour coding. */
export function ScaleForm({ path }: { path: Path }) {
  const { doc, texts } = useEditor()
  const type = String(getIn(doc, [...path, 'type']))
  const ranges = RANGES[type] ?? [5]
  return (
    <>
      <SelectField
        path={[...path, 'scale']}
        label={texts.scale}
        options={[
          { value: 'number', label: texts.scaleNumber },
          { value: 'star', label: texts.scaleStar },
          { value: 'smiley', label: texts.scaleSmiley },
        ]}
      />
      {ranges.length > 1 && (
        <SelectField
          path={[...path, 'range']}
          label={texts.range}
          options={ranges.map((range) => ({ value: String(range), label: String(range) }))}
          parse={Number}
        />
      )}
      <Labels path={path} />
    </>
  )
}
