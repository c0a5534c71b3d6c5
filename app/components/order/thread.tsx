import { useId } from 'react'
import { Form } from 'react-router'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { FormAnswer } from '#app/components/ui/form-answer.tsx'
import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { inputClass, Input } from '#app/components/ui/input.tsx'
import { formatDateTime, formatFileSize, formatNumber } from '#app/utils/format.ts'

export type ThreadView = {
	id: number
	author: 'customer' | 'staff'
	authorName: string
	body: string
	attachments: { id: string; name: string; size: number }[]
	createdAt: string
}
type Answer = { ok: boolean; message: string; values?: { body: string } } | null

const MAX_CHARS = 5000

// The order's thread with the agency as the customer sees it, and the form to write in it (plain
// multipart, so it works without script; the words come back when the agency refuses them).
export function CustomerThread({
	messages,
	answer,
	attachmentHref,
	agency,
}: {
	messages: ThreadView[]
	answer: Answer
	attachmentHref: (id: string) => string
	agency: string
}) {
	const { locale, t } = useI18n()
	const id = useId()
	const typed = answer && !answer.ok ? (answer.values?.body ?? '') : ''
	return (
		<section
			id="thread"
			aria-labelledby={`${id}-title`}
			data-controller="order-thread"
			className="mb-8 max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
		>
			<h2 id={`${id}-title`} className="mb-2 text-xl font-semibold">
				{t('thread.title', { agency })}
			</h2>
			<Text as="p" k="thread.lead" className="mb-4 text-slate-700" />
			{messages.length > 0 && (
				<ol aria-label={t('thread.messages')} className="mb-4 space-y-3" aria-live="polite">
					{messages.map((message) => (
						<li
							key={message.id}
							data-message={message.author}
							className={`rounded-md border p-3 ${message.author === 'staff' ? 'border-teal-200 bg-teal-50' : 'border-slate-200 bg-slate-50'}`}
						>
							<p className="text-sm text-slate-700">
								<strong>
									{message.author === 'staff' ? t('thread.fromAgency', { name: agency }) : message.authorName}
								</strong>
								{' · '}
								<time dateTime={message.createdAt}>{formatDateTime(new Date(message.createdAt), locale)}</time>
							</p>
							<p className="mt-1 break-words whitespace-pre-line">{message.body}</p>
							{message.attachments.length > 0 && (
								<ul aria-label={t('thread.attachments')} className="mt-2 space-y-1 text-sm">
									{message.attachments.map((file) => (
										<li key={file.id} className="break-words">
											<a href={attachmentHref(file.id)} className="text-teal-800 underline" download>
												{file.name}
											</a>{' '}
											<span className="text-slate-600">{formatFileSize(file.size, locale)}</span>
										</li>
									))}
								</ul>
							)}
						</li>
					))}
				</ol>
			)}
			<FormAnswer answer={answer} />
			<Form method="post" encType="multipart/form-data" preventScrollReset>
				<AuthenticityTokenInput />
				<label htmlFor={`${id}-body`} className="mb-1 block font-medium">
					{t('thread.body')}
				</label>
				<textarea
					id={`${id}-body`}
					name="body"
					rows={5}
					defaultValue={typed}
					key={answer?.ok ? 'sent' : typed}
					aria-describedby={`${id}-hint`}
					aria-invalid={answer && !answer.ok ? true : undefined}
					className={inputClass}
				/>
				<p id={`${id}-hint`} className="mt-1 mb-3 text-sm text-slate-600">
					{t('thread.hint', { max: formatNumber(MAX_CHARS, locale) })}
				</p>
				<label htmlFor={`${id}-files`} className="mb-1 block font-medium">
					{t('thread.files')}
				</label>
				<Input id={`${id}-files`} variant="bare" type="file" name="files" multiple className="mb-4 block max-w-full" />
				<Button type="submit">{t('thread.send')}</Button>
			</Form>
		</section>
	)
}
