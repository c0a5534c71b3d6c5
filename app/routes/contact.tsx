import { useLoaderData } from 'react-router'
import type { Route } from './+types/contact'
import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import { LeadForm } from '#app/components/order/lead-form.tsx'
import { PageHeading, PageMeta } from '#app/components/public/page.tsx'
import { handleRequestSubmission } from '#app/http/request-form.server.ts'
import { getRequestSettings } from '#app/http/site.server.ts'
import { pathFor } from '#app/utils/locales.ts'
import { mapLink } from '#app/models/site.ts'
import { readForm } from '#app/http/request-body.server.ts'

export async function loader({ context }: Route.LoaderArgs) {
	const { agencyName, email, phone, address, cvr } = await getRequestSettings(context)
	return { agency: { agencyName, email, phone, address, cvr, map: mapLink(address) } }
}

export async function action({ request, context }: Route.ActionArgs) {
	return handleRequestSubmission(request, await readForm(request), context)
}

export default function Contact() {
	const { agency } = useLoaderData<typeof loader>()
	const { locale, t } = useI18n()
	const rows = [
		{
			label: t('contact.email'),
			value: (
				<a className="text-teal-800 underline" href={`mailto:${agency.email}`}>
					{agency.email}
				</a>
			),
		},
		{
			label: t('contact.phone'),
			value: (
				<a className="text-teal-800 underline" href={`tel:${agency.phone.replace(/\s/g, '')}`}>
					{agency.phone}
				</a>
			),
		},
		{
			label: t('contact.address'),
			value: (
				<>
					<address className="not-italic">{agency.address}</address>
					<a className="text-teal-800 underline" href={agency.map} rel="noopener" target="_blank">
						{t('contact.map')}
						<span className="sr-only"> ({t('contact.newWindow')})</span>
					</a>
				</>
			),
		},
		{ label: t('contact.hours'), value: <Text k="contact.openingHours" className="whitespace-pre-line" /> },
		{ label: t('contact.cvr'), value: agency.cvr },
	]
	return (
		<>
			<PageMeta title={t('contact.title')} description={t('contact.lead')} />
			<PageHeading title={<Text k="contact.title" />} lead={<Text k="contact.lead" />} />
			<h2 className="mb-4 text-xl font-semibold text-slate-900">{agency.agencyName}</h2>
			<dl className="grid max-w-lg grid-cols-[8rem_1fr] gap-y-3">
				{rows.map((row) => (
					<div key={row.label} className="contents">
						<dt className="font-medium text-slate-600">{row.label}</dt>
						<dd>{row.value}</dd>
					</div>
				))}
			</dl>
			<p className="mt-6 max-w-2xl text-slate-700">
				<Text k="contact.orderHint" vars={{ order: pathFor('order', locale) }} />
			</p>
			<div className="mt-10 max-w-3xl">
				<LeadForm />
			</div>
		</>
	)
}

export { PageErrorBoundary as ErrorBoundary } from '#app/components/public/page.tsx'
