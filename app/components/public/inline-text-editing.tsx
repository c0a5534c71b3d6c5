import { useEffect, useEffectEvent, useState } from 'react'
import { useRevalidator } from 'react-router'
import { translateHtml } from '#app/utils/translate.ts'
import { HttpError, requestJson } from '#app/utils/request-headers.ts'
import { useI18n } from '#app/components/ui/i18n-provider.tsx'
import { Button } from '#app/components/ui/button.tsx'

const SELECTOR = '[data-controller="translation"]'
const STORAGE_KEY = 'tolk:edit-texts'

type Notice = { kind: 'saved' | 'failed'; text: string }
type Saved = { translation: { locale: string; key: string; value: string } }

const isText = (target: EventTarget | null): target is HTMLElement =>
	target instanceof HTMLElement && target.matches(SELECTOR)
const varsOf = (element: HTMLElement) => JSON.parse(element.dataset.vars ?? '{}') as Record<string, string | number>

function errorOf(failure: unknown): string {
	if (failure instanceof HttpError) {
		try {
			return (JSON.parse(failure.body) as { error?: string }).error ?? failure.message
		} catch {
			return failure.message
		}
	}
	return (failure as Error).message
}

// The spec's inline translation, for signed-in staff only (the layout loads this lazily, and only
// for them): "Edit texts" makes every text from a translation key editable where it stands.
// Leaving it, or Ctrl+Enter, saves it with PATCH /admin/translations; while saving it carries a
// loading marker. A text with {{placeholders}} is edited as its template. A failed save puts the
// old text back and says why; Esc drops the change.
export default function InlineTextEditing() {
	const { t, messages } = useI18n()
	const revalidator = useRevalidator()
	// Rendered only once the page is hydrated, so the browser's storage is there to ask.
	const [isOn, setIsOn] = useState(() => sessionStorage.getItem(STORAGE_KEY) === 'on')
	const [notice, setNotice] = useState<Notice | null>(null)

	// "Saved" goes after a moment; an error stays until the next save.
	useEffect(() => {
		if (notice?.kind !== 'saved') return
		const timer = setTimeout(() => setNotice(null), 4000)
		return () => clearTimeout(timer)
	}, [notice])

	function toggle() {
		const next = !isOn
		sessionStorage.setItem(STORAGE_KEY, next ? 'on' : 'off')
		setIsOn(next)
	}

	const save = useEffectEvent(async (element: HTMLElement, before: string) => {
		const { key = '', locale = '' } = element.dataset
		const value = element.innerHTML.trim()
		const hasVars = element.dataset.vars !== undefined
		const shown = (template: string) => (hasVars ? translateHtml({ [key]: template }, key, varsOf(element)) : template)
		if (value === before) {
			element.innerHTML = shown(before)
			return
		}
		element.dataset.loading = ''
		element.setAttribute('aria-busy', 'true')
		try {
			const { translation } = await requestJson<Saved>('/admin/translations', {
				method: 'PATCH',
				body: { translation: { locale, key, value } },
			})
			element.innerHTML = shown(translation.value)
			delete element.dataset.loading
			element.removeAttribute('aria-busy')
			setNotice({ kind: 'saved', text: t('editTexts.saved') })
			// Every other place showing this text, on this page and the next ones.
			void revalidator.revalidate()
		} catch (failure) {
			element.innerHTML = shown(before)
			delete element.dataset.loading
			element.removeAttribute('aria-busy')
			setNotice({ kind: 'failed', text: t('editTexts.failed', { message: errorOf(failure) }) })
		}
	})

	// The newest texts, without editing starting over when they arrive after a save.
	const templateOf = useEffectEvent((key: string): string | undefined => messages[key])

	useEffect(() => {
		if (!isOn) return
		return editTextsInPlace(save, templateOf)
	}, [isOn])

	return (
		<div className="fixed bottom-4 left-4 z-50 flex max-w-sm flex-col items-start gap-2">
			{notice && (
				<p
					role={notice.kind === 'failed' ? 'alert' : 'status'}
					className={`rounded-md px-3 py-2 text-sm shadow ${notice.kind === 'failed' ? 'bg-red-700 text-white' : 'bg-slate-900 text-white'}`}
				>
					{notice.text}
				</p>
			)}
			{isOn && <p className="rounded-md bg-white px-3 py-2 text-sm text-slate-800 shadow">{t('editTexts.hint')}</p>}
			<Button variant="bare"
				type="button"
				aria-pressed={isOn}
				onClick={toggle}
				className="rounded-full bg-slate-900 px-4 py-2 text-sm font-semibold text-white shadow-lg hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 aria-pressed:bg-teal-800"
			>
				{t('editTexts.toggle')}
			</Button>
		</div>
	)
}

// Makes every text of the page editable where it stands (and those that appear later), until the
// returned function is called.
function editTextsInPlace(
	save: (element: HTMLElement, before: string) => Promise<void>,
	templateOf: (key: string) => string | undefined,
): () => void {
	const root = document.documentElement
	root.dataset.editingTexts = ''
	// What each text was when its editing began (its template, for one with placeholders).
	const before = new WeakMap<HTMLElement, string>()
	const makeEditable = () =>
		document.querySelectorAll<HTMLElement>(SELECTOR).forEach((element) => {
			if (element.isContentEditable) return
			element.contentEditable = 'true'
			element.spellcheck = true
		})
	makeEditable()
	const observer = new MutationObserver(makeEditable)
	observer.observe(document.body, { childList: true, subtree: true })

	const focusIn = (event: FocusEvent) => {
		if (!isText(event.target)) return
		const element = event.target
		const template = element.dataset.vars !== undefined ? templateOf(element.dataset.key ?? '') : undefined
		if (template !== undefined) element.innerHTML = template
		before.set(element, element.innerHTML.trim())
	}
	const focusOut = (event: FocusEvent) => {
		if (!isText(event.target) || !before.has(event.target)) return
		const element = event.target
		const original = before.get(element)!
		before.delete(element)
		void save(element, original)
	}
	const keyDown = (event: KeyboardEvent) => {
		if (!isText(event.target)) return
		const element = event.target
		if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
			event.preventDefault()
			element.blur()
		} else if (event.key === 'Escape') {
			event.preventDefault()
			element.innerHTML = before.get(element) ?? element.innerHTML
			element.blur()
		} else if (event.key === 'Enter') {
			// A line break, never a new block: these texts are inline.
			event.preventDefault()
			document.execCommand('insertLineBreak')
		}
	}
	// A text inside a link or button is edited, not followed.
	const click = (event: MouseEvent) => {
		const target = event.target instanceof Element ? event.target.closest(SELECTOR) : null
		if (target?.closest('a, button, summary, label')) event.preventDefault()
	}
	document.addEventListener('focusin', focusIn)
	document.addEventListener('focusout', focusOut)
	document.addEventListener('keydown', keyDown)
	document.addEventListener('click', click, true)
	return () => {
		observer.disconnect()
		document.removeEventListener('focusin', focusIn)
		document.removeEventListener('focusout', focusOut)
		document.removeEventListener('keydown', keyDown)
		document.removeEventListener('click', click, true)
		delete root.dataset.editingTexts
		document.querySelectorAll<HTMLElement>(SELECTOR).forEach((element) => element.removeAttribute('contenteditable'))
	}
}
