import { useState } from 'react'
import { Form, Link, useActionData } from 'react-router'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Hidden, inlineInputClass, Input, inputClass } from '#app/components/ui/input.tsx'
import { Section } from '#app/components/admin/section.tsx'
import { formatDateTime, formatNumber, formatPrice } from '#app/utils/format.ts'
import type { AdminMessageKey } from '#app/utils/translate.ts'
import type { JobKind } from '#database/enums.ts'
import { jobFee, suggestedHours, type PayRates } from '#app/models/vendor/fees.ts'
import { capacityShortfall } from '#app/models/vendor/capacity.ts'
import { CapacityWarning } from '#app/components/orders/capacity-warning.tsx'

export type JobItem = {
	id: number
	kind: JobKind
	status: string
	deadline: string
	words: number
	translator: string | null
	fee: number | null
	offers: { name: string; status: string }[]
}
export type Candidate = PayRates & {
	id: number
	name: string
	fee: number
	openWords: number
	openJobs: number
	dailyCapacity: number
	nextDeadline: string | null
}
type Source = { id: string; name: string; words: number | null; minutes?: number | null; repeatedWords?: number }
type Posted = { jobErrors?: Record<string, string>; jobValues?: Record<string, string | string[]> }

// The order's jobs (each with its state and who has it) and the form that makes a new one: which
// documents, the deadline, instructions, the fee, and who is offered it, each with their load.
export function OrderJobs(props: {
	orderId: number
	jobs: JobItem[]
	candidates: Candidate[]
	sources: Source[]
	pair: { from: string; to: string } | null
	suggestedDeadline: string
	currency: string
	isOpen: boolean
	// The page's time, for the capacity warnings (the same on the server and in the browser).
	now: string
}) {
	const { locale, t } = useAdminI18n()
	const money = (amount: number) => formatPrice(amount, props.currency, locale)
	return (
		<Section id="order-jobs-title" anchor="jobs" title={t('jobs.title')}>
			{props.jobs.length === 0 ? (
				<p className="text-slate-600">{t('jobs.none')}</p>
			) : (
				<ul className="space-y-2" data-order-jobs>
					{props.jobs.map((job) => (
						<li key={job.id} data-job={job.id} data-job-status={job.status}>
							<Link to={`/admin/jobs/${job.id}`} className="font-medium text-teal-900 underline">
								{t('jobs.jobTitle', { id: job.id, kind: t(`jobs.kind.${job.kind}`) })}
							</Link>{' '}
							· <strong>{t(`jobs.status.${job.status}` as AdminMessageKey)}</strong> ·{' '}
							{job.translator ??
								job.offers
									.map((offer) => `${offer.name} (${t(`jobs.offer.${offer.status}` as AdminMessageKey)})`)
									.join(', ')}{' '}
							· {formatDateTime(new Date(job.deadline), locale)} · {formatNumber(job.words, locale)}
							{job.fee !== null && ` · ${money(job.fee)}`}
						</li>
					))}
				</ul>
			)}
			{props.isOpen && props.pair && <NewJobForm {...props} money={money} pair={props.pair} />}
		</Section>
	)
}

