import { createContext, use, type ElementType, type ComponentPropsWithoutRef } from 'react'
import {
	pluralKey,
	stripTags,
	translate,
	translateHtml,
	type AdminMessageKey,
	type MessageKey,
	type Messages,
} from '#app/utils/translate.ts'
import type { Locale } from '#app/utils/locales.ts'

// canEdit: a signed-in staff member, who may edit the texts in place (inline-text-editing.tsx).
type I18n = { locale: Locale; messages: Messages; canEdit?: boolean }
const I18nContext = createContext<I18n>({ locale: 'da', messages: {} })

export function I18nProvider({ locale, messages, canEdit = false, children }: I18n & { children: React.ReactNode }) {
	return <I18nContext value={{ locale, messages, canEdit }}>{children}</I18nContext>
}

export function useI18n() {
	const { locale, messages, canEdit = false } = use(I18nContext)
	// Plain text, for attributes and places where markup cannot go.
	const t = (key: MessageKey, vars?: Record<string, string | number>) =>
		stripTags(translate(messages, key, vars, locale))
	const html = (key: MessageKey, vars?: Record<string, string | number>) => translateHtml(messages, key, vars, locale)
	return { locale, t, html, canEdit, messages }
}

// The admin area has its own texts (app/locales/admin.*.json); the root loader hands them in there.
export function useAdminI18n() {
	const { locale, messages } = use(I18nContext)
	const t = (key: AdminMessageKey | (string & {}), vars?: Record<string, string | number>) =>
		stripTags(translate(messages, key, vars, locale))
	return { locale, t }
}

type TextProps<E extends ElementType> = { k: MessageKey; vars?: Record<string, string | number>; as?: E } & Omit<
	ComponentPropsWithoutRef<E>,
	'children' | 'dangerouslySetInnerHTML'
>

// A text that comes from a translation key; its value may hold inline HTML that the server
// sanitised when it was stored or loaded. For staff it carries the spec's translation controller
// (key, locale, and the values of its {{placeholders}}), so it can be edited in place.
export function Text<E extends ElementType = 'span'>({ k, vars, as, ...props }: TextProps<E>) {
	const { html, canEdit, locale, messages } = useI18n()
	const Element: ElementType = as ?? 'span'
	const editing = canEdit
		? {
				'data-controller': 'translation',
				'data-key': pluralKey(messages, k, vars ?? {}, locale),
				'data-locale': locale,
				...(vars ? { 'data-vars': JSON.stringify(vars) } : {}),
			}
		: {}
	return <Element {...editing} {...props} dangerouslySetInnerHTML={{ __html: html(k, vars) }} />
}
