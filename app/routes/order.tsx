import { useLoaderData } from 'react-router'
import type { Route } from './+types/order'
import { Dropzone } from '#app/components/dropzone.tsx'
import { useI18n } from '#app/components/i18n.tsx'
import { PageHeading, PageMeta } from '#app/components/page.tsx'
import { listDraftDocuments } from '#app/models/documents/list.server.ts'
import { getRequestSettings } from '#app/models/site.server.ts'
import type { MessageKey } from '#app/utils/i18n.ts'
import { localeFromPath, UPLOAD_PATHS } from '#app/utils/locales.ts'
import { ACCEPTED_EXTENSIONS } from '#app/utils/uploads.ts'

const REFUSALS = ['too-big', 'type', 'content', 'missing'] as const

export async function loader({ request, context }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const [settings, documents] = await Promise.all([getRequestSettings(context), listDraftDocuments(request, context)])
	const refusal = REFUSALS.find((reason) => reason === url.searchParams.get('upload_error')) ?? null
	return { uploadLimitMib: settings.uploadLimitMib, documents, refusal, action: UPLOAD_PATHS[localeFromPath(url.pathname)] }
}

export default function Order() {
	const { uploadLimitMib, documents, refusal, action } = useLoaderData<typeof loader>()
	const { t } = useI18n()
	return (
		<>
			<PageMeta title={t('order.title')} />
			<PageHeading title={t('order.title')} lead={t('order.lead')} />
			{refusal && (
				<p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-red-800">
					{t(`upload.refused.${refusal}` as MessageKey)}
				</p>
			)}
			<section aria-labelledby="documents-title" className="mb-6">
				<h2 id="documents-title" className="mb-3 text-2xl font-semibold text-slate-900">
					{t('order.documentsTitle')}
				</h2>
				<Dropzone action={action} limitMib={uploadLimitMib} initial={documents} />
			</section>
			<p className="text-sm text-slate-600">{t('order.fileTypes', { types: ACCEPTED_EXTENSIONS.join(', ') })}</p>
		</>
	)
}

export { PageErrorBoundary as ErrorBoundary } from '#app/components/page.tsx'
