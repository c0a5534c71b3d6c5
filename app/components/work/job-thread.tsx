import { Form } from 'react-router'
import { AuthenticityTokenInput } from '#app/components/ui/authenticity-token.tsx'
import { useAdminI18n } from '#app/components/ui/i18n-provider.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Hidden, inputClass } from '#app/components/ui/input.tsx'
import { formatDateTime } from '#app/utils/format.ts'
import type { AdminMessageKey } from '#app/utils/translate.ts'

export type ThreadMessage = {
	id: number
	author: 'pm' | 'translator' | 'event'
	userName: string
	body: string
	createdAt: string
}

// What happened to a job ("offered", "returned: …") in words; the site stores a kind and a text.
function eventText(body: string, t: (key: AdminMessageKey, vars?: Record<string, string | number>) => string) {
	const [kind, ...rest] = body.split(':')
	const text = rest.join(':')
	const known = [
		'offered',
		'accepted',
		'declined',
		'expired',
		'file',
		'removed',
		'done',
		'returned',
		'approved',
		'cancelled',
	]
	return known.includes(kind!) ? t(`jobs.event.${kind}` as AdminMessageKey, { text }) : body
}

// The job's thread between the PM and the translator, with its events; a message form below.
export function JobThread({ messages, canWrite }: { messages: ThreadMessage[]; canWrite: boolean }) {
	const { locale, t } = useAdminI18n()
	return (
		<div className="space-y-3">
			<ol className="space-y-2" data-job-thread>
				{messages.map((message) => (
					<li
						key={message.id}
						data-author={message.author}
						className={
							message.author === 'event' ? 'text-sm text-slate-700' : 'rounded-md border border-slate-300 bg-white p-3'
						}
					>
						<span className="text-sm text-slate-600">
							{formatDateTime(new Date(message.createdAt), locale)} · {message.userName}
						</span>
						<p className="whitespace-pre-line">
							{message.author === 'event' ? eventText(message.body, t) : message.body}
						</p>
					</li>
				))}
			</ol>
			{canWrite && (
				<Form method="post" className="space-y-2">
					<AuthenticityTokenInput />
					<Hidden name="intent" value="message" />
					<label className="block text-sm font-medium">
						{t('jobs.message')}
						<textarea name="body" required maxLength={5000} rows={3} className={inputClass} />
					</label>
					<Button variant="secondary" type="submit">
						{t('jobs.send')}
					</Button>
				</Form>
			)}
		</div>
	)
}
