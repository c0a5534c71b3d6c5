import { Form, useLoaderData } from 'react-router'
import { z } from 'zod'
import type { Route } from './+types/job'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { Button, buttonClass } from '#app/components/ui/button.tsx'
import { Hidden, Input, inputClass } from '#app/components/ui/input.tsx'
import { streamAttributes, useReloadOnStream } from '#app/components/ui/live-stream.tsx'
import { DetailHeader, DetailList, Section } from '#app/components/admin/section.tsx'
import { FileList } from '#app/components/admin/file-list.tsx'
import { JobThread } from '#app/components/work/job-thread.tsx'
import { requireStaff } from '#app/http/access.server.ts'
import { getServices } from '#app/http/context.server.ts'
import { redirectWithFlash } from '#app/http/flash.server.ts'
import { parseRecordId, recordIdOf } from '#app/http/records.server.ts'
import { readForm } from '#app/http/request-body.server.ts'
import { notFound } from '#app/http/responses.server.ts'
import { getRequestSettings } from '#app/http/site.server.ts'
import { liveStream } from '#app/models/live/signed-stream.server.ts'
import { reofferJob } from '#app/models/vendor/jobs.server.ts'
import { JobRefused } from '#app/models/vendor/job-status.server.ts'
import { approveJob, cancelJob, jobForStaff, postPmMessage, returnJob } from '#app/models/vendor/review.server.ts'
import { candidatesFor } from '#app/models/vendor/translators.server.ts'
import { jobsStream } from '#app/utils/cable.ts'
import { formatDateTime, formatNumber, formatPrice } from '#app/utils/format.ts'
import { capacityShortfall } from '#app/models/vendor/capacity.ts'
import { danishLocal } from '#app/models/vendor/deadline.ts'
import { CapacityWarning } from '#app/components/orders/capacity-warning.tsx'
import type { AdminMessageKey } from '#app/utils/translate.ts'

export async function loader({ request, params, context }: Route.LoaderArgs) {
	requireStaff(request, context)
	const id = recordIdOf(params.id)
	const services = getServices(context)
	const found = id ? await jobForStaff(services, id) : null
	if (!found) throw notFound()
	const { job } = found
	const [{ currency }, candidates] = await Promise.all([
		getRequestSettings(context),
		job.status === 'open'
			? candidatesFor(services.db, { from: job.fromLanguage, to: job.toLanguage }, job.words, job.minutes, job)
			: [],
	])
	return {
		currency,
		job: {
			id: job.id,
			orderId: job.orderId,
			kind: job.kind,
			status: job.status,
			words: job.words,
			minutes: job.minutes,
			deadline: job.deadline.toISOString(),
			instructions: job.instructions,
			fee: job.fee,
			fixedFee: job.fixedFee,
			feeReason: job.feeReason,
			doneNote: job.doneNote,
			createdBy: job.createdBy,
			documents: job.documentIds.length,
		},
		reference: found.reference,
		manager: found.manager,
		reason: job.reason,
		delivered: found.delivered.map((file) => ({
			id: file.id,
			name: file.name,
			size: file.size,
			deleted: Boolean(file.deletedAt),
		})),
		names: {
			from: found.fromName ?? { da: job.fromLanguage, en: job.fromLanguage },
			to: found.toName ?? { da: job.toLanguage, en: job.toLanguage },
		},
		translator: found.translator,
		offers: found.offers.map((offer) => ({ ...offer, expiresAt: offer.expiresAt.toISOString() })),
		files: found.files.map((file) => ({
			id: file.id,
			name: file.name,
			size: file.size,
			superseded: Boolean(file.supersededAt),
		})),
		messages: found.messages.map((message) => ({ ...message, createdAt: message.createdAt.toISOString() })),
		candidates: candidates.map((candidate) => ({
			id: candidate.id,
			name: candidate.name,
			fee: candidate.fee,
			openWords: candidate.openWords,
			// Offered again, the job keeps its deadline: what it asks of each, with their open jobs.
			overCapacity: capacityShortfall(candidate, job.words, danishLocal(job.deadline), new Date()),
		})),
		stream: liveStream(services, jobsStream(job.orderId)),
	}
}

const ActionSchema = z.discriminatedUnion('intent', [
	// With fileIds: the PM chose the files for a job with fewer files than documents.
	z.object({ intent: z.literal('approve'), fileIds: z.array(z.uuid()).max(200).optional() }),
	z.object({ intent: z.literal('return'), note: z.string().trim().min(3).max(2000) }),
	z.object({ intent: z.literal('cancel') }),
	z.object({ intent: z.literal('message'), body: z.string().trim().min(1).max(5000) }),
	z.object({ intent: z.literal('reoffer'), translatorIds: z.array(z.coerce.number().int().positive()).min(1).max(50) }),
])

