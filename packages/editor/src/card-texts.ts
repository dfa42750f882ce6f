/**
 * The texts of the question cards and the type picker (English and German), spread into the editor's texts
 * (`i18n.ts`): each type's one-line description is `typeHint_<type>`.
 */
import type { ElementType } from '@canvass/core/element-types'

type Hints = Record<`typeHint_${ElementType}`, string>

const enHints: Hints = {
  typeHint_openText: 'People answer in their own words.',
  typeHint_multipleChoiceSingle: 'People pick one option from a list.',
  typeHint_multipleChoiceMulti: 'People pick as many options as apply.',
  typeHint_nps: 'How likely people are to recommend you, from 0 to 10.',
  typeHint_rating: 'A score on stars, numbers or faces.',
  typeHint_cta: 'A message with a button, nothing to answer.',
  typeHint_consent: 'People tick a box to agree to a statement.',
  typeHint_date: 'People pick a date.',
  typeHint_fileUpload: 'People attach a file or an image.',
  typeHint_matrix: 'One choice per row across shared columns.',
  typeHint_ranking: 'People put options in their order of preference.',
  typeHint_address: 'A postal address, field by field.',
  typeHint_contactInfo: 'Name, email, phone and company.',
  typeHint_pictureSelection: 'People pick one or more pictures.',
  typeHint_cal: 'People book a meeting on Cal.com.',
  typeHint_csat: 'How satisfied people are, on a short scale.',
  typeHint_ces: 'How easy something was for people.',
}

const deHints: Hints = {
  typeHint_openText: 'Antwort in eigenen Worten.',
  typeHint_multipleChoiceSingle: 'Eine Option aus einer Liste wählen.',
  typeHint_multipleChoiceMulti: 'Alle zutreffenden Optionen wählen.',
  typeHint_nps: 'Wie wahrscheinlich eine Empfehlung ist, von 0 bis 10.',
  typeHint_rating: 'Eine Bewertung mit Sternen, Zahlen oder Gesichtern.',
  typeHint_cta: 'Eine Nachricht mit Schaltfläche, ohne Antwort.',
  typeHint_consent: 'Einer Aussage per Häkchen zustimmen.',
  typeHint_date: 'Ein Datum wählen.',
  typeHint_fileUpload: 'Eine Datei oder ein Bild anhängen.',
  typeHint_matrix: 'Eine Wahl je Zeile über gemeinsame Spalten.',
  typeHint_ranking: 'Optionen nach Vorliebe ordnen.',
  typeHint_address: 'Eine Postanschrift, Feld für Feld.',
  typeHint_contactInfo: 'Name, E-Mail, Telefon und Firma.',
  typeHint_pictureSelection: 'Ein oder mehrere Bilder wählen.',
  typeHint_cal: 'Einen Termin über Cal.com buchen.',
  typeHint_csat: 'Wie zufrieden jemand ist, auf einer kurzen Skala.',
  typeHint_ces: 'Wie leicht etwas für jemanden war.',
}

export const CARD_TEXTS = {
  en: {
    ...enHints,
    untitledQuestion: 'Untitled question',
    advanced: 'Advanced',
    chooseType: 'Choose a question type',
    questionTypes: 'Question types',
    changeType: 'Change type',
    cancel: 'Cancel',
    questions: 'Questions',
    blockSettings: 'Logic and settings',
    ruleCount: '{n} rules',
    showQuestion: 'Show',
  },
  de: {
    ...deHints,
    untitledQuestion: 'Frage ohne Titel',
    advanced: 'Erweitert',
    chooseType: 'Fragetyp wählen',
    questionTypes: 'Fragetypen',
    changeType: 'Typ ändern',
    cancel: 'Abbrechen',
    questions: 'Fragen',
    blockSettings: 'Logik und Einstellungen',
    ruleCount: '{n} Regeln',
    showQuestion: 'Zeigen',
  },
}
