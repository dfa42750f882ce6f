// A stand-in for `surveys.umd.cjs`, served by the widget browser test only while the package's renderer is
// still a placeholder that defines nothing: it keeps the renderer's side of src/shared/protocol.ts just far
// enough to prove the in-app core's wiring. Open-text questions in order, the chosen language, hidden fields
// in the response, the display and the response through the real client routes, and the callbacks.
;(() => {
  // uvu imports every script under test/: in Node there is nothing to render.
  if (typeof document === 'undefined') return
  const text = (value, language) => (value && (value[language] ?? value.default)) || ''
  let nonce
  globalThis.formbricksSurveys = {
    setNonce(value) {
      nonce = value
    },
    renderSurvey(options) {
      const { appUrl, environmentId, survey, callbacks = {} } = options
      const language = options.languageCode && options.languageCode !== 'default' ? options.languageCode : 'default'
      const api = (path, method, body) =>
        fetch(`${appUrl}/api/v1/client/${environmentId}${path}`, {
          method,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then((response) => response.json())
      const host = document.createElement('div')
      host.setAttribute('role', 'dialog')
      host.setAttribute('aria-label', survey.name)
      host.style.cssText = 'position:fixed;right:16px;bottom:16px;padding:16px;background:#fff;color:#111;border:1px solid #555'
      if (nonce) host.dataset.nonce = nonce
      document.body.appendChild(host)
      let displayId
      let responseId
      let closed = false
      const close = () => {
        if (closed) return
        closed = true
        host.remove()
        callbacks.onClose?.()
      }
      const show = (index) => {
        host.replaceChildren()
        const closeButton = document.createElement('button')
        closeButton.textContent = 'Close survey'
        closeButton.onclick = close
        const question = survey.questions[index]
        if (!question) {
          const thanks = document.createElement('p')
          thanks.textContent = 'Thank you!'
          host.append(thanks, closeButton)
          return
        }
        const form = document.createElement('form')
        const label = document.createElement('label')
        label.htmlFor = `stand-in-${question.id}`
        label.textContent = text(question.headline, language)
        const input = document.createElement('input')
        input.id = `stand-in-${question.id}`
        const submit = document.createElement('button')
        submit.type = 'submit'
        submit.textContent = text(question.buttonLabel, language) || 'Next'
        form.append(label, input, submit)
        form.onsubmit = async (event) => {
          event.preventDefault()
          const finished = index === survey.questions.length - 1
          const data = { [question.id]: input.value, ...(index === 0 ? options.hiddenFields : {}) }
          if (responseId === undefined) {
            const created = await api('/responses', 'POST', {
              surveyId: survey.id,
              finished,
              data,
              displayId,
              language,
              ...(options.userId ? { userId: options.userId } : {}),
              meta: options.meta,
            })
            responseId = created.data.id
          } else {
            await api(`/responses/${responseId}`, 'PUT', { finished, data })
          }
          callbacks.onResponse?.({ responseId, finished })
          show(index + 1)
        }
        host.append(form, closeButton)
      }
      show(0)
      api('/displays', 'POST', { surveyId: survey.id, ...(options.userId ? { userId: options.userId } : {}) }).then(
        (display) => {
          displayId = display.data?.id
          callbacks.onDisplay?.(displayId)
        },
        () => callbacks.onDisplay?.(undefined),
      )
      return { close }
    },
  }
})()
