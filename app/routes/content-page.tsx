import { data, redirect, useLoaderData } from 'react-router'
import type { Route } from './+types/content-page'
import { PageHeading, PageMeta } from '#app/components/page.tsx'
import { findPublishedPage, presentPage } from '#app/models/content.server.ts'
import { getDb } from '#app/utils/context.server.ts'
import { localeFromPath, pathFor } from '#app/utils/locales.ts'

export async function loader({ request, params, context }: Route.LoaderArgs) {
	const locale = localeFromPath(new URL(request.url).pathname)
	const row = await findPublishedPage(getDb(context), params.slug)
	if (!row) throw data(null, { status: 404 })
	const page = presentPage(row, locale)
	// A slug of the other language: send the visitor to this language's own address.
	if (page.slugs[locale] !== params.slug) throw redirect(pathFor('page', locale, { slug: page.slugs[locale] }), 301)
	return {
		title: page.title,
		bodyHtml: page.bodyHtml,
		alternates: { da: pathFor('page', 'da', { slug: page.slugs.da }), en: pathFor('page', 'en', { slug: page.slugs.en }) },
	}
}

export default function ContentPage() {
	const { title, bodyHtml } = useLoaderData<typeof loader>()
	return (
		<article className="max-w-3xl">
			<PageMeta title={title} />
			<PageHeading title={title} />
			<div className="rich-text text-slate-800" dangerouslySetInnerHTML={{ __html: bodyHtml }} />
		</article>
	)
}

export { PageErrorBoundary as ErrorBoundary } from '#app/components/page.tsx'
