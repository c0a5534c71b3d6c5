import { useLoaderData } from 'react-router'
import type { Route } from './+types/order'
import { useI18n } from '#app/components/i18n.tsx'
import { PageHeading, PageMeta } from '#app/components/page.tsx'
import { getRequestSettings } from '#app/models/site.server.ts'
import { ACCEPTED_EXTENSIONS } from '#app/utils/uploads.ts'

export async function loader({ context }: Route.LoaderArgs) {
	const settings = await getRequestSettings(context)
	return { uploadLimitMib: settings.uploadLimitMib }
}

export default function Order() {
	const { uploadLimitMib } = useLoaderData<typeof loader>()
	const { t } = useI18n()
	return (
		<>
			<PageMeta title={t('order.title')} />
			<PageHeading title={t('order.title')} lead={t('order.lead')} />
			<p className="mb-2">{t('order.fileTypes', { types: ACCEPTED_EXTENSIONS.join(', ') })}</p>
			<p>{t('order.sizeLimit', { size: uploadLimitMib })}</p>
		</>
	)
}

export { PageErrorBoundary as ErrorBoundary } from '#app/components/page.tsx'
