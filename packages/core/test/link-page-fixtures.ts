/** The link page's survey with every question type, shared by its browser test and `pnpm docs:screenshots`. */
import type { Call } from '@canvass/test-bed'

export const BLUE_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGPgW/oSAAJhAZ1J9NK9AAAAAElFTkSuQmCC'
export const AMBER_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4Oo8bAAQqAZ9sWGBkAAAAAElFTkSuQmCC'

export const t = (en: string, de: string) => ({ default: en, de })

/** A survey with every question type the renderer shows, in English and German. */
export function everyTypeSurvey(environmentId: string, pictures: string[]) {
  const toggle = (show: boolean, required: boolean, en: string, de: string) => ({ show, required, placeholder: t(en, de) })
  return {
    environmentId,
    name: 'Every question type',
    type: 'link',
    status: 'inProgress',
    languages: [
      { default: true, enabled: true, language: { code: 'en', alias: null } },
      { default: false, enabled: true, language: { code: 'de', alias: 'german' } },
    ],
    showLanguageSwitch: true,
    hiddenFields: { enabled: true, fieldIds: ['plan'] },
    singleUse: { enabled: true, isEncrypted: false },
    welcomeCard: {
      enabled: true,
      headline: t('Welcome', 'Willkommen'),
      html: t('<p>Thanks for <b>helping</b>.</p>', '<p>Danke fürs <b>Helfen</b>.</p>'),
      buttonLabel: t('Start', 'Starten'),
      timeToFinish: true,
    },
    questions: [
      {
        id: 'email',
        type: 'openText',
        inputType: 'email',
        headline: t('Your email?', 'Deine E-Mail?'),
        placeholder: t('you@example.com', 'du@example.com'),
        required: true,
      },
      {
        id: 'color',
        type: 'multipleChoiceSingle',
        headline: t('Which colour, #recall:email/fallback:friend#?', 'Welche Farbe, #recall:email/fallback:Freund#?'),
        required: true,
        choices: [
          { id: 'red', label: t('Red', 'Rot') },
          { id: 'blue', label: t('Blue', 'Blau') },
          { id: 'other', label: t('Other', 'Andere') },
        ],
      },
      {
        id: 'tools',
        type: 'multipleChoiceMulti',
        headline: t('Which tools?', 'Welche Werkzeuge?'),
        required: true,
        choices: [
          { id: 'a', label: t('Alpha', 'Alfa') },
          { id: 'b', label: t('Beta', 'Beta') },
          { id: 'c', label: t('Gamma', 'Gamma') },
        ],
      },
      {
        id: 'nps',
        type: 'nps',
        headline: t('Would you recommend us?', 'Würdest du uns empfehlen?'),
        lowerLabel: t('Not likely', 'Eher nicht'),
        upperLabel: t('Very likely', 'Sehr gern'),
        required: true,
        isColorCodingEnabled: true,
      },
      { id: 'stars', type: 'rating', scale: 'star', range: 5, headline: t('How many stars?', 'Wie viele Sterne?'), required: true },
      {
        id: 'cta',
        type: 'cta',
        headline: t('See what is new', 'Sieh dir das Neue an'),
        html: t('<p>We shipped a thing.</p>', '<p>Wir haben etwas gebaut.</p>'),
        buttonLabel: t('Learn more', 'Mehr erfahren'),
        buttonExternal: false,
        dismissButtonLabel: t('Not now', 'Nicht jetzt'),
        required: false,
      },
      { id: 'consent', type: 'consent', headline: t('Terms', 'Bedingungen'), label: t('I agree', 'Ich stimme zu'), required: true },
      { id: 'when', type: 'date', format: 'y-M-d', headline: t('When did you start?', 'Wann hast du angefangen?'), required: true },
      {
        id: 'file',
        type: 'fileUpload',
        headline: t('A screenshot?', 'Ein Bildschirmfoto?'),
        allowMultipleFiles: false,
        allowedFileExtensions: ['png'],
        required: false,
      },
      {
        id: 'grid',
        type: 'matrix',
        headline: t('Rate these', 'Bewerte'),
        required: true,
        rows: [
          { id: 'r1', label: t('Speed', 'Tempo') },
          { id: 'r2', label: t('Price', 'Preis') },
        ],
        columns: [
          { id: 'c1', label: t('Bad', 'Schlecht') },
          { id: 'c2', label: t('OK', 'OK') },
          { id: 'c3', label: t('Good', 'Gut') },
        ],
      },
      {
        id: 'order',
        type: 'ranking',
        headline: t('Rank these', 'Ordne'),
        required: true,
        choices: [
          { id: 'x', label: t('One', 'Eins') },
          { id: 'y', label: t('Two', 'Zwei') },
          { id: 'z', label: t('Three', 'Drei') },
        ],
      },
      {
        id: 'address',
        type: 'address',
        headline: t('Your address?', 'Deine Adresse?'),
        required: true,
        addressLine1: toggle(true, true, 'Street', 'Straße'),
        addressLine2: toggle(false, false, 'Line 2', 'Zeile 2'),
        city: toggle(true, true, 'City', 'Stadt'),
        state: toggle(false, false, 'State', 'Land'),
        zip: toggle(true, false, 'Postal code', 'PLZ'),
        country: toggle(true, false, 'Country', 'Staat'),
      },
      {
        id: 'contact',
        type: 'contactInfo',
        headline: t('How do we reach you?', 'Wie erreichen wir dich?'),
        required: true,
        firstName: toggle(true, true, 'First name', 'Vorname'),
        lastName: toggle(false, false, 'Last name', 'Nachname'),
        email: toggle(true, true, 'Email', 'E-Mail'),
        phone: toggle(false, false, 'Phone', 'Telefon'),
        company: toggle(true, false, 'Company', 'Firma'),
      },
      {
        id: 'pics',
        type: 'pictureSelection',
        headline: t('Pick a picture', 'Wähle ein Bild'),
        required: true,
        allowMulti: false,
        choices: pictures.map((imageUrl, i) => ({ id: `p${i}`, imageUrl })),
      },
    ],
    endings: [
      {
        id: 'thanks',
        type: 'endScreen',
        headline: t('Thank you, #recall:email/fallback:friend#!', 'Danke, #recall:email/fallback:Freund#!'),
        subheader: t('All saved.', 'Alles gespeichert.'),
      },
    ],
  }
}

/** Uploads a public picture through the management storage routes; its URL, or undefined when refused. */
export async function uploadPicture(call: Call, key: string, base64: string, name: string): Promise<{ status: number; url: string }> {
  const signed = await call('POST', '/api/v1/management/storage', {
    key,
    body: { fileName: name, fileType: 'image/png', accessType: 'public' },
  })
  const p = signed.body.data
  const res = await call('POST', '/api/v1/management/storage/local', {
    key,
    body: { fileBase64String: base64 },
    headers: {
      'x-file-type': 'image/png',
      'x-file-name': encodeURIComponent(p.updatedFileName),
      'x-signature': p.signingData.signature,
      'x-timestamp': String(p.signingData.timestamp),
      'x-uuid': p.signingData.uuid,
    },
  })
  return { status: res.status, url: p.fileUrl }
}
