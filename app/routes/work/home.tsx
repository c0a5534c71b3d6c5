import { Link, useLoaderData } from 'react-router'
import type { Route } from './+types/home'
import { useJobWords } from '#app/components/work/words.tsx'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { Section } from '#app/components/admin/section.tsx'
import { Countdown } from '#app/components/work/countdown.tsx'
import { OfferAnswer } from '#app/components/work/offer-answer.tsx'
import { requireTranslator } from '#app/http/access.server.ts'
import { getServices } from '#app/http/context.server.ts'
import { readForm } from '#app/http/request-body.server.ts'
import { answerOffer } from '#app/routes/work/offer-answer.server.ts'
import { languageNames, workOverview } from '#app/models/vendor/work.server.ts'
import { formatDateTime, formatMonth, formatNumber, formatPrice } from '#app/utils/format.ts'
import { getRequestSettings } from '#app/http/site.server.ts'

export async function loader({ request, context }: Route.LoaderArgs) {
	const me = await requireTranslator(request, context)
	const [{ offers, taken, open, past, earnings }, { currency }] = await Promise.all([
		workOverview(getServices(context), me),
		getRequestSettings(context),
	])
	const iso = <T extends { deadline: Date }>(row: T) => ({ ...row, deadline: row.deadline.toISOString() })
	const codes = [...offers, ...taken, ...open, ...past].flatMap((job) => [job.fromLanguage, job.toLanguage])
	const names = await languageNames(getServices(context).db, [...new Set(codes)])
	return {
		currency,
		names: Object.fromEntries(names),
		offers: offers.map((offer) => ({ ...iso(offer), expiresAt: offer.expiresAt.toISOString() })),
		taken: taken.map((offer) => ({ ...iso(offer), takenAt: offer.takenAt?.toISOString() ?? null })),
		open: open.map(iso),
		past: past.map((job) => ({ ...iso(job), approvedAt: job.approvedAt?.toISOString() ?? null })),
		earnings: earnings.map((month) => ({ ...month, paidAt: month.paidAt?.toISOString() ?? null })),
	}
}

// POST /work: accept or decline an offer.
export async function action({ request, context }: Route.ActionArgs) {
	const me = await requireTranslator(request, context)
	return answerOffer(context, me, await readForm(request), '/work')
}

export default function WorkHome() {
	const { currency, names, offers, taken, open, past, earnings } = useLoaderData<typeof loader>()
	const { locale, t } = useAdminI18n()
	const jobWords = useJobWords()
	const language = (code: string) => names[code]?.[locale] ?? code
	const money = (amount: number | null) => formatPrice(amount ?? 0, currency, locale)
	return (
		<div className="space-y-8">
			<title>{t('work.title')}</title>
			<h1 className="text-2xl font-bold">{t('work.title')}</h1>
			<Section id="work-offers" title={t('work.offers', { count: offers.length })}>
				{offers.length === 0 && <p className="text-slate-600">{t('work.noOffers')}</p>}
				<ul className="space-y-4">
					{offers.map((offer) => (
						<li key={offer.id} className="rounded-md border border-slate-300 bg-white p-4" data-offer-item={offer.id}>
							<p className="font-semibold">
								<Link to={`/work/jobs/${offer.id}`} className="text-teal-900 underline">
									{t('work.jobTitle', { reference: offer.reference, kind: t(`jobs.kind.${offer.kind}`) })}
								</Link>
							</p>
							<p className="text-sm">
								{language(offer.fromLanguage)} → {language(offer.toLanguage)} · {jobWords(offer)} · {t('work.fee')}:{' '}
								{money(offer.fee)}
							</p>
							<p className="text-sm">
								{t('work.deadline')}: {formatDateTime(new Date(offer.deadline), locale)} ·{' '}
								{t('work.answerBy', { when: formatDateTime(new Date(offer.expiresAt), locale) })}
							</p>
							{offer.instructions && <p className="mt-1 text-sm whitespace-pre-line">{offer.instructions}</p>}
							<div className="mt-3">
								<OfferAnswer jobId={offer.id} />
							</div>
						</li>
					))}
				</ul>
				{taken.length > 0 && (
					<div className="mt-4" data-taken-offers="">
						<h3 className="font-semibold">{t('work.takenTitle')}</h3>
						<ul className="mt-1 space-y-1 text-sm text-slate-700">
							{taken.map((offer) => (
								<li key={offer.id}>
									{t('work.takenLine', {
										title: t('work.jobTitle', { reference: offer.reference, kind: t(`jobs.kind.${offer.kind}`) }),
										pair: `${language(offer.fromLanguage)} → ${language(offer.toLanguage)}`,
										when: offer.takenAt ? formatDateTime(new Date(offer.takenAt), locale) : '',
									})}
								</li>
							))}
						</ul>
					</div>
				)}
			</Section>
			<Section id="work-jobs" title={t('work.myJobs')}>
				{open.length === 0 ? (
					<p className="text-slate-600">{t('work.noJobs')}</p>
				) : (
					<ul className="space-y-2">
						{open.map((job) => (
							<li key={job.id} data-job-item={job.id}>
								<Link to={`/work/jobs/${job.id}`} className="font-medium text-teal-900 underline">
									{t('work.jobTitle', { reference: job.reference, kind: t(`jobs.kind.${job.kind}`) })}
								</Link>{' '}
								· {t(`jobs.status.${job.status}`)} ·{' '}
								{job.status === 'done' ? t('work.handedIn') : <Countdown deadline={job.deadline} />}
							</li>
						))}
					</ul>
				)}
			</Section>
			<Section id="work-earnings" title={t('work.earnings')}>
				{earnings.length === 0 ? (
					<p className="text-slate-600">{t('work.noEarnings')}</p>
				) : (
					<table className="w-full max-w-xl text-left text-sm">
						<thead>
							<tr>
								<th scope="col">{t('payables.month')}</th>
								<th scope="col">{t('payables.jobs')}</th>
								<th scope="col">{t('payables.amount')}</th>
								<th scope="col">{t('payables.paid')}</th>
							</tr>
						</thead>
						<tbody>
							{earnings.map((month) => (
								<tr key={month.month} data-earnings-month={month.month}>
									<td>{formatMonth(month.month, locale)}</td>
									<td>{month.jobs}</td>
									<td>{money(month.amount)}</td>
									<td>{month.paidAt ? formatDateTime(new Date(month.paidAt), locale) : t('payables.unpaid')}</td>
								</tr>
							))}
						</tbody>
					</table>
				)}
			</Section>
			<Section id="work-past" title={t('work.pastJobs')}>
				{past.length === 0 ? (
					<p className="text-slate-600">{t('work.noPastJobs')}</p>
				) : (
					<ul className="space-y-1 text-sm">
						{past.map((job) => (
							<li key={job.id}>
								<Link to={`/work/jobs/${job.id}`} className="text-teal-900 underline">
									{t('work.jobTitle', { reference: job.reference, kind: t(`jobs.kind.${job.kind}`) })}
								</Link>{' '}
								· {formatNumber(job.words, locale)} · {money(job.fee ?? 0)}
								{job.approvedAt && ` · ${formatDateTime(new Date(job.approvedAt), locale)}`}
							</li>
						))}
					</ul>
				)}
			</Section>
		</div>
	)
}