// POST /admin/jobs/:id: approve (the files become the order's), return with a note, cancel, write
// to the translator, or offer a job nobody took again.
export async function action({ request, params, context }: Route.ActionArgs) {
	const staff = requireStaff(request, context)
	const id = parseRecordId(params.id)
	const back = `/admin/jobs/${id}`
	const form = await readForm(request)
	const parsed = ActionSchema.safeParse({
		...Object.fromEntries(form),
		translatorIds: form.getAll('translatorIds'),
		fileIds: form.has('confirmFiles') ? form.getAll('fileIds') : undefined,
	})
	if (!parsed.success) {
		const intent = form.get('intent')
		const key =
			intent === 'return'
				? 'jobs.error.returnNote'
				: intent === 'reoffer'
					? 'jobs.error.translators'
					: 'jobs.error.input'
		return redirectWithFlash(context, back, { kind: 'error', key })
	}
	const services = getServices(context)
	const input = parsed.data
	try {
		if (input.intent === 'approve')
			await approveJob(services, staff, id, input.fileIds ? { fileIds: input.fileIds } : null)
		if (input.intent === 'return') await returnJob(services, staff, id, input.note)
		if (input.intent === 'cancel') await cancelJob(services, staff, id)
		if (input.intent === 'message') await postPmMessage(services, staff, id, input.body)
		if (input.intent === 'reoffer') await reofferJob(services, staff, id, input.translatorIds)
		return redirectWithFlash(context, back, { kind: 'success', key: `jobs.flash.${input.intent}` })
	} catch (error) {
		const reason = error instanceof JobRefused ? error.reason : null
		if (reason === 'not-found') throw notFound()
		if (reason)
			return redirectWithFlash(context, back, {
				kind: 'error',
				key:
					reason === 'translators'
						? 'jobs.error.translators'
						: reason === 'fewer-files'
							? 'jobs.error.fewerFiles'
							: 'jobs.error.state',
			})
		throw error
	}
}

export default function JobPage() {
	const loaded = useLoaderData<typeof loader>()
	const { job, reference, stream } = loaded
	const { locale, t } = useAdminI18n()
	useReloadOnStream(stream)
	const money = (amount: number | null) => formatPrice(amount ?? 0, loaded.currency, locale)
	const title = t('jobs.pageTitle', { id: job.id, reference })
	return (
		<article className="space-y-8" data-controller="job" data-job-status={job.status} {...streamAttributes(stream)}>
			<title>{`${title} · Tolk admin`}</title>
			<DetailHeader
				back={{ to: `/admin/orders/${job.orderId}#jobs`, label: t('jobs.backToOrder', { reference }) }}
				title={title}
			/>
			<DetailList
				rows={[
					[
						t('jobs.state'),
						<strong key="s" data-status={job.status}>
							{t(`jobs.status.${job.status}`)}
						</strong>,
					],
					[t('jobs.kindLabel'), t(`jobs.kind.${job.kind}`)],
					[t('jobs.pair'), `${loaded.names.from[locale]} → ${loaded.names.to[locale]}`],
					[t('jobs.words'), formatNumber(job.words, locale)],
					[t('jobs.deadline'), formatDateTime(new Date(job.deadline), locale)],
					[t('jobs.translator'), loaded.translator ?? '–'],
					[t('jobs.fee'), `${money(job.fee ?? job.fixedFee)}${job.feeReason ? ` (${job.feeReason})` : ''}`],
					[t('jobs.manager'), loaded.manager ?? t('todo.nobody')],
					[t('jobs.createdBy'), job.createdBy],
				]}
			/>
			{loaded.reason && (
				<Section id="job-reason-title" title={t('jobs.reason')}>
					<blockquote className="border-l-4 border-amber-400 pl-3 whitespace-pre-line">{loaded.reason}</blockquote>
				</Section>
			)}
			{loaded.delivered.length > 0 && (
				<Section id="job-delivered-title" title={t('jobs.delivered')}>
					<FileList
						files={loaded.delivered.map((file) => ({
							id: file.id,
							name: file.name,
							size: file.size,
							href: file.deleted ? undefined : `/admin/orders/${job.orderId}/files/${file.id}`,
							note: file.deleted ? t('order.fileDeleted') : undefined,
						}))}
					/>
				</Section>
			)}
			<Section id="job-offers-title" title={t('jobs.offers')}>
				<ul className="list-disc pl-5">
					{loaded.offers.map((offer) => (
						<li key={offer.translatorId} data-offer-status={offer.status}>
							{offer.name} · {t(`jobs.offer.${offer.status}` as AdminMessageKey)} · {money(offer.fee)}
							{offer.reason && ` · “${offer.reason}”`}
						</li>
					))}
				</ul>
				{job.status === 'open' && <Reoffer candidates={loaded.candidates} money={money} />}
			</Section>
			<Section id="job-files-title" title={t('jobs.files')}>
				<FileList
					files={loaded.files.map((file) => ({
						id: file.id,
						name: file.name,
						size: file.size,
						href: `/admin/jobs/${job.id}/files/${file.id}`,
						note: file.superseded ? t('work.superseded') : undefined,
					}))}
					empty={t('work.noFiles')}
				/>
				{job.doneNote && <p className="whitespace-pre-line">{t('jobs.doneNote', { note: job.doneNote })}</p>}
				{job.status === 'done' && <Review documents={job.documents} files={loaded.files} />}
				{!['approved', 'cancelled'].includes(job.status) && (
					<IntentButton intent="cancel" label={t('jobs.cancel')} variant="secondarySmall" />
				)}
			</Section>
			<Section id="job-thread-title" title={t('jobs.thread')}>
				<JobThread messages={loaded.messages} canWrite={loaded.translator !== null && job.status !== 'cancelled'} />
			</Section>
		</article>
	)
}

