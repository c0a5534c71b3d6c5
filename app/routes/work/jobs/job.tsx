import { Form, useLoaderData } from 'react-router'
import type { Route } from './+types/job'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { useJobWords } from '#app/components/work/words.tsx'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Hidden, inputClass } from '#app/components/ui/input.tsx'
import { DetailHeader, DetailList, Section } from '#app/components/admin/section.tsx'
import { FileList } from '#app/components/admin/file-list.tsx'
import { UploadForm } from '#app/components/admin/upload-form.tsx'
import { Countdown } from '#app/components/work/countdown.tsx'
import { OfferAnswer } from '#app/components/work/offer-answer.tsx'
import { JobThread } from '#app/components/work/job-thread.tsx'
import { forwardedAttachments } from '#app/models/order/thread.server.ts'
import { requireTranslator } from '#app/http/access.server.ts'
import { getServices } from '#app/http/context.server.ts'
import { redirectWithFlash } from '#app/http/flash.server.ts'
import { parseRecordId, recordIdOf } from '#app/http/records.server.ts'
import { readForm } from '#app/http/request-body.server.ts'
import { notFound } from '#app/http/responses.server.ts'
import { getRequestSettings } from '#app/http/site.server.ts'
import { answerOffer } from '#app/routes/work/offer-answer.server.ts'
import { JobRefused } from '#app/models/vendor/job-status.server.ts'
import { removeOwnJobFile } from '#app/models/vendor/own-files.server.ts'
import {
	DoneSchema,
	jobForTranslator,
	markJobDone,
	MessageSchema,
	postTranslatorMessage,
} from '#app/models/vendor/work.server.ts'
import { formatDateTime, formatNumber, formatPrice } from '#app/utils/format.ts'

export async function loader({ request, params, context }: Route.LoaderArgs) {
	const me = await requireTranslator(request, context)
	const id = recordIdOf(params.id)
	const found = id ? await jobForTranslator(getServices(context), me, id) : null
	if (!found) throw notFound()
	const [{ currency }, fromCustomer] = await Promise.all([
		getRequestSettings(context),
		forwardedAttachments(getServices(context).db, found.job.id),
	])
	const { job, offer, canWork, sources, delivered, files, messages } = found
	return {
		currency,
		fromCustomer,
		delivered,
		job: { ...job, deadline: job.deadline.toISOString(), approvedAt: job.approvedAt?.toISOString() ?? null },
		offer: offer && { expiresAt: offer.expiresAt.toISOString() },
		canWork,
		sources,
		files: files.map((file) => ({
			...file,
			superseded: Boolean(file.supersededAt),
			supersededAt: undefined,
			createdAt: file.createdAt.toISOString(),
		})),
		messages: messages.map((message) => ({ ...message, createdAt: message.createdAt.toISOString() })),
	}
}

// POST /work/jobs/:id: answer the offer, hand the job in with a note, or write to the PM.
export async function action({ request, params, context }: Route.ActionArgs) {
	const me = await requireTranslator(request, context)
	const id = parseRecordId(params.id)
	const back = `/work/jobs/${id}`
	const form = await readForm(request)
	const intent = form.get('intent')
	if (intent === 'accept' || intent === 'decline') return answerOffer(context, me, form, back)
	const services = getServices(context)
	if (intent === 'message') {
		const parsed = MessageSchema.safeParse({ body: form.get('body') })
		if (!parsed.success) return redirectWithFlash(context, back, { kind: 'error', key: 'work.error.message' })
		if (!(await postTranslatorMessage(services, me, id, parsed.data.body))) throw notFound()
		return redirectWithFlash(context, back, { kind: 'success', key: 'work.flash.message' })
	}
	if (intent === 'remove-file') return removeFile(context, me, id, String(form.get('fileId') ?? ''), back)
	if (intent !== 'done') return redirectWithFlash(context, back, { kind: 'error', key: 'work.error.input' })
	const parsed = DoneSchema.safeParse({ note: form.get('note') ?? '' })
	if (!parsed.success) return redirectWithFlash(context, back, { kind: 'error', key: 'work.error.input' })
	try {
		if (!(await markJobDone(services, me, id, parsed.data.note))) throw notFound()
		return redirectWithFlash(context, back, { kind: 'success', key: 'work.flash.done' })
	} catch (error) {
		if (error instanceof JobRefused)
			return redirectWithFlash(context, back, {
				kind: 'error',
				key: error.reason === 'no-file' ? 'work.error.no-file' : 'work.error.state',
			})
		throw error
	}
}

