// S3 answers with a handful of small, flat XML documents; the few values we need are read by tag.

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

/** The text of the first `<tag>` element, entities decoded, or `undefined`. */
export function xmlValue(xml: string, tag: string): string | undefined {
  const match = new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)
  return match ? decodeEntities(match[1]!) : undefined
}

/**
 * The inner XML of every `<tag>` element, in order (not decoded: read its values with `xmlValue`). For the
 * repeated, flat elements of a listing (`<Contents>`), which never nest in themselves.
 */
export function xmlElements(xml: string, tag: string): string[] {
  return Array.from(xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g')), (match) => match[1]!)
}

export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&${Object.keys(ENTITIES).find((name) => ENTITIES[name] === char)};`)
}

/** The body of CompleteMultipartUpload: every part's number and etag, in order. */
export function completeMultipartXml(etags: readonly string[]): string {
  const parts = etags.map((etag, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${escapeXml(etag)}</ETag></Part>`)
  return `<CompleteMultipartUpload xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${parts.join('')}</CompleteMultipartUpload>`
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (entity, name: string) => {
    if (!name.startsWith('#')) return ENTITIES[name] ?? entity
    const code = name.startsWith('#x') ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10)
    return code <= 0x10ffff ? String.fromCodePoint(code) : entity
  })
}