// A form of one button that posts its intent.
function IntentButton({
	intent,
	label,
	variant,
}: {
	intent: string
	label: string
	variant: Parameters<typeof buttonClass>[0]
}) {
	return (
		<Form method="post">
			<AuthenticityTokenInput />
			<Hidden name="intent" value={intent} />
			<Button variant="bare" type="submit" className={buttonClass(variant)}>
				{label}
			</Button>
		</Form>
	)
}

type ReviewFile = { id: string; name: string; superseded: boolean }

function Review({ documents, files }: { documents: number; files: ReviewFile[] }) {
	const { t } = useAdminI18n()
	const current = files.filter((file) => !file.superseded).length
	return (
		<div className="flex flex-wrap items-start gap-4 rounded-md border border-slate-300 bg-white p-4">
			{current < documents ? (
				<ChooseFiles documents={documents} current={current} files={files} />
			) : (
				<IntentButton intent="approve" label={t('jobs.approve')} variant="primary" />
			)}
			<Form method="post" className="min-w-0 flex-1 space-y-2">
				<AuthenticityTokenInput />
				<Hidden name="intent" value="return" />
				<label className="block text-sm font-medium">
					{t('jobs.returnNote')}
					<textarea name="note" required minLength={3} maxLength={2000} rows={2} className={inputClass} />
				</label>
				<Button variant="secondary" type="submit">
					{t('jobs.return')}
				</Button>
			</Form>
		</div>
	)
}

// Fewer files than documents: the PM says which files the order gets (the new ones are ticked,
// earlier hand-ins may be added) and confirms it, instead of the order quietly getting fewer.
function ChooseFiles({ documents, current, files }: { documents: number; current: number; files: ReviewFile[] }) {
	const { t } = useAdminI18n()
	return (
		<Form method="post" className="space-y-2" data-controller="approve-fewer">
			<AuthenticityTokenInput />
			<Hidden name="intent" value="approve" />
			<Hidden name="confirmFiles" value="1" />
			<fieldset>
				<legend className="font-medium text-amber-900">
					{t('jobs.fewerFiles', { documents: String(documents), files: String(current) })}
				</legend>
				{files.map((file) => (
					<label key={file.id} className="block">
						<Input variant="bare" type="checkbox" name="fileIds" value={file.id} defaultChecked={!file.superseded} />{' '}
						{file.name}
						{file.superseded ? ` (${t('work.superseded')})` : ''}
					</label>
				))}
			</fieldset>
			<Button type="submit">{t('jobs.approveChosen')}</Button>
		</Form>
	)
}

function Reoffer({
	candidates,
	money,
}: {
	candidates: {
		id: number
		name: string
		fee: number
		openWords: number
		overCapacity: { needed: number; available: number } | null
	}[]
	money: (n: number) => string
}) {
	const { locale, t } = useAdminI18n()
	return (
		<Form method="post" className="space-y-2">
			<AuthenticityTokenInput />
			<Hidden name="intent" value="reoffer" />
			<fieldset>
				<legend className="text-sm font-medium">{t('jobs.offerTo')}</legend>
				{candidates.map((candidate) => (
					<label key={candidate.id} className="block">
						<Input variant="bare" type="checkbox" name="translatorIds" value={candidate.id} /> {candidate.name} ·{' '}
						{money(candidate.fee)} · {t('jobs.openWords', { words: formatNumber(candidate.openWords, locale) })}
						<CapacityWarning shortfall={candidate.overCapacity} />
					</label>
				))}
			</fieldset>
			<Button variant="secondary" type="submit">
				{t('jobs.offerAgain')}
			</Button>
		</Form>
	)
}
