import { Link, useLocation, useMatches } from 'react-router'
import { alternatePaths, type Locale } from '#app/utils/locales.ts'
import { useI18n } from '#app/components/ui/i18n-provider.tsx'

type WithAlternates = { alternates?: Record<Locale, string> }

// The same page in each language; a route whose address depends on its data (content pages)
// names its own alternates in its loader data.
export function useAlternates(): Record<Locale, string> {
	const location = useLocation()
	const matches = useMatches()
	for (const match of [...matches].reverse()) {
		const alternates = (match.loaderData as WithAlternates | undefined)?.alternates
		if (alternates) return alternates
	}
	return alternatePaths(location.pathname)
}

export function LanguageSwitch() {
	const { locale, t } = useI18n()
	const alternates = useAlternates()
	const other: Locale = locale === 'da' ? 'en' : 'da'
	return (
		<Link
			to={alternates[other]}
			hrefLang={other}
			lang={other}
			aria-label={t('language.switchLabel')}
			className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700"
		>
			{t('language.switch')}
		</Link>
	)
}
