/**
 * Typed fields of the survey document: what a form control reads and writes. A `DocField<V>` knows where its
 * value is (`path`, as the server's problems name it and as the control's DOM id is made) and how to read and
 * write it, typed by what it holds; the constructors below only reach fields the document's types declare, so
 * a form cannot address a field that does not exist or write a value of the wrong kind.
 */
import type { Path, SurveyDocument } from './doc'
import { blocksOf, elementsOf, updateBlock, updateElement } from './doc'
import type { SurveyBlock, SurveyElement } from './survey-parts'

export interface DocField<V> {
  /** Where the value is: the server's problems name it so, and the control's DOM id is made from it. */
  readonly path: Path
  /** The value, or undefined when the document has none. */
  get(doc: SurveyDocument): V | undefined
  /** `doc` with the value; undefined removes the field, so a cleared optional field is left out, not sent as null. */
  set(doc: SurveyDocument, value: V | undefined): SurveyDocument
}

/** The keys a type declares by name (its index signature, kept for fields the editor does not know, left out). */
export type KnownKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] } & string

/** Where an element is: its block's index and its own. */
export interface ElementAt {
  block: number
  element: number
}

/** `object` with `key` set to `value` in its place among the keys, or without `key` for undefined. */
function withKey<T extends object, K extends keyof T>(object: T, key: K, value: T[K] | undefined): T {
  const copy = { ...object }
  if (value === undefined) delete copy[key]
  else copy[key] = value
  return copy
}

/** A top-level field of the survey (`name`, `status`, `welcomeCard`, …). */
export function surveyField<K extends KnownKeys<SurveyDocument>>(key: K): DocField<NonNullable<SurveyDocument[K]>> {
  return {
    path: [key],
    get: (doc) => doc[key] ?? undefined,
    set: (doc, value) => withKey(doc, key, value),
  }
}

/** A field of block `block`. */
export function blockField<K extends KnownKeys<SurveyBlock>>(block: number, key: K): DocField<NonNullable<SurveyBlock[K]>> {
  return {
    path: ['blocks', block, key],
    get: (doc) => blocksOf(doc)[block]?.[key] ?? undefined,
    set: (doc, value) => updateBlock(doc, block, (current) => withKey(current, key, value)),
  }
}

/** A field of the element at `at`. */
export function elementField<K extends KnownKeys<SurveyElement>>(at: ElementAt, key: K): DocField<NonNullable<SurveyElement[K]>> {
  return {
    path: ['blocks', at.block, 'elements', at.element, key],
    get: (doc) => elementsOf(blocksOf(doc)[at.block])[at.element]?.[key] ?? undefined,
    set: (doc, value) => updateElement(doc, at.block, at.element, (element) => withKey(element, key, value)),
  }
}

/** The element at `at`, whole (a change of its type rewrites it). */
export function elementAt(at: ElementAt): DocField<SurveyElement> {
  return {
    path: ['blocks', at.block, 'elements', at.element],
    get: (doc) => elementsOf(blocksOf(doc)[at.block])[at.element],
    set: (doc, value) => (value === undefined ? doc : updateElement(doc, at.block, at.element, () => value)),
  }
}

/**
 * A field of the object `parent` holds (`charLimit.enabled`, an address's `city.show`); writing it into a
 * missing object starts from `empty`, and without `empty` changes nothing.
 */
export function subField<T extends object, K extends KnownKeys<T>>(parent: DocField<T>, key: K, empty?: T): DocField<NonNullable<T[K]>> {
  return {
    path: [...parent.path, key],
    get: (doc) => parent.get(doc)?.[key] ?? undefined,
    set: (doc, value) => {
      const object = parent.get(doc) ?? empty
      return object === undefined ? doc : parent.set(doc, withKey(object, key, value))
    },
  }
}

/** Item `index` of the list `list` holds; writing undefined removes the item. */
export function itemField<T>(list: DocField<T[]>, index: number): DocField<T> {
  return {
    path: [...list.path, index],
    get: (doc) => list.get(doc)?.[index],
    set: (doc, value) => {
      const items = [...(list.get(doc) ?? [])]
      if (value === undefined) items.splice(index, 1)
      else items[index] = value
      return list.set(doc, items)
    },
  }
}

/** `field` seen through a conversion: a number as the text a control shows, for example. */
export function mappedField<V, W>(
  field: DocField<V>,
  read: (value: V | undefined) => W | undefined,
  write: (value: W | undefined) => V | undefined,
): DocField<W> {
  return {
    path: field.path,
    get: (doc) => read(field.get(doc)),
    set: (doc, value) => field.set(doc, write(value)),
  }
}

/**
 * A top-level setting the server keeps until it is told otherwise (`closeOn`, `pin`, …): a PATCH leaves out
 * what the document leaves out, so clearing one writes `null`, never removes it.
 */
export function settingField<K extends KnownKeys<SurveyDocument>>(key: K): DocField<NonNullable<SurveyDocument[K]> | null> {
  return {
    path: [key],
    get: (doc) => (doc[key] === undefined ? undefined : (doc[key] as NonNullable<SurveyDocument[K]> | null)),
    set: (doc, value) => withKey(doc, key, (value === undefined ? null : value) as SurveyDocument[K]),
  }
}

/** A field of an object-valued top-level setting (`metadata.title`, `styling.hideProgressBar`); a missing object starts empty. */
export function settingPart<T>(key: KnownKeys<SurveyDocument>, part: string): DocField<T> {
  const read = (doc: SurveyDocument) => {
    const object = doc[key]
    return typeof object === 'object' && object !== null && !Array.isArray(object) ? (object as Record<string, unknown>) : {}
  }
  return {
    path: [key, part],
    get: (doc) => read(doc)[part] as T | undefined,
    set: (doc, value) => ({ ...doc, [key]: withKey(read(doc), part, value) }),
  }
}
