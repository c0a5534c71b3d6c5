import { useLoaderData } from 'react-router'
import type { Route } from './+types/contact'
import { Text, useI18n } from '#app/components/i18n.tsx'
import { LeadForm } from '#app/components/lead-form.tsx'
import { PageHeading, PageMeta } from '#app/components/page.tsx'
import { RequestChoices } from '#app/components/request-choices.tsx'
import { handleRequestSubmission } from '#app/http/request-form.server.ts'
import { listActiveLanguages } from '#app/models/site.server.ts'
import { getRequestSettings } from '#app/http/site.server.ts'
import { getDb } from '#app/utils/context.server.ts'
import { localeFromPath } from '#app/utils/locales.ts'
import { todayInDenmark } from '#app/models/calendar/working-days.ts'
import { earliestDeliveryDate } from '#app/models/quote/rules.ts'
import { readForm } from '#app/utils/request-body.server.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	const settings = await getRequestSettings(context)
	const languages = await listActiveLanguages(getDb(context), localeFromPath(new URL(request.url).pathname))
	const { agencyName, email, phone, address, cvr } = settings
	return { agency: { agencyName, email, phone, address, cvr }, languages, minDate: earliestDeliveryDate(todayInDenmark(), settings.minDeliveryDays) }
}

export async function action({ request, context }: Route.ActionArgs) {
	return handleRequestSubmission(request, await readForm(request), context)
}

export default function Contact() {
	const { agency, languages, minDate } = useLoaderData<typeof loader>()
	const { t } = useI18n()
	const rows = [
		{ label: t('contact.email'), value: <a className="text-teal-800 underline" href={`mailto:${agency.email}`}>{agency.email}</a> },
		{ label: t('contact.phone'), value: <a className="text-teal-800 underline" href={`tel:${agency.phone.replace(/\s/g, '')}`}>{agency.phone}</a> },
		{ label: t('contact.address'), value: agency.address },
		{ label: t('contact.cvr'), value: agency.cvr },
	]
	return (
		<>
			<PageMeta title={t('contact.title')} description={t('contact.lead')} />
			<PageHeading title={<Text k="contact.title" />} lead={<Text k="contact.lead" />} />
			<h2 className="mb-4 text-xl font-semibold text-slate-900">{agency.agencyName}</h2>
			<dl className="grid max-w-lg grid-cols-[8rem_1fr] gap-y-2">
				{rows.map((row) => (
					<div key={row.label} className="contents">
						<dt className="font-medium text-slate-600">{row.label}</dt>
						<dd>{row.value}</dd>
					</div>
				))}
			</dl>
			<div className="mt-10 max-w-3xl">
				<LeadForm renderChoices={(errors, values) => <RequestChoices languages={languages} minDate={minDate} errors={errors} defaults={values} />} />
			</div>
		</>
	)
}

export { PageErrorBoundary as ErrorBoundary } from '#app/components/page.tsx'