export default function WorkJob() {
	const { currency, job, offer, canWork, sources, delivered, files, messages, fromCustomer } =
		useLoaderData<typeof loader>()
	const { locale, t } = useAdminI18n()
	const jobWords = useJobWords()
	const pair = `${job.fromName?.[locale] ?? job.fromLanguage} → ${job.toName?.[locale] ?? job.toLanguage}`
	return (
		<article className="space-y-8" data-controller="work-job" data-job-status={job.status}>
			<title>{t('work.jobTitle', { reference: job.reference, kind: t(`jobs.kind.${job.kind}`) })}</title>
			<DetailHeader
				back={{ to: '/work', label: t('work.back') }}
				title={t('work.jobTitle', { reference: job.reference, kind: t(`jobs.kind.${job.kind}`) })}
			/>
			<DetailList
				rows={[
					[
						t('jobs.state'),
						<strong key="s" data-status={job.status}>
							{t(`jobs.status.${job.status}`)}
						</strong>,
					],
					[t('jobs.pair'), pair],
					[
						t('jobs.words'),
						`${jobWords(job, true)}${job.minutes ? ` · ${t('jobs.minutes', { minutes: job.minutes })}` : ''}`,
					],
					[
						t('work.deadline'),
						<span key="d">
							{formatDateTime(new Date(job.deadline), locale)} · <Countdown deadline={job.deadline} />
						</span>,
					],
					[t('work.fee'), formatPrice(job.fee ?? 0, currency, locale)],
				]}
			/>
			{job.reason && (
				<Section id="job-reason" title={t('jobs.reason')}>
					<blockquote className="border-l-4 border-amber-400 pl-3 whitespace-pre-line" data-job-reason>
						{job.reason}
					</blockquote>
				</Section>
			)}
			{job.instructions && (
				<Section id="job-instructions" title={t('jobs.instructions')}>
					<p className="whitespace-pre-line">{job.instructions}</p>
				</Section>
			)}
			{job.status === 'returned' && job.returnNote && (
				<p role="alert" className="rounded-md border border-amber-400 bg-amber-50 p-3" data-return-note>
					<strong>{t('work.returned')}</strong> {job.returnNote}
				</p>
			)}
			{offer ? (
				<Section id="job-offer" title={t('work.offer')}>
					<p>{t('work.answerBy', { when: formatDateTime(new Date(offer.expiresAt), locale) })}</p>
					<FileList files={sources.map((source) => ({ id: source.id, name: source.name }))} />
					{delivered.length > 0 && (
						<>
							<h3 className="font-semibold">{t('jobs.delivered')}</h3>
							<FileList files={delivered.map((file) => ({ id: file.id, name: file.name, size: file.size }))} />
						</>
					)}
					<OfferAnswer jobId={job.id} />
				</Section>
			) : (
				<>
					<Section id="job-sources" title={t('work.sources')}>
						<FileList
							files={sources.map((source) => ({
								id: source.id,
								name: source.name,
								href: canWork ? `/work/jobs/${job.id}/sources/${source.id}` : undefined,
								note:
									source.words === null ? undefined : t('work.words', { words: formatNumber(source.words, locale) }),
							}))}
						/>
					</Section>
					{delivered.length > 0 && (
						<Section id="job-delivered" title={t('jobs.delivered')}>
							<FileList
								files={delivered.map((file) => ({
									id: file.id,
									name: file.name,
									size: file.size,
									href: canWork ? `/work/jobs/${job.id}/delivered/${file.id}` : undefined,
								}))}
							/>
						</Section>
					)}
					<Section id="job-files" title={t('work.translation')}>
						<FileList
							files={files.map((file) => ({
								id: file.id,
								name: file.name,
								size: file.size,
								href: `/work/jobs/${job.id}/files/${file.id}`,
								note: file.superseded ? t('work.superseded') : undefined,
								detail: canWork && !file.superseded ? <RemoveFileForm fileId={file.id} name={file.name} /> : undefined,
							}))}
							empty={t('work.noFiles')}
						/>
						{canWork && <UploadForm action={`/work/jobs/${job.id}/files`} label={t('work.upload')} />}
						{canWork && <DoneForm />}
					</Section>
					<Section id="job-thread" title={t('jobs.thread')}>
						<JobThread messages={messages} canWrite={job.status !== 'cancelled'} />
						{fromCustomer.length > 0 && (
							<>
								<h3 className="mt-3 font-medium">{t('work.fromCustomer')}</h3>
								<FileList
									files={fromCustomer.map((file) => ({
										id: file.id,
										name: file.name,
										size: file.size,
										href: `/work/jobs/${job.id}/messages/${file.id}`,
									}))}
								/>
							</>
						)}
					</Section>
				</>
			)}
		</article>
	)
}

// A file of this round uploaded by mistake, removed before handing in.
async function removeFile(
	context: Route.ActionArgs['context'],
	me: Awaited<ReturnType<typeof requireTranslator>>,
	id: number,
	fileId: string,
	back: string,
) {
	try {
		const removed = await removeOwnJobFile(getServices(context), me, id, fileId)
		if (!removed) throw notFound()
		return redirectWithFlash(context, back, {
			kind: 'success',
			key: 'work.flash.removed',
			vars: { name: removed.name },
		})
	} catch (error) {
		if (error instanceof JobRefused) return redirectWithFlash(context, back, { kind: 'error', key: 'work.error.state' })
		throw error
	}
}

function RemoveFileForm({ fileId, name }: { fileId: string; name: string }) {
	const { t } = useAdminI18n()
	return (
		<Form method="post" className="ml-2 inline">
			<AuthenticityTokenInput />
			<Hidden name="intent" value="remove-file" />
			<Hidden name="fileId" value={fileId} />
			<Button type="submit" variant="secondary" aria-label={t('work.removeFileLabel', { name })}>
				{t('work.removeFile')}
			</Button>
		</Form>
	)
}

function DoneForm() {
	const { t } = useAdminI18n()
	return (
		<Form method="post" className="space-y-2 border-t border-slate-200 pt-3">
			<AuthenticityTokenInput />
			<Hidden name="intent" value="done" />
			<label className="block text-sm font-medium">
				{t('work.doneNote')}
				<textarea name="note" maxLength={2000} rows={2} className={inputClass} />
			</label>
			<Button type="submit">{t('work.markDone')}</Button>
		</Form>
	)
}
