import { useId } from 'react'
import { Form } from 'react-router'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { FormAnswer } from '#app/components/ui/form-answer.tsx'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Hidden, inlineInputClass, Input, inputClass } from '#app/components/ui/input.tsx'
import { Section } from '#app/components/admin/section.tsx'
import { formatDateTime, formatFileSize } from '#app/utils/format.ts'

type Message = {
	id: number
	author: 'customer' | 'staff'
	authorName: string
	body: string
	attachments: { id: string; name: string; size: number }[]
	forwardedJobId: number | null
	createdAt: string
}
type Job = { id: number; translator: string | null }

// The order's thread with the customer, as the PM works it: every message with its files, each of
// the customer's forwardable to a job of the order (its translator sees only that), the answer
// form (mailed to the customer), and "handled" for a message answered another way.
export function OrderThread({
	orderId,
	messages,
	jobs,
	waiting,
	answer,
}: {
	orderId: number
	messages: Message[]
	jobs: Job[]
	waiting: boolean
	answer: { ok: boolean; message: string; values?: { body: string } } | null
}) {
	const { locale, t } = useAdminI18n()
	const id = useId()
	return (
		<Section id="thread" title={t('order.thread')}>
			<div data-controller="order-thread" className="space-y-3">
				{messages.length === 0 && <p className="text-sm text-slate-600">{t('order.thread.none')}</p>}
				<ol className="space-y-3">
					{messages.map((message) => (
						<li
							key={message.id}
							data-message={message.author}
							className={`rounded-md border p-3 ${message.author === 'staff' ? 'border-teal-200 bg-teal-50' : 'border-amber-200 bg-amber-50'}`}
						>
							<p className="text-sm text-slate-700">
								<strong>
									{message.author === 'customer'
										? t('order.thread.customer', { name: message.authorName })
										: message.authorName}
								</strong>{' '}
								· {formatDateTime(new Date(message.createdAt), locale)}
							</p>
							<p className="mt-1 break-words whitespace-pre-line">{message.body}</p>
							{message.attachments.length > 0 && (
								<ul className="mt-2 space-y-1 text-sm">
									{message.attachments.map((file) => (
										<li key={file.id}>
											<a
												href={`/admin/orders/${orderId}/messages/${file.id}`}
												className="text-teal-900 underline"
												download
											>
												{file.name}
											</a>{' '}
											<span className="text-slate-600">{formatFileSize(file.size, locale)}</span>
										</li>
									))}
								</ul>
							)}
							{message.author === 'customer' && <Forward message={message} jobs={jobs} />}
						</li>
					))}
				</ol>
				{waiting && (
					<Form method="post">
						<AuthenticityTokenInput />
						<Hidden name="intent" value="customer-handled" />
						<Button variant="secondarySmall" type="submit">
							{t('order.thread.handled')}
						</Button>
					</Form>
				)}
				<FormAnswer answer={answer} />
				<Form method="post" encType="multipart/form-data" className="space-y-2">
					<AuthenticityTokenInput />
					<label htmlFor={`${id}-body`} className="block font-medium">
						{t('order.thread.answer')}
					</label>
					<textarea
						id={`${id}-body`}
						name="body"
						rows={4}
						defaultValue={answer && !answer.ok ? (answer.values?.body ?? '') : ''}
						key={answer?.ok ? 'sent' : 'typed'}
						className={inputClass}
					/>
					<label htmlFor={`${id}-files`} className="block text-sm font-medium">
						{t('order.thread.files')}
					</label>
					<Input id={`${id}-files`} variant="bare" type="file" name="files" multiple className="block max-w-full" />
					<Button type="submit">{t('order.thread.send')}</Button>
				</Form>
			</div>
		</Section>
	)
}

function Forward({ message, jobs }: { message: Message; jobs: Job[] }) {
	const { t } = useAdminI18n()
	if (message.forwardedJobId)
		return (
			<p className="mt-2 text-sm text-slate-700">{t('order.thread.forwardedTo', { id: message.forwardedJobId })}</p>
		)
	if (jobs.length === 0) return null
	return (
		<Form method="post" className="mt-2 flex flex-wrap items-center gap-2 text-sm">
			<AuthenticityTokenInput />
			<Hidden name="intent" value="forward" />
			<Hidden name="messageId" value={message.id} />
			<label htmlFor={`forward-${message.id}`}>{t('order.thread.forwardTo')}</label>
			<select id={`forward-${message.id}`} name="jobId" className={inlineInputClass}>
				{jobs.map((job) => (
					<option key={job.id} value={job.id}>
						{t('order.thread.job', { id: job.id, name: job.translator ?? '–' })}
					</option>
				))}
			</select>
			<Button variant="secondarySmall" type="submit">
				{t('order.thread.forward')}
			</Button>
		</Form>
	)
}
