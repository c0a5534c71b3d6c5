import { createContext, use, type ElementType, type ComponentPropsWithoutRef } from 'react'
import { translate, stripTags, type AdminMessageKey, type MessageKey, type Messages } from '#app/utils/i18n.ts'
import type { Locale } from '#app/utils/locales.ts'

type I18n = { locale: Locale; messages: Messages }
const I18nContext = createContext<I18n>({ locale: 'da', messages: {} })

export function I18nProvider({ locale, messages, children }: I18n & { children: React.ReactNode }) {
	return <I18nContext value={{ locale, messages }}>{children}</I18nContext>
}

export function useI18n() {
	const { locale, messages } = use(I18nContext)
	// Plain text, for attributes and places where markup cannot go.
	const t = (key: MessageKey, vars?: Record<string, string | number>) => stripTags(translate(messages, key, vars))
	const html = (key: MessageKey, vars?: Record<string, string | number>) => translate(messages, key, vars)
	return { locale, t, html }
}

// The admin area has its own texts (app/locales/admin.*.json); the root loader hands them in there.
export function useAdminI18n() {
	const { locale, messages } = use(I18nContext)
	const t = (key: AdminMessageKey | (string & {}), vars?: Record<string, string | number>) => stripTags(translate(messages, key, vars))
	return { locale, t }
}

type TextProps<E extends ElementType> = { k: MessageKey; vars?: Record<string, string | number>; as?: E } & Omit<
	ComponentPropsWithoutRef<E>,
	'children' | 'dangerouslySetInnerHTML'
>

// A text that comes from a translation key; its value may hold inline HTML that the server
// sanitised when it was stored or loaded. data-key marks it for in-place editing later.
export function Text<E extends ElementType = 'span'>({ k, vars, as, ...props }: TextProps<E>) {
	const { html } = useI18n()
	const Element: ElementType = as ?? 'span'
	return <Element data-key={k} {...props} dangerouslySetInnerHTML={{ __html: html(k, vars) }} />
}