function NewJobForm({
	candidates,
	sources,
	pair,
	suggestedDeadline,
	money,
	now,
}: Parameters<typeof OrderJobs>[0] & { money: (amount: number) => string; pair: { from: string; to: string } }) {
	const { locale, t } = useAdminI18n()
	const posted = useActionData<Posted>()
	const errors = posted?.jobErrors ?? {}
	const values = posted?.jobValues ?? {}
	const chosen = (name: string, value: string, fallback: boolean) =>
		Array.isArray(values[name]) ? (values[name] as string[]).includes(value) : fallback
	// The deadline and documents as the PM has them in the form, for the capacity warnings.
	const [draft, setDraft] = useState(() => ({
		deadline: String(values.deadline ?? suggestedDeadline),
		documentIds: sources.filter((source) => chosen('documentIds', source.id, true)).map((source) => source.id),
		kind: String(values.kind ?? 'translation') as JobKind,
		hours: String(values.hours ?? ''),
	}))
	const picked = sources.filter((source) => draft.documentIds.includes(source.id))
	const words = picked.reduce((total, source) => total + (source.words ?? 0), 0)
	const minutes = picked.reduce((total, source) => total + Math.ceil(source.minutes ?? 0), 0)
	const repeated = picked.reduce((total, source) => total + Math.min(source.words ?? 0, source.repeatedWords ?? 0), 0)
	// Each candidate's fee for the kind, documents and hours as the form has them now.
	const hours = Number(draft.hours.replace(',', '.')) || null
	const feeOf = (candidate: Candidate) => jobFee(draft.kind, { words, minutes, hours, repeated }, candidate)
	const shortfall = (candidate: Candidate) => capacityShortfall(candidate, words, draft.deadline, new Date(now))
	const error = (name: string) =>
		errors[name] ? (
			<p id={`job-${name}-error`} className="text-sm text-red-800">
				{t(errors[name] as AdminMessageKey)}
			</p>
		) : null
	const described = (name: string) =>
		errors[name] ? { 'aria-invalid': true, 'aria-describedby': `job-${name}-error` } : {}
	return (
		<details className="rounded-md border border-slate-300 bg-white p-4" open={Object.keys(errors).length > 0}>
			<summary className="cursor-pointer font-semibold">{t('jobs.new')}</summary>
			<Form
				method="post"
				className="mt-3 space-y-4"
				data-controller="new-job"
				onChange={(event) => {
					const form = new FormData(event.currentTarget)
					setDraft({
						deadline: String(form.get('deadline') ?? ''),
						documentIds: form.getAll('documentIds').map(String),
						kind: String(form.get('kind') ?? 'translation') as JobKind,
						hours: String(form.get('hours') ?? ''),
					})
				}}
			>
				<AuthenticityTokenInput />
				<Hidden name="intent" value="job" />
				<Hidden name="from" value={pair.from} />
				<Hidden name="to" value={pair.to} />
				<label className="block text-sm font-medium">
					{t('jobs.kindLabel')}{' '}
					<select name="kind" defaultValue={String(values.kind ?? 'translation')} className={inlineInputClass}>
						<option value="translation">{t('jobs.kind.translation')}</option>
						<option value="proofreading">{t('jobs.kind.proofreading')}</option>
						<option value="revision">{t('jobs.kind.revision')}</option>
					</select>
				</label>
				{draft.kind !== 'translation' && (
					<label className="block text-sm font-medium">
						{t('jobs.hours')}
						<Input
							name="hours"
							inputMode="decimal"
							placeholder={formatNumber(suggestedHours(words), locale)}
							defaultValue={String(values.hours ?? '')}
							{...described('hours')}
						/>
						<span className="block font-normal text-slate-600">{t('jobs.hoursHint')}</span>
						{error('hours')}
					</label>
				)}
				<fieldset {...described('documentIds')}>
					<legend className="text-sm font-medium">{t('jobs.documents')}</legend>
					{sources.map((source) => (
						<label key={source.id} className="block">
							<Input
								variant="bare"
								type="checkbox"
								name="documentIds"
								value={source.id}
								defaultChecked={chosen('documentIds', source.id, true)}
							/>{' '}
							{source.name}
							{source.words !== null && ` (${formatNumber(source.words, locale)})`}
						</label>
					))}
					{error('documentIds')}
				</fieldset>
				<label className="block text-sm font-medium">
					{t('jobs.deadline')}
					<Input
						type="datetime-local"
						name="deadline"
						required
						defaultValue={String(values.deadline ?? suggestedDeadline)}
						{...described('deadline')}
					/>
					<span className="block font-normal text-slate-600">{t('jobs.deadlineHint')}</span>
				</label>
				{error('deadline')}
				<label className="block text-sm font-medium">
					{t('jobs.instructions')}
					<textarea
						name="instructions"
						rows={3}
						maxLength={5000}
						defaultValue={String(values.instructions ?? '')}
						className={inputClass}
					/>
				</label>
				<fieldset {...described('translatorIds')}>
					<legend className="text-sm font-medium">{t('jobs.offerTo')}</legend>
					{candidates.length === 0 && <p className="text-slate-600">{t('jobs.noCandidates')}</p>}
					{candidates.map((candidate) => (
						<label key={candidate.id} className="block" data-candidate={candidate.id}>
							<Input
								variant="bare"
								type="checkbox"
								name="translatorIds"
								value={candidate.id}
								defaultChecked={chosen('translatorIds', String(candidate.id), false)}
							/>{' '}
							<strong>{candidate.name}</strong> · <span data-candidate-fee>{money(feeOf(candidate))}</span> ·{' '}
							{t('jobs.load', {
								words: formatNumber(candidate.openWords, locale),
								jobs: candidate.openJobs,
								capacity: formatNumber(candidate.dailyCapacity, locale),
							})}
							{candidate.nextDeadline &&
								` · ${t('jobs.nextDeadline', { when: formatDateTime(new Date(candidate.nextDeadline), locale) })}`}
							<CapacityWarning shortfall={shortfall(candidate)} />
						</label>
					))}
					{error('translatorIds')}
				</fieldset>
				<div className="grid gap-3 sm:grid-cols-2">
					<label className="block text-sm font-medium">
						{t('jobs.fixedFee')}
						<Input
							name="fixedFee"
							inputMode="decimal"
							defaultValue={String(values.fixedFee ?? '')}
							{...described('fixedFee')}
						/>
						<span className="block font-normal text-slate-600">{t('jobs.fixedFeeHint')}</span>
					</label>
					<label className="block text-sm font-medium">
						{t('jobs.feeReason')}
						<Input
							name="feeReason"
							maxLength={500}
							defaultValue={String(values.feeReason ?? '')}
							{...described('feeReason')}
						/>
					</label>
				</div>
				{error('fixedFee')}
				{error('feeReason')}
				<Button type="submit">{t('jobs.offer')}</Button>
			</Form>
		</details>
	)
}
