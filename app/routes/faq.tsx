import { useLoaderData } from 'react-router'
import type { Route } from './+types/faq'
import { FaqList, FaqStructuredData } from '#app/components/public/faq-list.tsx'
import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import { PageHeading, PageMeta } from '#app/components/public/page.tsx'
import { listFaqCategories, listFaqItems } from '#app/models/content.server.ts'
import { getDb } from '#app/http/context.server.ts'
import { localeFromPath } from '#app/utils/locales.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	const locale = localeFromPath(new URL(request.url).pathname)
	const db = getDb(context)
	const [items, categories] = await Promise.all([listFaqItems(db, locale), listFaqCategories(db, locale)])
	return { items, categories }
}

export default function Faq() {
	const { items, categories } = useLoaderData<typeof loader>()
	const { t } = useI18n()
	return (
		<>
			<PageMeta title={t('faq.title')} description={t('faq.lead')} />
			<PageHeading title={<Text k="faq.title" />} lead={<Text k="faq.lead" />} />
			<FaqStructuredData items={items} />
			<FaqList items={items} categories={categories} isSearchable headingLevel={2} />
		</>
	)
}

export { PageErrorBoundary as ErrorBoundary } from '#app/components/public/page.tsx'
