import { useLoaderData } from 'react-router'
import type { Route } from './+types/faq'
import { FaqList, FaqStructuredData } from '#app/components/faq-list.tsx'
import { Text, useI18n } from '#app/components/i18n.tsx'
import { PageHeading, PageMeta } from '#app/components/page.tsx'
import { listFaqItems } from '#app/models/content.server.ts'
import { getDb } from '#app/utils/context.server.ts'
import { localeFromPath } from '#app/utils/locales.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	const locale = localeFromPath(new URL(request.url).pathname)
	return { items: await listFaqItems(getDb(context), locale) }
}

export default function Faq() {
	const { items } = useLoaderData<typeof loader>()
	const { t } = useI18n()
	return (
		<>
			<PageMeta title={t('faq.title')} description={t('faq.lead')} />
			<PageHeading title={<Text k="faq.title" />} lead={<Text k="faq.lead" />} />
			<FaqStructuredData items={items} />
			<FaqList items={items} isSearchable headingLevel={2} />
		</>
	)
}

export { PageErrorBoundary as ErrorBoundary } from '#app/components/page.tsx'
