import { useLoaderData } from 'react-router'
import type { Route } from './+types/contact'
import { useI18n } from '#app/components/i18n.tsx'
import { PageHeading, PageMeta } from '#app/components/page.tsx'
import { getRequestSettings } from '#app/models/site.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
	const { agencyName, email, phone, address, cvr } = await getRequestSettings(context)
	return { agencyName, email, phone, address, cvr }
}

export default function Contact() {
	const agency = useLoaderData<typeof loader>()
	const { t } = useI18n()
	const rows = [
		{ label: t('contact.email'), value: <a className="text-teal-800 underline" href={`mailto:${agency.email}`}>{agency.email}</a> },
		{ label: t('contact.phone'), value: <a className="text-teal-800 underline" href={`tel:${agency.phone.replace(/\s/g, '')}`}>{agency.phone}</a> },
		{ label: t('contact.address'), value: agency.address },
		{ label: t('contact.cvr'), value: agency.cvr },
	]
	return (
		<>
			<PageMeta title={t('contact.title')} />
			<PageHeading title={t('contact.title')} lead={t('contact.lead')} />
			<h2 className="mb-4 text-xl font-semibold text-slate-900">{agency.agencyName}</h2>
			<dl className="grid max-w-lg grid-cols-[8rem_1fr] gap-y-2">
				{rows.map((row) => (
					<div key={row.label} className="contents">
						<dt className="font-medium text-slate-600">{row.label}</dt>
						<dd>{row.value}</dd>
					</div>
				))}
			</dl>
		</>
	)
}

export { PageErrorBoundary as ErrorBoundary } from '#app/components/page.tsx'
