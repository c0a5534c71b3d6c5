import { data, redirect, useLoaderData } from 'react-router'
import type { Route } from './+types/content-page'
import { PageHeading, PageMeta } from '#app/components/public/page.tsx'
import { ServiceOrderBox } from '#app/components/public/service-order-box.tsx'
import { findPublishedPage, presentPage } from '#app/models/content.server.ts'
import { fromPricePerWord } from '#app/models/price/price.server.ts'
import { getRequestSettings } from '#app/http/site.server.ts'
import { getDb } from '#app/http/context.server.ts'
import { localeFromPath, pathFor } from '#app/utils/locales.ts'
import { TERMS_SLUG } from '#app/models/order/terms.server.ts'
import { paymentTermsHtml } from '#app/models/order/payment-terms.ts'

export async function loader({ request, params, context }: Route.LoaderArgs) {
	const locale = localeFromPath(new URL(request.url).pathname)
	const db = getDb(context)
	const row = await findPublishedPage(db, params.slug)
	if (!row) throw data(null, { status: 404 })
	const page = presentPage(row, locale)
	// A slug of the other language: send the visitor to this language's own address.
	if (page.slugs[locale] !== params.slug) throw redirect(pathFor('page', locale, { slug: page.slugs[locale] }), 301)
	return {
		title: page.title,
		// The terms of business end with the payment terms, from the settings the invoices follow.
		bodyHtml:
			row.slugDa === TERMS_SLUG.da
				? `${page.bodyHtml}${paymentTermsHtml(await getRequestSettings(context), locale)}`
				: page.bodyHtml,
		// A service (a page in the services menu) ends with its price and a way to order, as they stand today.
		prices: row.showInMenu ? await servicePrices(db, locale, context) : null,
		alternates: {
			da: pathFor('page', 'da', { slug: page.slugs.da }),
			en: pathFor('page', 'en', { slug: page.slugs.en }),
		},
	}
}

async function servicePrices(db: ReturnType<typeof getDb>, locale: 'da' | 'en', context: Route.LoaderArgs['context']) {
	const settings = await getRequestSettings(context)
	const { currency, minimumOrder, certifiedCopyPrice, expressSurcharge1Day, pricePerMinute } = settings
	return {
		perWord: await fromPricePerWord(db, locale, settings),
		perMinute: pricePerMinute,
		currency,
		minimumOrder,
		certifiedCopyPrice,
		expressSurcharge1Day,
	}
}

export default function ContentPage() {
	const { title, bodyHtml, prices } = useLoaderData<typeof loader>()
	return (
		<article className="grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(18rem,1fr)]">
			<div className="max-w-3xl">
				<PageMeta title={title} />
				<PageHeading title={title} />
				<div className="rich-text text-slate-800" dangerouslySetInnerHTML={{ __html: bodyHtml }} />
			</div>
			{prices && <ServiceOrderBox {...prices} />}
		</article>
	)
}

export { PageErrorBoundary as ErrorBoundary } from '#app/components/public/page.tsx'
