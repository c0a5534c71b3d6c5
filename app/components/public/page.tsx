import type { ReactNode } from 'react'
import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { pathFor } from '#app/utils/locales.ts'
import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import { buttonClass } from '#app/components/ui/button.tsx'

// React hoists these into <head>.
// Open Graph too, so a shared link shows the page's own title and summary.
export function PageMeta({ title, description }: { title: string; description?: string }) {
	const { locale, t } = useI18n()
	const summary = description ?? t('meta.description')
	return (
		<>
			<title>{`${title} · ${t('site.name')}`}</title>
			<meta name="description" content={summary} />
			<meta property="og:title" content={title} />
			<meta property="og:description" content={summary} />
			<meta property="og:type" content="website" />
			<meta property="og:site_name" content={t('site.name')} />
			<meta property="og:locale" content={locale === 'da' ? 'da_DK' : 'en_GB'} />
		</>
	)
}

// Title and lead are usually <Text>, so staff can edit them in place.
export function PageHeading({ title, lead }: { title: ReactNode; lead?: ReactNode }) {
	return (
		<header className="mb-10 max-w-3xl">
			<h1 className="mb-3 text-4xl font-bold tracking-tight text-slate-900">{title}</h1>
			{lead && <p className="text-lg text-slate-700">{lead}</p>}
		</header>
	)
}

export function NotFound() {
	const { locale, t } = useI18n()
	return (
		<section className="py-16 text-center">
			<PageMeta title={t('notFound.title')} />
			<Text as="h1" k="notFound.title" className="mb-4 text-4xl font-bold text-slate-900" />
			<Text as="p" k="notFound.text" className="mb-8 text-slate-700" />
			<Link
				to={pathFor('home', locale)}
				className={buttonClass('large')}
			>
				{t('notFound.home')}
			</Link>
		</section>
	)
}

// Inside the site's frame: a 404 keeps header and footer; other errors say nothing of their cause.
export function PageErrorBoundary() {
	const error = useRouteError()
	const { t } = useI18n()
	if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />
	return (
		<section className="py-16 text-center">
			<PageMeta title={t('error.title')} />
			<Text as="h1" k="error.title" className="mb-4 text-4xl font-bold text-slate-900" />
			<Text as="p" k="error.text" className="text-slate-700" />
		</section>
	)
}
