import { isRouteErrorResponse, Link, useRouteError } from 'react-router'
import { pathFor } from '#app/utils/locales.ts'
import { useI18n } from './i18n.tsx'

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

export function PageHeading({ title, lead }: { title: string; lead?: string }) {
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
			<h1 className="mb-4 text-4xl font-bold text-slate-900">{t('notFound.title')}</h1>
			<p className="mb-8 text-slate-700">{t('notFound.text')}</p>
			<Link to={pathFor('home', locale)} className="rounded-md bg-teal-800 px-5 py-3 font-semibold text-white hover:bg-teal-900">
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
			<h1 className="mb-4 text-4xl font-bold text-slate-900">{t('error.title')}</h1>
			<p className="text-slate-700">{t('error.text')}</p>
		</section>
	)
}
